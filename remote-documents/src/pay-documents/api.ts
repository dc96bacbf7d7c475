// Plain fetchers of the pay information lists (P60, P11D, P45, pension letters).
import { apiGet, apiGetBlob, employmentApiPath, fileApiPath } from '@portal/shared/api/client';
import type { EmploymentScope } from '@portal/shared/api/client';
import type { PayDocument } from '@portal/shared/api/types';
import type { DownloadedFile } from '@portal/shared/react/use-file-download';

/** GET .../employments/{employmentId}/documents: every pay document of the employment, newest first. */
export async function fetchPayDocuments(scope: EmploymentScope, signal?: AbortSignal): Promise<PayDocument[]> {
  const envelope = await apiGet<PayDocument[]>(employmentApiPath(scope, 'documents'), { signal });
  // The spec's answer is "status 200 and a list" (the client checks the status); no list is a failed load.
  if (!Array.isArray(envelope.data)) throw new Error(envelope.error ?? 'The documents list came back without a list.');
  return envelope.data;
}

/** GET /api/users/{userId}/file/{fileId}/employment/{employmentId}: the document's PDF. */
export function fetchPayDocumentFile(scope: EmploymentScope, fileId: string, signal?: AbortSignal): Promise<DownloadedFile> {
  return apiGetBlob(fileApiPath(scope, fileId), { signal });
}
