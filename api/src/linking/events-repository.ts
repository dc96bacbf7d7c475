// A record's history (employment_events, append-only): invitations, codes sent, failed identity
// checks, locks, links and unlocks, as the employer console shows them. Never a code or a token.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newId, nowIso } from '../db/convert';

export type EventKind = 'invited' | 'invitation_resent' | 'invitation_revoked' | 'code_sent' | 'identity_check_failed' | 'locked' | 'linked' | 'unlocked';

export type NewEvent = {
  employmentId: string;
  kind: EventKind;
  channel?: 'email' | 'sms' | null;
  /** Who did it: the admin, or the signed-in user linking. */
  actorUserId?: string | null;
  reason?: string | null;
};

export async function insertEvents(db: Kysely<Database>, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  const at = nowIso();
  await db
    .insertInto('employment_events')
    .values(
      events.map((e) => ({
        id: newId('ev'),
        employment_id: e.employmentId,
        kind: e.kind,
        channel: e.channel ?? null,
        actor_user_id: e.actorUserId ?? null,
        reason: e.reason ?? null,
        created_at: at,
      })),
    )
    .execute();
}

export async function insertEvent(db: Kysely<Database>, event: NewEvent): Promise<void> {
  await insertEvents(db, [event]);
}
