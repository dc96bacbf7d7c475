// Employers' payroll records as linking sees them: which records a code request reaches, and the
// record row locked for an identity check.
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { forUpdate } from '../db/row-lock';
import { sha256 } from '../secrets';
import { normaliseEmail } from '../identity/repository';
import type { Trx } from './repository';
import { normalisePhone } from './normalise';
import { nowIso } from '../db/convert';

export type SendTarget = { kind: 'email'; email: string } | { kind: 'invitation'; token: string; phone: string };

export type ReachedRecord = { id: string; employerName: string; channel: 'email' | 'sms'; to: string; locked: boolean };

/** Unlinked records whose contact e-mail is the address, or the invited record when the phone matches it. */
export async function findReachedRecords(db: Kysely<Database>, target: SendTarget): Promise<ReachedRecord[]> {
  const base = db
    .selectFrom('employments')
    .innerJoin('employers', 'employers.id', 'employments.employer_id')
    .select(['employments.id', 'employers.name as employer_name', 'employments.mobile_phone', 'employments.locked_at'])
    .where('employments.user_id', 'is', null);
  if (target.kind === 'email') {
    const email = normaliseEmail(target.email);
    const rows = await base.where((eb) => eb(eb.fn('lower', ['employments.contact_email']), '=', email)).execute();
    return rows.map((r) => ({ id: r.id, employerName: r.employer_name, channel: 'email', to: email, locked: r.locked_at !== null }));
  }
  // A live invitation: unexpired, not revoked, not yet spent (it is spent when the record links).
  const now = nowIso();
  const row = await base
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('employee_invitations')
          .select('employee_invitations.id')
          .whereRef('employee_invitations.employment_id', '=', 'employments.id')
          .where('employee_invitations.token_hash', '=', sha256(target.token))
          .where('employee_invitations.used_at', 'is', null)
          .where('employee_invitations.revoked_at', 'is', null)
          .where('employee_invitations.expires_at', '>', now),
      ),
    )
    .executeTakeFirst();
  if (!row || !row.mobile_phone || normalisePhone(row.mobile_phone) !== normalisePhone(target.phone)) return [];
  return [{ id: row.id, employerName: row.employer_name, channel: 'sms', to: normalisePhone(row.mobile_phone), locked: row.locked_at !== null }];
}

/**
 * The record, locked until commit (after the user's row: always in that order, so two attempts
 * never wait on each other). Failed identity checks count against the record across all users.
 */
export function lockRecord(trx: Trx, dialect: DialectName, id: string) {
  return forUpdate(
    trx.selectFrom('employments').select(['id', 'user_id', 'locked_at', 'ni_number', 'bank_last4', 'birth_date', 'failed_checks']).where('id', '=', id),
    dialect,
  ).executeTakeFirstOrThrow();
}

/** The record's invitations still open are spent: it is linked now. */
export async function spendInvitationsOf(trx: Trx, employmentId: string): Promise<void> {
  await trx
    .updateTable('employee_invitations')
    .set({ used_at: nowIso() })
    .where('employment_id', '=', employmentId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}
