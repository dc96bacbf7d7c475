// Calls of the account's security in Settings: two-step sign-in, the sessions and the sign-in history
// (/api/users/{userId}/two-step, /sessions, /sign-ins; answers typed in @portal/shared/api/types).
import { apiGet, apiPost, userApiPath } from '@portal/shared/api/client';
import type { UserScope } from '@portal/shared/api/client';
import type { RecoveryCodes, SessionsEnded, SignInEvent, SignedInSession, TwoStepSetUp, TwoStepStatus, TwoStepTurnOff } from '@portal/shared/api/types';

export async function fetchTwoStep({ userId }: UserScope, signal?: AbortSignal): Promise<TwoStepStatus> {
  return (await apiGet<TwoStepStatus>(userApiPath(userId, 'two-step'), { signal })).data;
}

export async function startTwoStepSetUp({ userId }: UserScope): Promise<TwoStepSetUp> {
  return (await apiPost<TwoStepSetUp>(userApiPath(userId, 'two-step', 'set-up'), {})).data;
}

export async function confirmTwoStep({ userId }: UserScope, code: string): Promise<RecoveryCodes> {
  return (await apiPost<RecoveryCodes>(userApiPath(userId, 'two-step', 'confirm'), { code })).data;
}

export async function replaceRecoveryCodes({ userId }: UserScope, code: string): Promise<RecoveryCodes> {
  return (await apiPost<RecoveryCodes>(userApiPath(userId, 'two-step', 'recovery-codes'), { code })).data;
}

export async function turnOffTwoStep({ userId }: UserScope, proof: TwoStepTurnOff): Promise<TwoStepStatus> {
  return (await apiPost<TwoStepStatus>(userApiPath(userId, 'two-step', 'turn-off'), proof)).data;
}

export async function fetchSessions({ userId }: UserScope, signal?: AbortSignal): Promise<SignedInSession[]> {
  return (await apiGet<SignedInSession[]>(userApiPath(userId, 'sessions'), { signal })).data;
}

export async function endSession({ userId }: UserScope, sessionId: string): Promise<SessionsEnded> {
  return (await apiPost<SessionsEnded>(userApiPath(userId, 'sessions', sessionId, 'end'), {})).data;
}

export async function endOtherSessions({ userId }: UserScope): Promise<SessionsEnded> {
  return (await apiPost<SessionsEnded>(userApiPath(userId, 'sessions', 'end-others'), {})).data;
}

export async function fetchSignIns({ userId }: UserScope, signal?: AbortSignal): Promise<SignInEvent[]> {
  return (await apiGet<SignInEvent[]>(userApiPath(userId, 'sign-ins'), { signal })).data;
}
