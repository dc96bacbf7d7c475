// The employers' audit log (append-only: the database refuses UPDATE and DELETE on it).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso, toJson } from '../db/convert';

export type AuditAction =
  'invite' | 'resend' | 'revoke' | 'unlock' | 'publish' | 'upload' | 'key_created' | 'key_revoked' | 'admin_invited' | 'update_posted' | 'question_answered';

export type NewAuditEntry = {
  employerId: string;
  actorUserId: string;
  action: AuditAction;
  /** The records acted on, by the employer's own ids. */
  records: string[];
  detail: string;
  address: string;
};

export async function insertAuditEntry(db: Kysely<Database>, entry: NewAuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      employer_id: entry.employerId,
      actor_user_id: entry.actorUserId,
      action: entry.action,
      records: toJson(entry.records),
      detail: entry.detail,
      address: entry.address,
      created_at: nowIso(),
    })
    .execute();
}

/** The employer's entries, newest first: `limit` of them before the entry `before` (all when no limit). */
export function auditEntries(db: Kysely<Database>, employerId: string, options: { before?: number; limit?: number }) {
  let query = db
    .selectFrom('audit_log')
    .leftJoin('identity_users', 'identity_users.id', 'audit_log.actor_user_id')
    .select([
      'audit_log.id',
      'audit_log.created_at',
      'audit_log.action',
      'audit_log.records',
      'audit_log.detail',
      'audit_log.address',
      'identity_users.first_name',
      'identity_users.last_name',
      'identity_users.email',
    ])
    .where('audit_log.employer_id', '=', employerId)
    .orderBy('audit_log.id', 'desc');
  if (options.before !== undefined) query = query.where('audit_log.id', '<', options.before);
  if (options.limit !== undefined) query = query.limit(options.limit);
  return query.execute();
}

export type AuditRow = Awaited<ReturnType<typeof auditEntries>>[number];
