// Plain fetchers of the Home screen (the latest payslip comes from ../payslip-data).
import { apiGet, employmentApiPath } from '@portal/shared/api/client';
import type { RecentUpdate } from '@portal/shared/api/types';
import { requireOkList } from '../lib/envelope-status';

/** GET /api/users/{userId}/employments/{employmentId}/updates: newest first. */
export async function fetchRecentUpdates(employmentId: string, signal?: AbortSignal): Promise<RecentUpdate[]> {
  const envelope = await apiGet<RecentUpdate[] | null>(employmentApiPath(employmentId, 'updates'), { signal });
  return requireOkList(envelope, 'The updates request');
}
