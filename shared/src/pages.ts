// The pages a remote serves, as it declares them (its src/pages.ts) and publishes them beside its
// remoteEntry.js (pages.json). The runtime config carries each remote's list, and the host composes its
// routes and menu from them: a remote ships a new page without a host release (docs/architecture.md
// "Pages and routes"). Since contract 1.3.0; audiences since 1.4.0.
import type { DocumentTypeFlags } from '@portal/shared/api/types';

/** The routing states a remote page can serve (spec section 2); signed out, only the host's own pages show. */
export type PageState = 'signedIn' | 'signUpIncomplete';

export const PAGE_STATES: readonly PageState[] = ['signedIn', 'signUpIncomplete'];

/** The first-screen queries a page may name, which the host starts at boot (@portal/shared/react/first-screen-queries). */
export type FirstScreenQueryName = 'payslips' | 'updates';

export const FIRST_SCREEN_QUERY_NAMES: readonly FirstScreenQueryName[] = ['payslips', 'updates'];

/**
 * Who a page is for when not every signed-in user: the host serves it (and shows its menu item) only to
 * an account whose user info has the audience's role. Since contract 1.4.0.
 */
export type PageAudience = 'employerAdmin';

/** The role of the sign-in client's user info (`roles`, FusionAuth's userinfo claim) each audience needs. */
export const AUDIENCE_ROLES: Readonly<Record<PageAudience, string>> = { employerAdmin: 'employer-admin' };

const AUDIENCES = Object.keys(AUDIENCE_ROLES) as PageAudience[];

/** The audiences an account with these roles belongs to (anything but a list of strings: none). */
export function audiencesOf(roles: unknown): ReadonlySet<PageAudience> {
  const held = Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
  return new Set(AUDIENCES.filter((audience) => held.includes(AUDIENCE_ROLES[audience])));
}

/** An item of the shell's main menu that leads to a page. */
export type PageMenuItem = {
  readonly label: string;
  /** Place in the menu: items of every remote are shown by this number, lowest first. */
  readonly order: number;
  /** The document-type flag of the chosen employment that shows the item; none: always shown. */
  readonly flag?: keyof DocumentTypeFlags;
};

export type RemotePageDeclaration = {
  /** The module the remote exposes, './HomePage' ('remote_pay/HomePage' to the host). */
  readonly expose: string;
  /** The paths it serves in each routing state; '*' is any path no other route takes. */
  readonly paths: Partial<Record<PageState, readonly string[]>>;
  /** Its item in the main menu, leading to its first signed-in path. */
  readonly menu?: PageMenuItem;
  /** The menu item that is current while this page shows, when it has none of its own ('/settings'). */
  readonly menuPath?: string;
  /** The data its first screen asks for, which the host may start before the page loads. */
  readonly firstScreen?: readonly FirstScreenQueryName[];
  /** Only for this audience (page and menu item); none: every signed-in user. Since 1.4.0. */
  readonly audience?: PageAudience;
};

export type RemotePageList = readonly RemotePageDeclaration[];

/** Types a remote's page list (its src/pages.ts). */
export function definePages(pages: RemotePageList): RemotePageList {
  return pages;
}

/** The file a remote build publishes its page list in, beside its remoteEntry.js. */
export const PAGE_LIST_FILE = 'pages.json';

const FLAGS: readonly (keyof DocumentTypeFlags)[] = ['Payslip', 'P60', 'P11d', 'P45', 'PensionLetter', 'Documents'];
const EXPOSE = /^\.\/[A-Za-z]\w*$/;
const PATH = /^(\*|\/[\w\-/:.]*)$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringList = (value: unknown, pattern: RegExp): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string' && pattern.test(item));
const isOneOf = <T>(value: unknown, allowed: readonly T[]): value is T => allowed.includes(value as T);

/** What is wrong with one declared page, or null. */
function pageProblem(page: unknown): string | null {
  if (!isRecord(page)) return 'a page is not an object';
  const { expose, paths, menu, menuPath, firstScreen, audience } = page;
  if (typeof expose !== 'string' || !EXPOSE.test(expose)) return `expose ${JSON.stringify(expose)} is not './Name'`;
  if (!isRecord(paths) || Object.keys(paths).length === 0) return `${expose}: paths names no routing state`;
  for (const [state, list] of Object.entries(paths)) {
    if (!isOneOf(state, PAGE_STATES)) return `${expose}: unknown routing state ${JSON.stringify(state)}`;
    if (!isStringList(list, PATH)) return `${expose}: paths.${state} is not a list of paths`;
  }
  if (menu !== undefined) {
    if (!isRecord(menu) || typeof menu.label !== 'string' || typeof menu.order !== 'number') return `${expose}: menu needs a label and an order`;
    if (menu.flag !== undefined && !isOneOf(menu.flag, FLAGS)) return `${expose}: unknown menu flag ${JSON.stringify(menu.flag)}`;
    if (!isRecord(paths) || !Array.isArray(paths.signedIn) || !paths.signedIn.some((path) => path !== '*'))
      return `${expose}: a menu item needs a signed-in path`;
  }
  if (menuPath !== undefined && (typeof menuPath !== 'string' || !PATH.test(menuPath))) return `${expose}: menuPath is not a path`;
  if (firstScreen !== undefined && !(Array.isArray(firstScreen) && firstScreen.every((name) => isOneOf(name, FIRST_SCREEN_QUERY_NAMES)))) {
    return `${expose}: firstScreen names an unknown query`;
  }
  if (audience !== undefined && !isOneOf(audience, AUDIENCES)) return `${expose}: unknown audience ${JSON.stringify(audience)}`;
  return null;
}

/**
 * Checks a page list that came over the wire (a remote's pages.json, inside the runtime config) and
 * returns it; throws an Error saying what is wrong, so the host can treat that remote's pages as unavailable.
 */
export function parsePageList(value: unknown, source: string): RemotePageList {
  if (!Array.isArray(value)) throw new Error(`Invalid page list of ${source}: expected a list of pages.`);
  for (const page of value) {
    const problem = pageProblem(page);
    if (problem) throw new Error(`Invalid page list of ${source}: ${problem}.`);
  }
  return value as RemotePageList;
}
