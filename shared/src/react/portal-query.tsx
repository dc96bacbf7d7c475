// Queries of the signed-in user's data. Keys start with the user and employment they are for, so
// changing either asks again, and the request of the previous one is cancelled (spec section 4:
// "Requests are cancelled when the employment or user changes or the widget closes. Cancelled
// requests are silently dropped."). Fetchers are given the scope: no store is read behind them.
import { skipToken, useQuery } from '@portal/shared/query';
import type { UseQueryResult } from '@portal/shared/query';
import type { EmploymentScope, UserScope } from '@portal/shared/api/client';
import { DEFAULT_USER_ID } from '@portal/shared/constants';
import { useRequestScope } from '@portal/shared/contract';
import { getPortalQueryClient, type PortalRequestMeta } from '@portal/shared/react/query-client';

type QueryKeyPart = string | number;

/** ['portal', userId, ...parts]: a user's data. */
export function userQueryKey({ userId }: UserScope, ...parts: QueryKeyPart[]) {
  return ['portal', userId, ...parts] as const;
}

/** ['portal', userId, 'employment', employmentId, ...parts]: a user's data under one employment. */
export function employmentQueryKey({ userId, employmentId }: EmploymentScope, ...parts: QueryKeyPart[]) {
  return ['portal', userId, 'employment', employmentId, ...parts] as const;
}

/**
 * Every answer cached for this user is asked for again when next shown: after a change that reaches
 * much of their data at once (linking an employment also gives their profile the proven NI number).
 */
export function refreshUserData(scope: UserScope): Promise<void> {
  return getPortalQueryClient().invalidateQueries({ queryKey: userQueryKey(scope) });
}

export type PortalQuery<Scope, T> = {
  /** What is asked for, e.g. ['payslips']; the scope is put in front of it. */
  key: QueryKeyPart[];
  /** A plain fetcher: the scope it is for and the signal that cancels it. */
  fetch: (scope: Scope, signal: AbortSignal) => Promise<T>;
  /** Logged with the error when the request fails. */
  errorMessage: string;
  /** When false, nothing is asked for. Default true. */
  enabled?: boolean;
};

/** Data of the signed-in user (the user id of spec section 6, '0' until known). */
export function useUserQuery<T>({ key, fetch, errorMessage, enabled = true }: PortalQuery<UserScope, T>): UseQueryResult<T> {
  const { userId } = useRequestScope();
  const scope: UserScope = { userId };
  return useQuery({
    queryKey: userQueryKey(scope, ...key),
    queryFn: enabled ? ({ signal }) => fetch(scope, signal) : skipToken,
    meta: { errorMessage } satisfies PortalRequestMeta,
  });
}

/** Data of the chosen employment; nothing is asked for before one is chosen. */
export function useEmploymentQuery<T>({ key, fetch, errorMessage, enabled = true }: PortalQuery<EmploymentScope, T>): UseQueryResult<T> {
  const { userId, employmentId } = useRequestScope();
  const scope: EmploymentScope | null = employmentId === null ? null : { userId, employmentId };
  return useQuery({
    queryKey: scope ? employmentQueryKey(scope, ...key) : ['portal', userId, 'employment', null, ...key],
    queryFn: scope && enabled ? ({ signal }) => fetch(scope, signal) : skipToken,
    meta: { errorMessage } satisfies PortalRequestMeta,
  });
}

/**
 * Starts employment queries before the page that reads them renders (Home's data at boot,
 * beside its chunks): the same key, fetcher and meta as useEmploymentQuery, so the page takes this
 * request, in flight or answered. Nothing without a known user and a chosen employment. A failure
 * stays in the cache without data: the page asks again when it mounts (TanStack's retryOnMount) and
 * shows its own states. Since contract 1.2.0.
 */
export function prefetchEmploymentQueries(
  queries: readonly PortalQuery<EmploymentScope, unknown>[],
  { userId, employmentId }: { userId: string; employmentId: string | null },
): void {
  if (employmentId === null || userId === DEFAULT_USER_ID) return;
  const scope: EmploymentScope = { userId, employmentId };
  const client = getPortalQueryClient();
  for (const { key, fetch, errorMessage } of queries) {
    void client.prefetchQuery({
      queryKey: employmentQueryKey(scope, ...key),
      queryFn: ({ signal }) => fetch(scope, signal),
      meta: { errorMessage } satisfies PortalRequestMeta,
    });
  }
}
