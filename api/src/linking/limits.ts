// The per-user linking limits, read and recorded inside the attempt's transaction (attempt.ts),
// after the user's row is locked.
import { nowIso } from '../db/convert';
import { insertLinkFailure, linkFailureTimesSince, linkRequestTimesSince } from './repository';
import { HttpError } from '../http/errors';
import { retryAfterSeconds as seconds } from '../http/retry-after';
import type { Trx } from './attempt';
import { HOUR_MS, LINKING_RULES as RULES } from './rules';

/** A timestamp as read from either database (ISO text or Date), in epoch milliseconds. */
export const ms = (value: unknown) => new Date(value as string).getTime();

/** 429 within 30 s of the last request, or after 10 requests in an hour; null when a code may be sent. */
export async function sendRefusal(trx: Trx, userId: string): Promise<HttpError | null> {
  const rows = await linkRequestTimesSince(trx, userId, nowIso(-HOUR_MS));
  const last = rows[0];
  if (last && Date.now() - ms(last.created_at) < RULES.resendLockoutMs) {
    const wait = RULES.resendLockoutMs - (Date.now() - ms(last.created_at));
    return new HttpError(429, `Please wait ${seconds(wait)} seconds before asking for another code`, { 'Retry-After': seconds(wait) });
  }
  if (rows.length >= RULES.maxSendsPerHour) {
    const oldest = rows[RULES.maxSendsPerHour - 1]!;
    const wait = ms(oldest.created_at) + HOUR_MS - Date.now();
    return new HttpError(429, 'You have asked for too many codes. Please try again later.', { 'Retry-After': seconds(wait) });
  }
  return null;
}

/** 429 once the user has 20 wrong codes or failed checks in the last hour; null otherwise. */
export async function failureRefusal(trx: Trx, userId: string): Promise<HttpError | null> {
  const rows = await linkFailureTimesSince(trx, userId, nowIso(-HOUR_MS), RULES.maxFailuresPerHour);
  if (rows.length < RULES.maxFailuresPerHour) return null;
  const wait = ms(rows[RULES.maxFailuresPerHour - 1]!.created_at) + HOUR_MS - Date.now();
  return new HttpError(429, 'Too many incorrect attempts. Please wait an hour and try again.', { 'Retry-After': seconds(wait) });
}

export async function recordFailure(trx: Trx, userId: string, kind: 'code' | 'check'): Promise<void> {
  await insertLinkFailure(trx, userId, kind);
}
