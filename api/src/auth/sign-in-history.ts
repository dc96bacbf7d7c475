// Sign-in history: every sign-in attempt on a known account (an address with no account has no
// history to write to), kept 90 days, shown to the owner in Settings. Events older than that are
// deleted as new ones are written, so the table holds 90 days of attempts and no more. Attempts
// refused by a limit before any password or code was looked at are not written: they are bounded
// by that limit's log line, and writing them would let anyone fill a stranger's history.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newId, nowIso, toIso } from '../db/convert';
import { describeDevice, keptUserAgent } from './device-description';
import { deleteSignInEventsBefore, insertSignInEvent, signInEventsOf } from './sign-in-history-repository';

export const SIGN_IN_HISTORY_DAYS = 90;
const DAY_MS = 24 * 60 * 60_000;

export type SignInResult = 'signed-in' | 'wrong-password' | 'second-step-failed';
export type SignInMethod = 'password' | 'passkey';
/** Which second step a sign-in used: a code from the app, a recovery code, or a newly set-up app's first code. */
export type SecondStepUsed = 'authenticator' | 'recovery-code' | 'new-authenticator' | 'passkey';

/** Where an attempt came from, as the request tells it. */
export type AttemptOrigin = { userAgent: string | null; ipAddress: string | null };

export function attemptOrigin(request: { headers: { 'user-agent'?: string | string[] }; ip: string }): AttemptOrigin {
  return { userAgent: keptUserAgent(request.headers['user-agent']), ipAddress: request.ip || null };
}

export type SignInAttempt = { userId: string; result: SignInResult; method: SignInMethod; secondStep?: SecondStepUsed | null; origin: AttemptOrigin };

/** Writes one attempt, and deletes every account's attempts past 90 days. */
export async function recordSignInAttempt(db: Kysely<Database>, attempt: SignInAttempt): Promise<void> {
  const now = Date.now();
  await insertSignInEvent(db, {
    id: newId('sie'),
    user_id: attempt.userId,
    at: new Date(now).toISOString(),
    result: attempt.result,
    method: attempt.method,
    second_step: attempt.secondStep ?? null,
    user_agent: attempt.origin.userAgent,
    ip_address: attempt.origin.ipAddress,
  });
  await deleteSignInEventsBefore(db, new Date(now - SIGN_IN_HISTORY_DAYS * DAY_MS).toISOString());
}

export type SignInEvent = {
  id: string;
  at: string;
  result: SignInResult;
  method: SignInMethod;
  secondStep: SecondStepUsed | null;
  browser: string;
  system: string;
  ipAddress: string | null;
};

/** The account's attempts of the last 90 days, newest first, at most `limit`. */
export async function recentSignIns(db: Kysely<Database>, userId: string, limit: number): Promise<SignInEvent[]> {
  const rows = await signInEventsOf(db, userId, nowIso(-SIGN_IN_HISTORY_DAYS * DAY_MS), limit);
  return rows.map((row) => ({
    id: row.id,
    at: toIso(row.at),
    result: row.result as SignInResult,
    method: row.method as SignInMethod,
    secondStep: (row.second_step as SecondStepUsed | null) ?? null,
    ...describeDevice(row.user_agent),
    ipAddress: row.ip_address,
  }));
}
