// A record's messages as the console lists them: when, how, what kind, where it stands and why,
// and who carried it. Read from message_deliveries, which keeps no body and no address.
import type { Kysely } from 'kysely';
import type { Database, DeliveryState, MessageKind } from '../db/schema';
import { toIso } from '../db/convert';
import { deliveriesOf } from '../messages/delivery-repository';

export type RecordMessage = {
  at: string;
  channel: 'email' | 'sms';
  kind: MessageKind;
  state: DeliveryState;
  reason: string | null;
  provider: string;
};

/** The newest this many: a record gets a few messages a month. */
export const RECORD_MESSAGES_LIMIT = 500;

export async function recordMessages(db: Kysely<Database>, employmentId: string): Promise<RecordMessage[]> {
  const rows = await deliveriesOf(db, { employmentId, limit: RECORD_MESSAGES_LIMIT });
  const messages: RecordMessage[] = [];
  for (const row of rows) {
    // A delivery recorded before messages had kinds: a notice is known by its notice; others are left out.
    const kind = row.kind ?? (row.notice_id ? 'notice' : null);
    if (!kind || (row.channel !== 'email' && row.channel !== 'sms')) continue;
    messages.push({ at: toIso(row.created_at), channel: row.channel, kind, state: row.state, reason: row.reason, provider: row.provider });
  }
  return messages;
}
