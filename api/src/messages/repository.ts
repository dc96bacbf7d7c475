// The local outbox (development and tests): messages written instead of sent, read back by /dev/outbox.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/convert';

export async function insertOutboxMessage(db: Kysely<Database>, message: { channel: string; to: string; subject: string; body: string }): Promise<void> {
  await db
    .insertInto('outbox')
    .values({ channel: message.channel, recipient: message.to, subject: message.subject, body: message.body, created_at: nowIso() })
    .execute();
}

/** The newest 200 messages, optionally only those to one address or number. */
export async function latestOutboxMessages(db: Kysely<Database>, to: string | undefined) {
  let q = db.selectFrom('outbox').selectAll().orderBy('seq', 'desc').limit(200);
  if (to) q = q.where('recipient', '=', to.trim().toLowerCase());
  return q.execute();
}
