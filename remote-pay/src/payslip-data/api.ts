// Plain fetcher of a payslip's PDF (the payslips list's is @portal/shared/api/pay's, shared with the host).
import { apiGetBlob, fileApiPath } from '@portal/shared/api/client';
import type { EmploymentScope } from '@portal/shared/api/client';
import type { DownloadedFile } from '@portal/shared/react/use-file-download';

/** GET /api/users/{userId}/file/{payslipId}/employment/{employmentId}: the payslip PDF. */
export function fetchPayslipFile(scope: EmploymentScope, payslipId: string, signal?: AbortSignal): Promise<DownloadedFile> {
  return apiGetBlob(fileApiPath(scope, payslipId), { signal });
}
