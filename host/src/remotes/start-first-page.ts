// What a signed-in visit's first page needs, started at boot (issue 17): the remote page the router
// will show first and the data its first screen asks for. Home's Recent Updates are its LCP element;
// asked for by the page, they waited for remote-pay's chunk and the shell's first render. The
// queries are the page's own (@portal/shared/react/pay-queries), so the page takes these requests.
import type { EmploymentScope } from '@portal/shared/api/client';
import { getSession } from '@portal/shared/contract';
import { homeQueries } from '@portal/shared/react/pay-queries';
import { prefetchEmploymentQueries, type PortalQuery } from '@portal/shared/react/portal-query';
import { useSignUpStore } from '@portal/shared/stores/sign-up';
import { routesFor } from '../app/routes';
import { preloadFirstRemotePage } from './preload-first-page';

/** By remote page id: the employment queries its first screen runs. */
const FIRST_SCREEN_QUERIES: Partial<Record<string, readonly PortalQuery<EmploymentScope, unknown>[]>> = {
  'remote_pay/HomePage': homeQueries,
};

/**
 * Starts the first page of a signed-in visit at `pathname` and its first screen's data (for the stored
 * user and employment; none chosen, none asked). The route table is the one the router will show: the
 * sign-up store is kept on the device, so a user who must still choose an employment starts the
 * account picker's page, not Home's.
 */
export function startFirstPage(pathname: string): void {
  const routes = routesFor(useSignUpStore.getState().isSignedUp ? 'signedIn' : 'signUpIncomplete');
  const pageId = preloadFirstRemotePage(routes, pathname);
  const queries = pageId === null ? undefined : FIRST_SCREEN_QUERIES[pageId];
  if (queries) prefetchEmploymentQueries(queries, getSession());
}
