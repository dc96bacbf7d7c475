// The sign_in_events table (auth/sign-in-history.ts decides what is written).
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';

export async function insertSignInEvent(db: Kysely<Database>, row: Insertable<Database['sign_in_events']>): Promise<void> {
  await db.insertInto('sign_in_events').values(row).execute();
}

/** Every account's events older than `before` (the `at` index keeps this cheap when there are none). */
export async function deleteSignInEventsBefore(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('sign_in_events').where('at', '<', before).execute();
}

/** The account's events since `since`, newest first, at most `limit`. */
export function signInEventsOf(db: Kysely<Database>, userId: string, since: string, limit: number) {
  return db
    .selectFrom('sign_in_events')
    .select(['id', 'at', 'result', 'method', 'second_step', 'user_agent', 'ip_address'])
    .where('user_id', '=', userId)
    .where('at', '>=', since)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
