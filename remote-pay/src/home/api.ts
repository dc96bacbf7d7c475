// Plain fetchers of the Home screen (the latest payslip comes from ../payslip-data).
import { apiGet, employmentApiPath } from '@portal/shared/api/client';
import type { EmploymentScope } from '@portal/shared/api/client';
import type { RecentUpdate } from '@portal/shared/api/types';

/** GET /api/users/{userId}/employments/{employmentId}/updates: newest first (no list counts as none). */
export async function fetchRecentUpdates(scope: EmploymentScope, signal?: AbortSignal): Promise<RecentUpdate[]> {
  const { data } = await apiGet<RecentUpdate[] | null>(employmentApiPath(scope, 'updates'), { signal });
  return Array.isArray(data) ? data : [];
}
