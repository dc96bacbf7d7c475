// Plain fetchers for payslips: the list of an employment and a payslip's PDF.
import { apiGet, apiGetBlob, employmentApiPath, fileApiPath } from '@portal/shared/api/client';
import type { Payslip } from '@portal/shared/api/types';
import type { DownloadedFile } from '@portal/shared/react/use-file-download';
import { requireOkList } from '../lib/envelope-status';

/** GET /api/users/{userId}/employments/{employmentId}/payslips: newest first. */
export async function fetchPayslips(employmentId: string, signal?: AbortSignal): Promise<Payslip[]> {
  const envelope = await apiGet<Payslip[] | null>(employmentApiPath(employmentId, 'payslips'), { signal });
  return requireOkList(envelope, 'The payslips request');
}

/** GET /api/users/{userId}/file/{payslipId}/employment/{employmentId}: the payslip PDF. */
export function fetchPayslipFile(payslipId: string, employmentId: string, signal?: AbortSignal): Promise<DownloadedFile> {
  return apiGetBlob(fileApiPath(payslipId, employmentId), { signal });
}
