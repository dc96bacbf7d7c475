// The known_devices table (auth/known-devices.ts decides).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Marks the device seen now; false when the account does not know it. */
export async function touchKnownDevice(db: Kysely<Database>, userId: string, deviceHash: string, now: string): Promise<boolean> {
  const row = await db
    .updateTable('known_devices')
    .set({ last_seen_at: now })
    .where('user_id', '=', userId)
    .where('device_hash', '=', deviceHash)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the account has signed in from any device before. */
export async function hasKnownDevice(db: Kysely<Database>, userId: string): Promise<boolean> {
  return (await db.selectFrom('known_devices').select('user_id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;
}

/** Adds the device to the account; false when it was there already (two sign-ins at once). */
export async function insertKnownDevice(db: Kysely<Database>, userId: string, deviceHash: string, now: string): Promise<boolean> {
  const row = await db
    .insertInto('known_devices')
    .values({ user_id: userId, device_hash: deviceHash, created_at: now, last_seen_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}
