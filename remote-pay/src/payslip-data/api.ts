// Plain fetchers for payslips: the list of an employment and a payslip's PDF.
import { apiGet, apiGetBlob, employmentApiPath, fileApiPath } from '@portal/shared/api/client';
import type { EmploymentScope } from '@portal/shared/api/client';
import type { Payslip } from '@portal/shared/api/types';
import type { DownloadedFile } from '@portal/shared/react/use-file-download';

/** GET /api/users/{userId}/employments/{employmentId}/payslips: newest first (no list counts as none). */
export async function fetchPayslips(scope: EmploymentScope, signal?: AbortSignal): Promise<Payslip[]> {
  const { data } = await apiGet<Payslip[] | null>(employmentApiPath(scope, 'payslips'), { signal });
  return Array.isArray(data) ? data : [];
}

/** GET /api/users/{userId}/file/{payslipId}/employment/{employmentId}: the payslip PDF. */
export function fetchPayslipFile(scope: EmploymentScope, payslipId: string, signal?: AbortSignal): Promise<DownloadedFile> {
  return apiGetBlob(fileApiPath(scope, payslipId), { signal });
}
