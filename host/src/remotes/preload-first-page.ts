// The remote page the first screen shows starts loading as soon as the remotes are registered: its
// remoteEntry.js and then its chunks come while the sign-in client fetches the user, instead of after
// the routing state, the shell and the authorised user are known. It is the page's own load, started
// early (not `preloadRemote`, which needs the manifests the runtime does not read: docs/architecture.md
// "Federation"). Each route says what it shows in its handle (routes.tsx).
import { matchRoutes, type RouteObject } from '@portal/shared/router';
import { startHostPages } from '../app/HostPage';
import type { RouteHandle } from '../app/routes';
import { startRemotePageLoad } from './RemotePage';

/** What the deepest route matching `pathname` shows. */
export function firstRouteHandle(routes: RouteObject[], pathname: string): RouteHandle {
  return (matchRoutes(routes, pathname)?.at(-1)?.route.handle as RouteHandle | undefined) ?? {};
}

/**
 * Starts loading the first page at `pathname` and returns what it shows; a failure is left to the page
 * itself (its error panel). A first page of the host's own starts the host-pages chunk (HostPage.tsx).
 */
export function preloadFirstPage(routes: RouteObject[], pathname: string): RouteHandle {
  const handle = firstRouteHandle(routes, pathname);
  if (handle.hostPage) startHostPages();
  if (handle.pageId) startRemotePageLoad(handle.pageId);
  return handle;
}
