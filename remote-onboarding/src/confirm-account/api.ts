// Plain fetcher of the confirm-information screen (docs/api-contract.md "Finalize").
import { apiPost, userApiPath } from '@portal/shared/api/client';
import type { UserScope } from '@portal/shared/api/client';
import type { FinalizePayload } from '@portal/shared/api/types';

/**
 * POST /api/users/{userId}/linking_code/{code}: checks identity and links the record. Answers the
 * `data` text (JSON of the user's employments), which the caller measures (decisions.md threshold).
 */
export async function finalizeLink({ userId }: UserScope, payload: FinalizePayload, signal?: AbortSignal): Promise<string> {
  const envelope = await apiPost<unknown>(userApiPath(userId, 'linking_code', payload.code), payload, { signal });
  const { data } = envelope;
  if (data === null || data === undefined) return '';
  return typeof data === 'string' ? data : JSON.stringify(data);
}
