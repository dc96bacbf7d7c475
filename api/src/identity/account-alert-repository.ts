// The account_alerts table (identity/account-alerts.ts decides): e-mails about a change to an
// account, queued in the change's transaction and claimed once by whichever sender takes them.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { fromJson, newId, nowIso, toIso, toJson } from '../db/convert';
import { isLanguage, type Language } from '../languages/language';

export type QueuedAlert = {
  id: string;
  userId: string;
  kind: string;
  recipients: string[];
  details: Record<string, string>;
  createdAt: string;
  /** The language the account chose, to write the alert in (English until it chooses). */
  language: Language;
};

export async function insertAccountAlert(
  db: Kysely<Database>,
  alert: { userId: string; kind: string; recipients: string[]; details: Record<string, string> },
): Promise<void> {
  await db
    .insertInto('account_alerts')
    .values({
      id: newId('alr'),
      user_id: alert.userId,
      kind: alert.kind,
      recipients: toJson(alert.recipients),
      details: toJson(alert.details),
      created_at: nowIso(),
      sent_at: null,
    })
    .execute();
}

/** The oldest unsent alerts. */
export async function unsentAccountAlerts(db: Kysely<Database>, limit: number): Promise<QueuedAlert[]> {
  const rows = await db
    .selectFrom('account_alerts as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.user_id', 'a.kind', 'a.recipients', 'a.details', 'a.created_at', 'u.language'])
    .where('a.sent_at', 'is', null)
    .orderBy('a.created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    kind: r.kind,
    recipients: fromJson<string[]>(r.recipients),
    details: fromJson<Record<string, string>>(r.details),
    createdAt: toIso(r.created_at),
    language: isLanguage(r.language) ? r.language : 'en',
  }));
}

/** Marks an alert sent; false when another sender took it first (UPDATE ... WHERE sent_at IS NULL). */
export async function claimAccountAlert(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db
    .updateTable('account_alerts')
    .set({ sent_at: nowIso() })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Sent alerts are kept 90 days, as the sign-in history is. */
export async function deleteSentAccountAlertsBefore(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('account_alerts').where('sent_at', 'is not', null).where('created_at', '<', before).execute();
}

/** The sign-in address of an account, read in the caller's transaction. */
export async function accountEmail(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db.selectFrom('identity_users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ?? null;
}
