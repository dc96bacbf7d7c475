// The per-user linking limits, read and recorded inside the attempt's transaction (attempt.ts),
// after the user's row is locked.
import { nowIso } from '../db/convert';
import { insertLinkFailure, linkFailureTimesSince, linkRequestTimesSince } from './repository';
import { HttpError } from '../http/errors';
import { retryAfterSeconds as seconds } from '../http/retry-after';
import type { Trx } from './repository';
import { HOUR_MS, LINKING_RULES as RULES } from './rules';

/** A timestamp as read from either database (ISO text or Date), in epoch milliseconds. */
export const ms = (value: unknown) => new Date(value as string).getTime();

/** Why another code may not be asked for yet, and for how long (ms); null when one may. */
export type SendWait = { reason: 'lockout' | 'hourly'; waitMs: number };

/** From the user's request times of the last hour, newest first: the 30-second lockout, then 10 an hour. */
export function sendWait(rows: readonly { created_at: unknown }[], now = Date.now()): SendWait | null {
  const last = rows[0];
  if (last && now - ms(last.created_at) < RULES.resendLockoutMs) return { reason: 'lockout', waitMs: RULES.resendLockoutMs - (now - ms(last.created_at)) };
  if (rows.length >= RULES.maxSendsPerHour) return { reason: 'hourly', waitMs: ms(rows[RULES.maxSendsPerHour - 1]!.created_at) + HOUR_MS - now };
  return null;
}

/** 429 within 30 s of the last request, or after 10 requests in an hour; null when a code may be sent. */
export async function sendRefusal(trx: Trx, userId: string): Promise<HttpError | null> {
  const wait = sendWait(await linkRequestTimesSince(trx, userId, nowIso(-HOUR_MS)));
  if (!wait) return null;
  if (wait.reason === 'lockout') {
    return HttpError.coded(429, 'linking.resend_too_soon', `Please wait ${seconds(wait.waitMs)} seconds before asking for another code`, {
      'Retry-After': seconds(wait.waitMs),
    });
  }
  return HttpError.coded(429, 'linking.too_many_codes', 'You have asked for too many codes. Please try again later.', { 'Retry-After': seconds(wait.waitMs) });
}

/** 429 once the user has 20 wrong codes or failed checks in the last hour; null otherwise. */
export async function failureRefusal(trx: Trx, userId: string): Promise<HttpError | null> {
  const rows = await linkFailureTimesSince(trx, userId, nowIso(-HOUR_MS), RULES.maxFailuresPerHour);
  if (rows.length < RULES.maxFailuresPerHour) return null;
  const wait = ms(rows[RULES.maxFailuresPerHour - 1]!.created_at) + HOUR_MS - Date.now();
  return HttpError.coded(429, 'linking.too_many_attempts', 'Too many incorrect attempts. Please wait an hour and try again.', { 'Retry-After': seconds(wait) });
}

export async function recordFailure(trx: Trx, userId: string, kind: 'code' | 'check'): Promise<void> {
  await insertLinkFailure(trx, userId, kind);
}
