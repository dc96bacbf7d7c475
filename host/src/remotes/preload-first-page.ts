// The remote page the first screen shows starts loading as soon as the remotes are registered (issue
// 17, point 3): its remoteEntry.js and then its chunks come while the sign-in client fetches the
// user, instead of after the routing state, the shell and the authorised user are known. It is the
// page's own load, started early (not `preloadRemote`, which needs the manifests the runtime no
// longer reads: docs/architecture.md "Federation").
import { isValidElement, type ReactNode } from 'react';
import { REMOTES } from '@portal/shared/remotes';
import { matchRoutes, type RouteObject } from '@portal/shared/router';
import { HostPage, startHostPages } from '../app/HostPage';
import { RemotePage, startRemotePageLoad } from './RemotePage';

/** The page of the deepest route matching `pathname`. */
const firstElement = (routes: RouteObject[], pathname: string): ReactNode => matchRoutes(routes, pathname)?.at(-1)?.route.element;

/** 'remote_pay/HomePage' when the deepest route matching `pathname` mounts that remote page. */
export function firstRemotePageId(routes: RouteObject[], pathname: string): string | null {
  return remotePageId(firstElement(routes, pathname));
}

/** 'remote_pay/HomePage' when `element` mounts that remote page. */
function remotePageId(element: ReactNode): string | null {
  return isValidElement<{ id: string }>(element) && element.type === RemotePage ? element.props.id : null;
}

/**
 * Starts loading that page and returns its id; a failure is left to the page itself (its error panel).
 * A first page of the host's own from the host-pages chunk (HostPage.tsx) starts that chunk instead.
 */
export function preloadFirstRemotePage(routes: RouteObject[], pathname: string): string | null {
  const element = firstElement(routes, pathname);
  if (isHostPage(element)) startHostPages();
  const id = remotePageId(element);
  if (id) startRemotePageLoad(id);
  return id;
}

/** Whether the deepest route matching `pathname` shows a page from the host-pages chunk. */
export function showsHostPage(routes: RouteObject[], pathname: string): boolean {
  return isHostPage(firstElement(routes, pathname));
}

function isHostPage(element: ReactNode): boolean {
  return isValidElement(element) && element.type === HostPage;
}

/**
 * Every route path of `routes` whose page is a remote's, with that remote's key in the runtime config:
 * ['/=pay', '/payslips/:id=pay', …]. The build lists the signed-in ones on the page's boot script, which
 * preloads the first route's remote entry as soon as config.json arrives (tools/rspack/static-landing.mjs).
 */
export function remoteRoutePairs(routes: RouteObject[], parentPath = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? parentPath : route.path.startsWith('/') ? route.path : `${parentPath.replace(/\/$/, '')}/${route.path}`;
    const id = remotePageId(route.element);
    const remote = id ? REMOTES.find(({ federationName }) => federationName === id.split('/')[0]) : undefined;
    const own = route.path !== undefined && remote ? [`${path}=${remote.key}`] : [];
    return [...own, ...remoteRoutePairs(route.children ?? [], path)];
  });
}
