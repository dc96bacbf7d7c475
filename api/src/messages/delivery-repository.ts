// The delivery records (message_deliveries): one row per message handed to a provider, moved along
// by the send's own answer and by the provider's callbacks. A state only moves forward: delivered
// and failed_permanent are final, so a late or repeated callback never undoes them.
import type { Kysely } from 'kysely';
import type { Database, DeliveryState, MessageKind } from '../db/schema';
import { nowIso } from '../db/convert';

/** The states a row may be in for it to move to `to`. */
const MAY_MOVE_FROM: Record<DeliveryState, DeliveryState[]> = {
  queued: [],
  sent: ['queued'],
  failed_temporary: ['queued', 'sent'],
  delivered: ['queued', 'sent', 'failed_temporary'],
  failed_permanent: ['queued', 'sent', 'failed_temporary'],
};

export type NewDelivery = {
  id: string;
  channel: string;
  provider: string;
  recipientHash: string;
  employmentId: string | null;
  noticeId: string | null;
  kind: MessageKind | null;
  /** 'queued' unless given: a provider's answer moves it on (the local outbox records 'sent' at once). */
  state?: DeliveryState;
};

export async function insertDelivery(db: Kysely<Database>, d: NewDelivery): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('message_deliveries')
    .values({
      id: d.id,
      channel: d.channel,
      provider: d.provider,
      provider_message_id: null,
      recipient_hash: d.recipientHash,
      employment_id: d.employmentId,
      notice_id: d.noticeId,
      kind: d.kind,
      state: d.state ?? 'queued',
      reason: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** The send's own answer: the provider's id, and the state it left the message in (unless a callback was quicker). */
export async function settleDelivery(
  db: Kysely<Database>,
  id: string,
  state: DeliveryState,
  providerMessageId: string | null,
  reason: string | null,
): Promise<void> {
  if (providerMessageId !== null) {
    await db
      .updateTable('message_deliveries')
      .set({ provider_message_id: providerMessageId })
      .where('id', '=', id)
      .where('provider_message_id', 'is', null)
      .execute();
  }
  await db
    .updateTable('message_deliveries')
    .set({ state, reason: reason?.slice(0, 500) ?? null, updated_at: nowIso() })
    .where('id', '=', id)
    .where('state', 'in', MAY_MOVE_FROM[state])
    .execute();
}

export type CallbackOutcome = 'unknown' | 'updated' | 'kept';

/**
 * A provider's report on one of its messages, found by the provider's id (or, before the send's answer
 * stored that id, by ours when the provider echoes it). 'kept': known, but the report would move it back.
 */
export async function reportDelivery(
  db: Kysely<Database>,
  provider: string,
  providerMessageId: string,
  ourId: string | null,
  state: DeliveryState,
  reason: string | null,
): Promise<CallbackOutcome> {
  const row = await db
    .selectFrom('message_deliveries')
    .select(['id', 'provider_message_id'])
    .where('provider', '=', provider)
    .where((eb) =>
      eb.or([eb('provider_message_id', '=', providerMessageId), ...(ourId ? [eb.and([eb('id', '=', ourId), eb('provider_message_id', 'is', null)])] : [])]),
    )
    .executeTakeFirst();
  if (!row) return 'unknown';
  const moved = await db
    .updateTable('message_deliveries')
    .set({ state, reason: reason?.slice(0, 500) ?? null, provider_message_id: providerMessageId, updated_at: nowIso() })
    .where('id', '=', row.id)
    .where('state', 'in', MAY_MOVE_FROM[state])
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0 ? 'updated' : 'kept';
}

/** A record's messages, newest first (for an admin screen, and tests). */
export function deliveriesOf(db: Kysely<Database>, by: { employmentId?: string; noticeId?: string; id?: string; limit?: number }) {
  let q = db.selectFrom('message_deliveries').selectAll().orderBy('created_at', 'desc').orderBy('id');
  if (by.limit !== undefined) q = q.limit(by.limit);
  if (by.employmentId) q = q.where('employment_id', '=', by.employmentId);
  if (by.noticeId) q = q.where('notice_id', '=', by.noticeId);
  if (by.id) q = q.where('id', '=', by.id);
  return q.execute();
}
