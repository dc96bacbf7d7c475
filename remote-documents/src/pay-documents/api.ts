// The file fetcher of the pay information lists (P60, P11D, P45, pension letters); the list itself
// comes from @portal/shared/react/use-pay-documents-query.
import { apiGetBlob, fileApiPath } from '@portal/shared/api/client';
import type { EmploymentScope } from '@portal/shared/api/client';
import type { DownloadedFile } from '@portal/shared/react/use-file-download';

/** GET /api/users/{userId}/file/{fileId}/employment/{employmentId}: the document's PDF. */
export function fetchPayDocumentFile(scope: EmploymentScope, fileId: string, signal?: AbortSignal): Promise<DownloadedFile> {
  return apiGetBlob(fileApiPath(scope, fileId), { signal });
}
