// The route table of each routing state (spec section 2): the host's own pages, and the remotes'
// pages composed from the page lists of the runtime config (compose-pages.ts). Kept as plain data so
// tests can mount exactly what the browser mounts, in a memory router.
import type { RouteObject } from '@portal/shared/router';
import { paths } from '@portal/shared/paths';
import { heldPageRoles, type FirstScreenQueryName, type PageRole, type PageState } from '@portal/shared/pages';
import { getRuntimeConfig } from '@portal/shared/runtime-config';
import { useSessionStore } from '@portal/shared/stores/session';
import { remotePage } from '../remotes/RemotePage';
import { PagesUnavailable } from '../remotes/PagesUnavailable';
import { ErrorPage } from '../pages/ErrorPage';
import { LoginTriggerPage } from '../pages/LoginTriggerPage';
import { RedirectHome } from '../pages/RedirectHome';
import type { RoutingState } from '../session/routing-state';
import { SignedInFrame } from './SignedInFrame';
import { hostPage } from './HostPage';
import { portalPages, type ComposedPages } from './compose-pages';

/** What a route shows, for what starts before it renders (preload-first-page.ts). */
export type RouteHandle = { readonly pageId?: string; readonly firstScreen?: readonly FirstScreenQueryName[]; readonly hostPage?: true };

const hostRoute = (path: string, page: Parameters<typeof hostPage>[0]): RouteObject => ({ path, element: hostPage(page), handle: { hostPage: true } });

/** Help, the accessibility statement and privacy: at their own addresses in every state. */
const supportRoutes: RouteObject[] = [
  hostRoute(paths.support.path, 'SupportPage'),
  hostRoute(paths.faqs.path, 'FaqsPage'),
  hostRoute(paths.contactDetails.path, 'ContactDetailsPage'),
  hostRoute(paths.accessibility.path, 'AccessibilityStatementPage'),
  hostRoute(paths.privacy.path, 'PrivacyPage'),
];

const signedOutRoutes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      hostRoute(paths.landing.path, 'LandingPage'),
      hostRoute(paths.homeAlias.path, 'LandingPage'),
      { path: paths.login.path, element: <LoginTriggerPage action="login" /> },
      { path: paths.signUp.path, element: <LoginTriggerPage action="register" /> },
      { element: hostPage('SignedOutFrame'), children: supportRoutes },
      { path: '*', element: <RedirectHome /> },
    ],
  },
];

/**
 * The remotes' routes of one state. A path no route takes redirects home, keeping the token parameter,
 * unless a remote serves any path ('*': the account picker before sign-up is complete) or a remote's
 * page list is missing, when the path may be one of its pages: the unavailable panel, not a redirect.
 */
function remoteRoutes(pages: ComposedPages, state: PageState): RouteObject[] {
  const routes = pages.routes[state];
  const own = routes.map(({ path, pageId, firstScreen }): RouteObject => {
    const handle: RouteHandle = pageId ? { pageId, firstScreen } : {};
    return { path, element: pageId ? remotePage(pageId) : <PagesUnavailable />, handle };
  });
  if (routes.some(({ path }) => path === '*')) return own;
  return [...own, { path: '*', element: pages.someListMissing ? <PagesUnavailable /> : <RedirectHome /> }];
}

function signUpIncompleteRoutes(pages: ComposedPages): RouteObject[] {
  return [
    {
      element: <SignedInFrame frame="SignUpFrame" />,
      errorElement: <ErrorPage />,
      children: [...supportRoutes, ...remoteRoutes(pages, 'signUpIncomplete')],
    },
  ];
}

function signedInRoutes(pages: ComposedPages): RouteObject[] {
  return [
    {
      element: <SignedInFrame frame="ShellFrame" />,
      errorElement: <ErrorPage />,
      children: [...supportRoutes, ...remoteRoutes(pages, 'signedIn')],
    },
  ];
}

/** The page roles the session's user info holds. */
export const sessionPageRoles = (): PageRole[] => heldPageRoles(useSessionStore.getState().userInfo?.roles);

/**
 * The route table of `state`, with the remotes' pages of the loaded runtime config that are for
 * every user or kept for one of `roles` (default: the session's).
 */
export function routesFor(state: Exclude<RoutingState, 'fetching'>, roles: readonly PageRole[] = sessionPageRoles()): RouteObject[] {
  if (state === 'signedOut') return signedOutRoutes;
  const composed = portalPages(getRuntimeConfig(), roles);
  return state === 'signUpIncomplete' ? signUpIncompleteRoutes(composed) : signedInRoutes(composed);
}
