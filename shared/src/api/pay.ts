// The employment's payslips and recent updates: one fetcher each, used by remote-pay's pages and by
// the host, which starts Home's data at boot (@portal/shared/react/pay-queries). Since contract 1.2.0.
import { apiGet, employmentApiPath } from '@portal/shared/api/client';
import type { EmploymentScope } from '@portal/shared/api/client';
import type { Payslip, RecentUpdate } from '@portal/shared/api/types';

/** GET /api/users/{userId}/employments/{employmentId}/payslips: newest first (no list counts as none). */
export async function fetchPayslips(scope: EmploymentScope, signal?: AbortSignal): Promise<Payslip[]> {
  const { data } = await apiGet<Payslip[] | null>(employmentApiPath(scope, 'payslips'), { signal });
  return Array.isArray(data) ? data : [];
}

/** GET /api/users/{userId}/employments/{employmentId}/updates: newest first (no list counts as none). */
export async function fetchRecentUpdates(scope: EmploymentScope, signal?: AbortSignal): Promise<RecentUpdate[]> {
  const { data } = await apiGet<RecentUpdate[] | null>(employmentApiPath(scope, 'updates'), { signal });
  return Array.isArray(data) ? data : [];
}
