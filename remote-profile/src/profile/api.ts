// Calls of the profile: the identity user (plain JSON `{ user }`, spec section 7) and the app's
// user record, which also keeps the email address.
import { apiGet, apiPatch, identityUserApiPath, userApiPath } from '@portal/shared/api/client';
import type { UserScope } from '@portal/shared/api/client';
import type { IdentityUser, IdentityUserPatch, IdentityUserResponse, UserRecord } from '@portal/shared/api/types';

export type IdentityUserChanges = IdentityUserPatch['user'];

/** The `user` of a `{ user }` body; anything else is an error, never a blank profile. */
function readIdentityUser(body: IdentityUserResponse | null | undefined): IdentityUser {
  const user = body?.user;
  if (!user || typeof user !== 'object' || typeof user.id !== 'string') {
    throw new Error('The server did not send a user.');
  }
  return user;
}

/** GET /api/user/{sub} */
export async function fetchIdentityUser(sub: string, signal?: AbortSignal): Promise<IdentityUser> {
  const { data } = await apiGet<IdentityUserResponse>(identityUserApiPath(sub), { signal });
  return readIdentityUser(data);
}

/** PATCH /api/user/{sub} with `{ user: changes }` (and the password a new email needs); answers with the whole, updated user. */
export async function updateIdentityUser(sub: string, changes: IdentityUserChanges, signal?: AbortSignal, currentPassword?: string): Promise<IdentityUser> {
  const body: IdentityUserPatch = { user: changes, ...(currentPassword === undefined ? {} : { currentPassword }) };
  const { data } = await apiPatch<IdentityUserResponse>(identityUserApiPath(sub), body, { signal });
  return readIdentityUser(data);
}

/** PATCH /api/users/{id} with `{ email }`. */
export async function updateUserRecordEmail({ userId }: UserScope, email: string, signal?: AbortSignal): Promise<UserRecord> {
  const { data } = await apiPatch<UserRecord>(userApiPath(userId), { email }, { signal });
  return data;
}
