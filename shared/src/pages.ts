// The pages a remote serves, as it declares them (its src/pages.ts) and publishes them beside its
// remoteEntry.js (pages.json). The runtime config carries each remote's list, and the host composes its
// routes and menu from them: a remote ships a new page without a host release (docs/architecture.md
// "Pages and routes"). Since contract 1.3.0; roles since 1.4.0.
import type { DocumentTypeFlags } from '@portal/shared/api/types';

/** The routing states a remote page can serve (spec section 2); signed out, only the host's own pages show. */
export type PageState = 'signedIn' | 'signUpIncomplete';

export const PAGE_STATES: readonly PageState[] = ['signedIn', 'signUpIncomplete'];

/** The first-screen queries a page may name, which the host starts at boot (@portal/shared/react/first-screen-queries). */
export type FirstScreenQueryName = 'payslips' | 'updates';

export const FIRST_SCREEN_QUERY_NAMES: readonly FirstScreenQueryName[] = ['payslips', 'updates'];

/**
 * A role of the sign-in client's user info (`roles`, FusionAuth's userinfo claim) that a page may be
 * kept for: the host serves such a page (and shows its menu item) only to an account holding it.
 * Since contract 1.4.0.
 */
export type PageRole = 'employer-admin';

export const PAGE_ROLES: readonly PageRole[] = ['employer-admin'];

/** The page roles an account holds, from its user info's `roles` (anything but a list: none). */
export const heldPageRoles = (roles: unknown): PageRole[] => (Array.isArray(roles) ? PAGE_ROLES.filter((role) => roles.includes(role)) : []);

/** An item of the shell's main menu that leads to a page. */
export type PageMenuItem = {
  readonly label: string;
  /** The label in Welsh (Cymraeg), shown on a Welsh page; none: the English. Since 1.7.0. */
  readonly labelCy?: string;
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
  /** Only for accounts holding this role (page and menu item); none: every signed-in user. Since 1.4.0. */
  readonly role?: PageRole;
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
  const { expose, paths, menu, menuPath, firstScreen, role } = page;
  if (typeof expose !== 'string' || !EXPOSE.test(expose)) return `expose ${JSON.stringify(expose)} is not './Name'`;
  if (!isRecord(paths) || Object.keys(paths).length === 0) return `${expose}: paths names no routing state`;
  for (const [state, list] of Object.entries(paths)) {
    if (!isOneOf(state, PAGE_STATES)) return `${expose}: unknown routing state ${JSON.stringify(state)}`;
    if (!isStringList(list, PATH)) return `${expose}: paths.${state} is not a list of paths`;
  }
  if (menu !== undefined) {
    if (!isRecord(menu) || typeof menu.label !== 'string' || typeof menu.order !== 'number') return `${expose}: menu needs a label and an order`;
    if (menu.labelCy !== undefined && typeof menu.labelCy !== 'string') return `${expose}: the menu's Welsh label is not text`;
    if (menu.flag !== undefined && !isOneOf(menu.flag, FLAGS)) return `${expose}: unknown menu flag ${JSON.stringify(menu.flag)}`;
    if (!isRecord(paths) || !Array.isArray(paths.signedIn) || !paths.signedIn.some((path) => path !== '*'))
      return `${expose}: a menu item needs a signed-in path`;
  }
  if (menuPath !== undefined && (typeof menuPath !== 'string' || !PATH.test(menuPath))) return `${expose}: menuPath is not a path`;
  if (firstScreen !== undefined && !(Array.isArray(firstScreen) && firstScreen.every((name) => isOneOf(name, FIRST_SCREEN_QUERY_NAMES)))) {
    return `${expose}: firstScreen names an unknown query`;
  }
  if (role !== undefined && !isOneOf(role, PAGE_ROLES)) return `${expose}: unknown role ${JSON.stringify(role)}`;
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
