// The signed-in identity user (GET /api/user/{sub}, sub from the session). A save puts its answer
// in the same cache entry (use-profile-save.ts), so the overview shows it without asking again.
import type { UseQueryResult } from '@portal/shared/query';
import type { UserScope } from '@portal/shared/api/client';
import type { IdentityUser } from '@portal/shared/api/types';
import { userQueryKey, useUserQuery } from '@portal/shared/react/portal-query';
import { fetchIdentityUser } from './api';

const IDENTITY_USER = 'identity-user';

/** The cache key of a user's identity user (their data: the user id leads it). */
export function identityUserQueryKey(scope: UserScope, sub: string) {
  return userQueryKey(scope, IDENTITY_USER, sub);
}

export function useIdentityUser(sub: string | undefined): UseQueryResult<IdentityUser> {
  return useUserQuery({
    key: [IDENTITY_USER, sub ?? ''],
    fetch: (_scope, signal) => fetchIdentityUser(sub ?? '', signal),
    enabled: Boolean(sub),
    errorMessage: 'Loading the profile failed.',
  });
}
