// The recent updates of the chosen employment: shown only when the answer has status 200 and a
// non-empty list. Cancelled on user or employment change and on unmount; cancellations are dropped.
import type { RecentUpdate } from '@portal/shared/api/types';
import { useEmploymentQuery } from '@portal/shared/react/portal-query';
import { recentUpdatesQuery } from '@portal/shared/react/pay-queries';

const NO_UPDATES: readonly RecentUpdate[] = Object.freeze([]);

export function useRecentUpdates(): { updates: readonly RecentUpdate[]; error: unknown; retry: () => void } {
  const { data, error, refetch } = useEmploymentQuery(recentUpdatesQuery);
  return { updates: data ?? NO_UPDATES, error, retry: () => void refetch() };
}
