// What a signed-in visit's first page needs, started at boot: the remote page the router will show
// first (here) and the data its first screen asks for (first-screen-data.ts). Home's Recent Updates are
// its LCP element; asked for by the page, they waited for remote-pay's chunk and the shell's first
// render. Two modules, so boot evaluates the API client (axios) in a task of its own.
import { useSignUpStore } from '@portal/shared/stores/sign-up';
import { routesFor, type RouteHandle } from '../app/routes';
import { startHostPages } from '../app/HostPage';
import { firstRouteHandle, preloadFirstPage } from './preload-first-page';

/**
 * Starts the first page of a signed-in visit at `pathname` and returns what it shows. The route table is
 * the one the router will show: the sign-up store is kept on the device, so a user who must still choose
 * an employment starts the account picker's page, not Home's.
 */
export function startFirstPage(pathname: string): RouteHandle {
  const routes = routesFor(useSignUpStore.getState().isSignedUp ? 'signedIn' : 'signUpIncomplete');
  return preloadFirstPage(routes, pathname);
}

/**
 * A signed-out visit that loads the app (an invite token, a sign-in return, offline): the landing page's
 * chunk starts now, beside the sign-in client's first answer, when the signed-out table shows it at `pathname`.
 */
export async function startSignedOutFirstPage(pathname: string): Promise<void> {
  // The landing page boot.js drew (index.html) stays on screen until the app can draw it: the first
  // render waits for the page's chunk, or the app's first commit would blank it for a round trip. A
  // failed load is the page's to show (HostPage: the "section unavailable" panel).
  if (firstRouteHandle(routesFor('signedOut'), pathname).hostPage) await startHostPages().loading.catch(() => undefined);
}
