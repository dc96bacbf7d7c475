// employee_invitations and the records they go to (invitations.ts decides; it opens the transactions).
import type { Kysely, Transaction } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { forUpdate } from '../db/row-lock';
import { newId, nowIso } from '../db/convert';

export type Trx = Transaction<Database>;

/**
 * The employer's records to invite, locked until commit (in id order, so two invitations never wait
 * on each other): those named, or every one not linked.
 */
export function lockRecordsToInvite(trx: Trx, dialect: DialectName, employerId: string, employmentIds: string[] | 'everyone-not-linked') {
  let query = trx
    .selectFrom('employments')
    .select(['id', 'external_id', 'employee_name', 'contact_email', 'mobile_phone', 'active', 'user_id', 'locked_at'])
    .where('employer_id', '=', employerId);
  query = employmentIds === 'everyone-not-linked' ? query.where('user_id', 'is', null) : query.where('id', 'in', employmentIds);
  return forUpdate(query.orderBy('id'), dialect).execute();
}

/** Which of these records have a live invitation. */
export async function recordsWithLiveInvitation(db: Kysely<Database>, employmentIds: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // In slices: a database takes only so many parameters in one statement.
  for (let i = 0; i < employmentIds.length; i += 500) {
    const rows = await db
      .selectFrom('employee_invitations')
      .select('employment_id')
      .where('employment_id', 'in', employmentIds.slice(i, i + 500))
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .execute();
    for (const row of rows) found.add(row.employment_id);
  }
  return found;
}

export async function insertInvitation(
  trx: Trx,
  row: { employmentId: string; channel: 'email' | 'sms'; tokenHash: string; createdBy: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await trx
    .insertInto('employee_invitations')
    .values({
      id: newId('inv'),
      employment_id: row.employmentId,
      channel: row.channel,
      token_hash: row.tokenHash,
      created_by: row.createdBy,
      created_at: row.createdAt,
      last_sent_at: row.createdAt,
      expires_at: row.expiresAt,
      used_at: null,
      revoked_at: null,
    })
    .execute();
}

/** The record's newest live invitation, with what sending it again needs. */
export function liveInvitation(db: Kysely<Database>, employerId: string, employmentId: string) {
  return db
    .selectFrom('employee_invitations')
    .innerJoin('employments', 'employments.id', 'employee_invitations.employment_id')
    .innerJoin('employers', 'employers.id', 'employments.employer_id')
    .select([
      'employee_invitations.id',
      'employee_invitations.channel',
      'employee_invitations.last_sent_at',
      'employments.external_id',
      'employments.contact_email',
      'employments.mobile_phone',
      'employers.name as employer_name',
    ])
    .where('employments.employer_id', '=', employerId)
    .where('employee_invitations.employment_id', '=', employmentId)
    .where('employee_invitations.used_at', 'is', null)
    .where('employee_invitations.revoked_at', 'is', null)
    .where('employee_invitations.expires_at', '>', nowIso())
    .orderBy('employee_invitations.created_at', 'desc')
    .executeTakeFirst();
}

/**
 * Sends the invitation again with a new token, if it is still live and was last sent before
 * `sentBefore` (one UPDATE: of requests racing, one wins). False when it could not.
 */
export async function renewInvitation(trx: Trx, id: string, tokenHash: string, sentBefore: string, now: string, expiresAt: string): Promise<boolean> {
  const result = await trx
    .updateTable('employee_invitations')
    .set({ token_hash: tokenHash, last_sent_at: now, expires_at: expiresAt })
    .where('id', '=', id)
    .where('last_sent_at', '<=', sentBefore)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes the record's live invitations; answers the channel of one revoked, or undefined when none was live. */
export async function revokeInvitations(trx: Trx, employmentId: string): Promise<string | undefined> {
  const now = nowIso();
  const rows = await trx
    .updateTable('employee_invitations')
    .set({ revoked_at: now })
    .where('employment_id', '=', employmentId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('channel')
    .execute();
  return rows[0]?.channel;
}

/** The record's external id (the audit log names records by it). */
export async function externalIdOf(db: Kysely<Database>, employmentId: string): Promise<string> {
  const row = await db.selectFrom('employments').select(['id', 'external_id']).where('id', '=', employmentId).executeTakeFirstOrThrow();
  return row.external_id ?? row.id;
}

/**
 * Unlocks the record if it is locked (one UPDATE: of requests racing, one wins): clears the lock and
 * the failed checks. Answers whom to tell, or undefined when it was not locked.
 */
export function unlockRecord(trx: Trx, employerId: string, employmentId: string) {
  return trx
    .updateTable('employments')
    .set({ locked_at: null, failed_checks: 0 })
    .where('id', '=', employmentId)
    .where('employer_id', '=', employerId)
    .where('locked_at', 'is not', null)
    .returning(['id', 'external_id', 'employee_name', 'contact_email', 'mobile_phone', 'user_id'])
    .executeTakeFirst();
}

/** The sign-in address of an account, if it exists. */
export async function accountEmail(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  return (await db.selectFrom('identity_users').select('email').where('id', '=', userId).executeTakeFirst())?.email;
}
