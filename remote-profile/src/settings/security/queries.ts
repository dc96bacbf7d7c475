// The Settings security queries, keyed under the signed-in user (a change of user asks again).
import { useQueryClient } from '@portal/shared/query';
import { userQueryKey, useUserQuery } from '@portal/shared/react/portal-query';
import { useRequestScope } from '@portal/shared/contract';
import { fetchSessions, fetchSignIns, fetchTwoStep } from './api';

export const useTwoStep = () => useUserQuery({ key: ['two-step'], fetch: fetchTwoStep, errorMessage: 'Loading two-step sign-in failed.' });
export const useSessions = () => useUserQuery({ key: ['sessions'], fetch: fetchSessions, errorMessage: 'Loading the sessions failed.' });
export const useSignIns = () => useUserQuery({ key: ['sign-ins'], fetch: fetchSignIns, errorMessage: 'Loading the sign-in history failed.' });

/** Asks again for one of the user's answers after a change. */
export function useRefresh() {
  const client = useQueryClient();
  const { userId } = useRequestScope();
  return (part: 'two-step' | 'sessions' | 'sign-ins') => client.invalidateQueries({ queryKey: userQueryKey({ userId }, part) });
}
