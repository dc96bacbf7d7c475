// The calls of Settings' Passkeys section: the user's passkeys under /api/users/{userId}/passkeys,
// through the portal's one API client. Plain fetchers: given the user and a signal, they read no store.
import { apiGet, apiPatch, apiPost, getApiClient, userApiPath } from '@portal/shared/api/client';
import type { UserScope } from '@portal/shared/api/client';
import { unwrapEnvelope } from '@portal/shared/api/envelope';
import type { NewPasskey, Passkey, PasskeyCreationOptions, PasskeyRemoved, PasskeyRename } from '@portal/shared/api/types';

/** GET /api/users/{userId}/passkeys: oldest first. */
export async function fetchPasskeys({ userId }: UserScope, signal?: AbortSignal): Promise<Passkey[]> {
  return (await apiGet<Passkey[]>(userApiPath(userId, 'passkeys'), { signal })).data;
}

/** POST /api/users/{userId}/passkeys/options: what the browser makes the new passkey from (a challenge for this session). */
export async function fetchCreationOptions({ userId }: UserScope): Promise<PasskeyCreationOptions> {
  // The API takes changes as JSON only (its Origin guard refuses any other body): an empty object.
  return (await apiPost<PasskeyCreationOptions>(userApiPath(userId, 'passkeys', 'options'), {})).data;
}

/** POST /api/users/{userId}/passkeys: the browser's answer, and the name. */
export async function savePasskey({ userId }: UserScope, passkey: NewPasskey): Promise<Passkey> {
  return (await apiPost<Passkey>(userApiPath(userId, 'passkeys'), passkey)).data;
}

/** PATCH /api/users/{userId}/passkeys/{passkeyId} */
export async function renamePasskey({ userId }: UserScope, passkeyId: string, rename: PasskeyRename): Promise<Passkey> {
  return (await apiPatch<Passkey>(userApiPath(userId, 'passkeys', passkeyId), rename)).data;
}

/** DELETE /api/users/{userId}/passkeys/{passkeyId} */
export async function removePasskey({ userId }: UserScope, passkeyId: string): Promise<PasskeyRemoved> {
  // The client has no DELETE helper: the same instance, and the same envelope rules.
  const response = await getApiClient().delete<unknown>(userApiPath(userId, 'passkeys', passkeyId), { data: {} });
  return unwrapEnvelope<PasskeyRemoved>(response.data, response.status).data;
}
