// Plain fetchers of the documents screen (intranet documents shared by the employer).
import { apiGet, apiGetBlob, employmentApiPath, intranetFileApiPath } from '@portal/shared/api/client';
import type { IntranetDocument } from '@portal/shared/api/types';
import type { DownloadedFile } from '@portal/shared/react/use-file-download';

/** GET .../employments/{employmentId}/intranet: documents shared with the employee, newest first. */
export async function fetchIntranetDocuments(employmentId: string, signal?: AbortSignal): Promise<IntranetDocument[]> {
  const envelope = await apiGet<IntranetDocument[]>(employmentApiPath(employmentId, 'intranet'), { signal });
  if (envelope.status !== 200 || !Array.isArray(envelope.data)) {
    throw new Error(envelope.error ?? `The shared documents list came back with status ${envelope.status}.`);
  }
  return envelope.data;
}

/** GET /api/users/{userId}/file/intranet/{fileId}/employment/{employmentId}: the shared file. */
export function fetchIntranetDocumentFile(fileId: string, employmentId: string, signal?: AbortSignal): Promise<DownloadedFile> {
  return apiGetBlob(intranetFileApiPath(fileId, employmentId), { signal });
}
