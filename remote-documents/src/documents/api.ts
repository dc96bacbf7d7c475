// Plain fetchers of the documents screen (intranet documents shared by the employer).
import { apiGet, apiGetBlob, employmentApiPath, intranetFileApiPath } from '@portal/shared/api/client';
import type { EmploymentScope } from '@portal/shared/api/client';
import type { IntranetDocument } from '@portal/shared/api/types';
import type { DownloadedFile } from '@portal/shared/react/use-file-download';

/** GET .../employments/{employmentId}/intranet: documents shared with the employee, newest first. */
export async function fetchIntranetDocuments(scope: EmploymentScope, signal?: AbortSignal): Promise<IntranetDocument[]> {
  const envelope = await apiGet<IntranetDocument[]>(employmentApiPath(scope, 'intranet'), { signal });
  // The spec's answer is "status 200 and a list" (the client checks the status); no list is a failed load.
  if (!Array.isArray(envelope.data)) throw new Error(envelope.error ?? 'The shared documents list came back without a list.');
  return envelope.data;
}

/** GET /api/users/{userId}/file/intranet/{fileId}/employment/{employmentId}: the shared file. */
export function fetchIntranetDocumentFile(scope: EmploymentScope, fileId: string, signal?: AbortSignal): Promise<DownloadedFile> {
  return apiGetBlob(intranetFileApiPath(scope, fileId), { signal });
}
