// Linking's own rows: the user's row lock, code requests, failures, and the record's check counters
// and link. Nothing here decides anything: limits.ts, service.ts and attempt.ts do.
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { forUpdate } from '../db/row-lock';
import { newId, nowIso } from '../db/convert';
import type { Trx } from './attempt';

/** Locks the user's row until commit (attempts of one user queue behind each other). */
export async function lockUserRow(trx: Trx | Kysely<Database>, dialect: DialectName, userId: string): Promise<void> {
  await forUpdate(trx.selectFrom('users').select('id').where('id', '=', userId), dialect).executeTakeFirst();
}

/** When the user asked for codes since `since`, newest first. */
export function linkRequestTimesSince(trx: Trx, userId: string, since: string) {
  return trx.selectFrom('link_requests').select('created_at').where('user_id', '=', userId).where('created_at', '>', since).orderBy('created_at', 'desc').execute();
}

export async function insertLinkRequest(trx: Trx, userId: string): Promise<string> {
  const id = newId('lr');
  await trx.insertInto('link_requests').values({ id, user_id: userId, created_at: nowIso() }).execute();
  return id;
}

export async function newestLinkRequestId(trx: Trx, userId: string): Promise<string | undefined> {
  const row = await trx.selectFrom('link_requests').select('id').where('user_id', '=', userId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  return row?.id;
}

/** When the user's newest `limit` failures since `since` happened, newest first. */
export function linkFailureTimesSince(trx: Trx, userId: string, since: string, limit: number) {
  return trx.selectFrom('link_failures').select('created_at').where('user_id', '=', userId).where('created_at', '>', since).orderBy('created_at', 'desc').limit(limit).execute();
}

export async function insertLinkFailure(trx: Trx, userId: string, kind: 'code' | 'check'): Promise<void> {
  await trx.insertInto('link_failures').values({ id: newId('lf'), user_id: userId, kind, created_at: nowIso() }).execute();
}

/** Counts a failed identity check against the record; `lock` also locks it. */
export async function setRecordFailedChecks(trx: Trx, recordId: string, failedChecks: number, lock: boolean): Promise<void> {
  await trx.updateTable('employments').set(lock ? { failed_checks: failedChecks, locked_at: nowIso() } : { failed_checks: failedChecks }).where('id', '=', recordId).execute();
}

export async function linkRecordToUser(trx: Trx, recordId: string, userId: string): Promise<void> {
  await trx.updateTable('employments').set({ user_id: userId, linked_at: nowIso(), failed_checks: 0 }).where('id', '=', recordId).execute();
}
