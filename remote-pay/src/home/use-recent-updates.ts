// The recent updates of the selected employment: stored only when the answer has status 200 and a
// non-empty list. Aborted on user or employment change and on unmount; cancellations are dropped.
import type { RecentUpdate } from '@portal/shared/api/types';
import { useApiRequest } from '@portal/shared/react/use-api-request';
import { useEmploymentId, useUserId } from '@portal/shared/contract';
import { fetchRecentUpdates } from './api';

const NO_UPDATES: readonly RecentUpdate[] = Object.freeze([]);

function logFailure(error: unknown) {
  console.error('Loading the recent updates failed.', error);
}

export function useRecentUpdates(): { updates: readonly RecentUpdate[]; error: unknown } {
  const userId = useUserId();
  const employmentId = useEmploymentId();
  const { data, error } = useApiRequest((signal) => fetchRecentUpdates(employmentId ?? '', signal), [userId, employmentId], {
    enabled: Boolean(employmentId),
    onError: logFailure,
  });
  return { updates: data ?? NO_UPDATES, error };
}
