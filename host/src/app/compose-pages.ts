// The remotes' pages, composed from the page lists the runtime config carries (docs/architecture.md
// "Pages and routes"): which remote page serves each path in each routing state, and the main menu's
// items. The host names no remote page of its own; a remote ships a page by publishing it in its list.
import type { DocumentTypeFlags } from '@portal/shared/api/types';
import { currentLanguage } from '@portal/shared/i18n';
import { PAGE_STATES, parsePageList, type FirstScreenQueryName, type PageRole, type PageState, type RemotePageList } from '@portal/shared/pages';
import { REMOTES, type RemoteApp } from '@portal/shared/remotes';
import type { RuntimeConfig } from '@portal/shared/runtime-config';

/** One path of a remote page: the page ('remote_pay/HomePage'), or null when two pages claim the path. */
export type RemoteRoute = {
  readonly path: string;
  readonly pageId: string | null;
  readonly firstScreen: readonly FirstScreenQueryName[];
};

export type MenuItem = {
  readonly label: string;
  readonly to: string;
  readonly order: number;
  readonly flag?: keyof DocumentTypeFlags;
  /** The role its page is kept for, if any. */
  readonly role?: PageRole;
};

export type ComposedPages = {
  readonly routes: Readonly<Record<PageState, readonly RemoteRoute[]>>;
  /** The main menu's items of every remote, in menu order. */
  readonly menu: readonly MenuItem[];
  /** Paths whose page has no menu item of its own, to the item that is current there (lowercase). */
  readonly menuPathOf: ReadonlyMap<string, string>;
  /** Whether a remote's page list is missing or wrong: a path no route takes may be one of its pages. */
  readonly someListMissing: boolean;
};

/** A remote's checked page list, or null (logged) when the config has none or a wrong one. */
function pageListOf(remote: RemoteApp, config: RuntimeConfig): RemotePageList | null {
  const published = config.pages[remote.key];
  if (published === undefined) {
    console.error(`The runtime config has no page list of ${remote.package}: its pages are unavailable.`);
    return null;
  }
  try {
    return parsePageList(published, remote.package);
  } catch (error) {
    console.error(error);
    return null;
  }
}

/**
 * Composes the page lists of `remotes` from `config`, for a user holding `roles`: a page kept for
 * another role is left out, so its paths are unknown paths and its menu item does not show.
 */
export function composePages(config: RuntimeConfig, remotes: readonly RemoteApp[] = REMOTES, roles: readonly PageRole[] = []): ComposedPages {
  // By state, by lowercased path (the router ignores case): the route, and who claims it.
  const byPath = Object.fromEntries(PAGE_STATES.map((state) => [state, new Map<string, RemoteRoute & { claimedBy: string }>()])) as Record<
    PageState,
    Map<string, RemoteRoute & { claimedBy: string }>
  >;
  const menu: MenuItem[] = [];
  const welsh = currentLanguage() === 'cy';
  const menuPathOf = new Map<string, string>();
  let someListMissing = false;

  for (const remote of remotes) {
    const pages = pageListOf(remote, config);
    if (!pages) {
      someListMissing = true;
      continue;
    }
    for (const page of pages) {
      if (page.role && !roles.includes(page.role)) continue;
      const pageId = `${remote.federationName}/${page.expose.slice(2)}`;
      for (const state of PAGE_STATES) {
        for (const path of page.paths[state] ?? []) {
          const routes = byPath[state];
          const claimed = routes.get(path.toLowerCase());
          if (claimed && claimed.claimedBy !== pageId) {
            console.error(`${path} is claimed by ${claimed.claimedBy} and ${pageId}: it shows as unavailable.`);
            routes.set(path.toLowerCase(), { ...claimed, pageId: null });
          } else if (!claimed) {
            routes.set(path.toLowerCase(), { path, pageId, firstScreen: page.firstScreen ?? [], claimedBy: pageId });
          }
        }
      }
      const signedInPaths = page.paths.signedIn ?? [];
      if (page.menu) {
        const label = (welsh && page.menu.labelCy) || page.menu.label;
        menu.push({ ...page.menu, label, to: signedInPaths.find((path) => path !== '*') ?? '/', role: page.role });
      }
      if (page.menuPath) for (const path of signedInPaths) menuPathOf.set(path.toLowerCase(), page.menuPath);
    }
  }

  const routesOf = (state: PageState) => [...byPath[state].values()].map(({ path, pageId, firstScreen }) => ({ path, pageId, firstScreen }));
  return {
    routes: { signedIn: routesOf('signedIn'), signUpIncomplete: routesOf('signUpIncomplete') },
    menu: menu.sort((a, b) => a.order - b.order),
    menuPathOf,
    someListMissing,
  };
}

const composed = new Map<string, { config: RuntimeConfig; pages: ComposedPages }>();

/** The pages of the loaded runtime config for a user holding `roles`, composed once per config. */
export function portalPages(config: RuntimeConfig, roles: readonly PageRole[] = []): ComposedPages {
  const key = roles.join();
  let entry = composed.get(key);
  if (entry?.config !== config) composed.set(key, (entry = { config, pages: composePages(config, REMOTES, roles) }));
  return entry.pages;
}
