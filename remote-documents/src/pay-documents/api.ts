// Plain fetchers of the pay information lists (P60, P11D, P45, pension letters).
import { apiGet, apiGetBlob, employmentApiPath, fileApiPath } from '@portal/shared/api/client';
import type { PayDocument } from '@portal/shared/api/types';
import type { DownloadedFile } from '@portal/shared/react/use-file-download';

/** GET .../employments/{employmentId}/documents: every pay document of the employment, newest first. */
export async function fetchPayDocuments(employmentId: string, signal?: AbortSignal): Promise<PayDocument[]> {
  const envelope = await apiGet<PayDocument[]>(employmentApiPath(employmentId, 'documents'), { signal });
  // The spec's answer is "status 200 and a list"; anything else is a failed load.
  if (envelope.status !== 200 || !Array.isArray(envelope.data)) {
    throw new Error(envelope.error ?? `The documents list came back with status ${envelope.status}.`);
  }
  return envelope.data;
}

/** GET /api/users/{userId}/file/{fileId}/employment/{employmentId}: the document's PDF. */
export function fetchPayDocumentFile(fileId: string, employmentId: string, signal?: AbortSignal): Promise<DownloadedFile> {
  return apiGetBlob(fileApiPath(fileId, employmentId), { signal });
}
