// The remote page the first screen shows starts loading as soon as the remotes are registered (issue
// 17, point 3): its remoteEntry.js and then its chunks come while the sign-in client fetches the
// user, instead of after the routing state, the shell and the authorised user are known. It is the
// page's own load, started early (not `preloadRemote`, which needs the manifests the runtime no
// longer reads: docs/architecture.md "Federation").
import { isValidElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from '@portal/shared/router';
import { RemotePage, startRemotePageLoad } from './RemotePage';

/** 'remote_pay/HomePage' when the deepest route matching `pathname` mounts that remote page. */
export function firstRemotePageId(routes: RouteObject[], pathname: string): string | null {
  const element: ReactNode = matchRoutes(routes, pathname)?.at(-1)?.route.element;
  return isValidElement<{ id: string }>(element) && element.type === RemotePage ? element.props.id : null;
}

/** Starts loading that page; a failure is left to the page itself (its error panel). */
export function preloadFirstRemotePage(routes: RouteObject[], pathname: string): void {
  const id = firstRemotePageId(routes, pathname);
  if (id) startRemotePageLoad(id);
}
