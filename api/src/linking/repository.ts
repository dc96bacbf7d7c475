// Linking's own rows: the user's row lock, code requests, failures, and the record's check counters
// and link. Nothing here decides anything: limits.ts, service.ts and attempt.ts do.
import type { Kysely, Transaction } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { forUpdate } from '../db/row-lock';
import { newId, nowIso } from '../db/convert';

/** Locks the user's row until commit (attempts of one user queue behind each other). */
/** A linking attempt's transaction (attempt.ts). */
export type Trx = Transaction<Database>;

export async function lockUserRow(trx: Trx | Kysely<Database>, dialect: DialectName, userId: string): Promise<void> {
  await forUpdate(trx.selectFrom('users').select('id').where('id', '=', userId), dialect).executeTakeFirst();
}

/** When the user asked for codes since `since`, newest first. */
export function linkRequestTimesSince(db: Trx | Kysely<Database>, userId: string, since: string) {
  return db
    .selectFrom('link_requests')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function insertLinkRequest(trx: Trx, userId: string, channel: 'email' | 'sms'): Promise<string> {
  const id = newId('lr');
  await trx.insertInto('link_requests').values({ id, user_id: userId, created_at: nowIso(), channel }).execute();
  return id;
}

/** The user's newest code request: when, by which channel, and how many wrong tries it has had. */
export function newestLinkRequest(db: Trx | Kysely<Database>, userId: string) {
  return db
    .selectFrom('link_requests')
    .select(['id', 'created_at', 'channel', 'wrong_tries'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * One wrong try against the request, counted in SQL (never read, then written): answers the new
 * count, or undefined when the request had already had `max`.
 */
export async function addRequestWrongTry(trx: Trx, requestId: string, max: number): Promise<number | undefined> {
  const row = await trx
    .updateTable('link_requests')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
    .where('id', '=', requestId)
    .where('wrong_tries', '<', max)
    .returning('wrong_tries')
    .executeTakeFirst();
  return row ? Number(row.wrong_tries) : undefined;
}

/** When the user's newest `limit` failures since `since` happened, newest first. */
export function linkFailureTimesSince(trx: Trx, userId: string, since: string, limit: number) {
  return trx
    .selectFrom('link_failures')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function insertLinkFailure(trx: Trx, userId: string, kind: 'code' | 'check'): Promise<void> {
  await trx
    .insertInto('link_failures')
    .values({ id: newId('lf'), user_id: userId, kind, created_at: nowIso() })
    .execute();
}

/**
 * Counts a failed identity check against the record in SQL, and locks it once the count reaches
 * `max`; answers the new count.
 */
export async function addRecordFailedCheck(trx: Trx, recordId: string, max: number): Promise<number> {
  const row = await trx
    .updateTable('employments')
    .set((eb) => ({ failed_checks: eb('failed_checks', '+', 1) }))
    .where('id', '=', recordId)
    .returning('failed_checks')
    .executeTakeFirstOrThrow();
  const failedChecks = Number(row.failed_checks);
  if (failedChecks >= max)
    await trx.updateTable('employments').set({ locked_at: nowIso() }).where('id', '=', recordId).where('locked_at', 'is', null).execute();
  return failedChecks;
}

export async function linkRecordToUser(trx: Trx, recordId: string, userId: string): Promise<void> {
  await trx.updateTable('employments').set({ user_id: userId, linked_at: nowIso(), failed_checks: 0 }).where('id', '=', recordId).execute();
}
