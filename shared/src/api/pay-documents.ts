// The employment's pay documents (P60, P11D, P45, pension letters): one fetcher, used by the
// documents lists (remote-documents) and the tax-year check against the P60 (remote-pay).
import { apiGet, employmentApiPath } from '@portal/shared/api/client';
import type { EmploymentScope } from '@portal/shared/api/client';
import type { PayDocument } from '@portal/shared/api/types';

/** GET .../employments/{employmentId}/documents: every pay document of the employment, newest first. */
export async function fetchPayDocuments(scope: EmploymentScope, signal?: AbortSignal): Promise<PayDocument[]> {
  const envelope = await apiGet<PayDocument[]>(employmentApiPath(scope, 'documents'), { signal });
  // The spec's answer is "status 200 and a list" (the client checks the status); no list is a failed load.
  if (!Array.isArray(envelope.data)) throw new Error(envelope.error ?? 'The documents list came back without a list.');
  return envelope.data;
}
