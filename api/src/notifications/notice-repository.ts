// The notices a publication queues, in the publication's own transaction: one row per linked
// employee and chosen channel, unique on (source, channel), so a retried publication queues nothing
// twice. The queue's reads and writes for the sender (sender.ts) are here too.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, NotificationQueueTable } from '../db/schema';
import { newId, nowIso, toBool } from '../db/convert';
import { DEFAULT_PREFERENCES } from './preferences-repository';
import { isLanguage, type Language } from '../languages/language';
import { wording } from './notices';
import type { Notice } from './notices';

const CHUNK = 200;

/** Queues each notice for the employee linked to its employment (if any), on the channels they chose. */
export async function queueNotices(trx: Transaction<Database> | Kysely<Database>, notices: Notice[]): Promise<number> {
  if (!notices.length) return 0;
  const employmentIds = [...new Set(notices.map((n) => n.employmentId))];
  const people = new Map<
    string,
    { userId: string; employer: string; language: Language; email: string | null; mobile: string | null; wantsEmail: boolean; wantsSms: boolean }
  >();
  for (let i = 0; i < employmentIds.length; i += CHUNK) {
    const rows = await trx
      .selectFrom('employments as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .innerJoin('employers as er', 'er.id', 'e.employer_id')
      .leftJoin('identity_users as i', 'i.id', 'e.user_id')
      .leftJoin('notification_preferences as p', 'p.user_id', 'e.user_id')
      .select([
        'e.id',
        'e.user_id',
        'e.mobile_phone as recordMobile',
        'u.email as userEmail',
        'u.language',
        'i.email as identityEmail',
        'i.mobile_phone as identityMobile',
        'er.name as employer',
        'p.email as wantsEmail',
        'p.sms as wantsSms',
      ])
      .where('e.id', 'in', employmentIds.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) {
      people.set(row.id, {
        userId: row.user_id!,
        employer: row.employer,
        // In the language the person chose (English until they choose).
        language: isLanguage(row.language) ? row.language : 'en',
        email: row.userEmail ?? row.identityEmail ?? null,
        mobile: row.identityMobile ?? row.recordMobile ?? null,
        wantsEmail: row.wantsEmail === null ? DEFAULT_PREFERENCES.email : toBool(row.wantsEmail),
        wantsSms: row.wantsSms === null ? DEFAULT_PREFERENCES.sms : toBool(row.wantsSms),
      });
    }
  }
  const rows = notices.flatMap((notice) => {
    const person = people.get(notice.employmentId);
    if (!person) return [];
    const words = wording(notice, person.employer, person.language);
    const base = {
      source: notice.source,
      employment_id: notice.employmentId,
      user_id: person.userId,
      subject: words.subject,
      created_at: nowIso(),
      claimed_until: null,
      sent_at: null,
      last_error: null,
    };
    const queued = [];
    if (person.wantsEmail && person.email) queued.push({ ...base, id: newId('ntf'), channel: 'email', recipient: person.email, body: words.email });
    if (person.wantsSms && person.mobile) queued.push({ ...base, id: newId('ntf'), channel: 'sms', recipient: person.mobile, body: words.sms });
    return queued;
  });
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx
      .insertInto('notification_queue')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) => oc.columns(['source', 'channel']).doNothing())
      .execute();
  }
  return rows.length;
}

export type QueueRow = Selectable<NotificationQueueTable>;

const iso = (ms: number) => new Date(ms).toISOString();

/** Unsent, unparked notices nobody holds (never claimed, or the claim or wait ran out by `now`), oldest first. */
export function dueNotices(db: Kysely<Database>, now: number, limit: number): Promise<QueueRow[]> {
  return db
    .selectFrom('notification_queue')
    .selectAll()
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', iso(now))]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Holds a notice until `until`; false when it was sent or is held by another sender. */
export async function claimNotice(db: Kysely<Database>, row: QueueRow, now: number, until: number): Promise<boolean> {
  const claimed = await db
    .updateTable('notification_queue')
    .set({ claimed_until: iso(until), attempts: row.attempts + 1 })
    .where('id', '=', row.id)
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', iso(now))]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/** Marks a notice sent; false when it already was. */
export async function markNoticeSent(db: Kysely<Database>, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('notification_queue')
    .set({ sent_at: iso(now) })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records why a try failed, and what follows: another try from `retryAt` (the claim is held until then,
 * so no sender takes it earlier), or, with `retryAt` null, the notice parked from `now`.
 */
export async function recordNoticeFailure(db: Kysely<Database>, id: string, error: string, now: number, retryAt: number | null): Promise<void> {
  await db
    .updateTable('notification_queue')
    .set(retryAt === null ? { last_error: error.slice(0, 500), failed_at: iso(now) } : { last_error: error.slice(0, 500), claimed_until: iso(retryAt) })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .execute();
}
