// Plain fetchers of the link-to-employer screen (docs/api-contract.md, decisions.md "Linking").
import { apiGet, userApiPath } from '@portal/shared/api/client';
import type { UserScope } from '@portal/shared/api/client';
import type { LinkingCodeRequest, LinkingCodeSent } from '@portal/shared/api/types';

/** GET /api/users/{userId}/linking_code_email/{email}: a code for the record(s) with this contact email. */
export async function requestCodeByEmail({ userId }: UserScope, email: string, signal?: AbortSignal): Promise<void> {
  await apiGet<LinkingCodeSent>(userApiPath(userId, 'linking_code_email', email), { signal });
}

/** GET /api/users/{userId}/linking_code_id/{token}/{phone_number}: a code by text for the invited record. */
export async function requestCodeByPhone({ userId }: UserScope, token: string, phoneNumber: string, signal?: AbortSignal): Promise<void> {
  await apiGet<LinkingCodeSent>(userApiPath(userId, 'linking_code_id', token, phoneNumber), { signal });
}

/** GET /api/users/{userId}/linking_code_request: the newest code request, as the server knows it (never the code). */
export async function fetchPendingCodeRequest({ userId }: UserScope, signal?: AbortSignal): Promise<LinkingCodeRequest> {
  const envelope = await apiGet<LinkingCodeRequest>(userApiPath(userId, 'linking_code_request'), { signal });
  return envelope.data;
}

/**
 * The externalEmploymentID in a confirmation's `data`, which the spec describes as JSON text holding
 * it (the contract sends it already parsed): either form is read; anything else gives null.
 */
function readExternalEmploymentId(data: unknown): string | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const id = (value as { externalEmploymentID?: unknown }).externalEmploymentID;
  if (typeof id === 'number') return String(id);
  return typeof id === 'string' && id.trim() !== '' ? id : null;
}

/** GET /api/users/{userId}/linking_code/{code}: the record the code links, or null when the answer lacks it. */
export async function confirmLinkingCode({ userId }: UserScope, code: string, signal?: AbortSignal): Promise<string | null> {
  const envelope = await apiGet<unknown>(userApiPath(userId, 'linking_code', code), { signal });
  return readExternalEmploymentId(envelope.data);
}
