// The data a signed-in visit's first screen asks for, started at boot beside the page's remote
// (start-first-page.ts). The queries are the page's own (@portal/shared/react/pay-queries), so the
// page takes these requests instead of asking again.
import type { EmploymentScope } from '@portal/shared/api/client';
import { getSession } from '@portal/shared/contract';
import { homeQueries } from '@portal/shared/react/pay-queries';
import { prefetchEmploymentQueries, type PortalQuery } from '@portal/shared/react/portal-query';

/** By remote page id: the employment queries its first screen runs. */
const FIRST_SCREEN_QUERIES: Partial<Record<string, readonly PortalQuery<EmploymentScope, unknown>[]>> = {
  'remote_pay/HomePage': homeQueries,
};

/** Starts the first screen's data of the page `pageId` for the stored user and employment (none chosen, none asked). */
export function startFirstScreenData(pageId: string | null): void {
  const queries = pageId === null ? undefined : FIRST_SCREEN_QUERIES[pageId];
  if (queries) prefetchEmploymentQueries(queries, getSession());
}
