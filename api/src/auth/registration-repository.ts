// The pending_registrations table: one live link per address until it is spent or expires (registration.ts decides).
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/convert';

type Registration = Omit<Insertable<Database['pending_registrations']>, 'email' | 'used_at'>;
export type PendingRegistration = Selectable<Database['pending_registrations']>;

/** Expired links go as new ones are asked for, so the table stays small. */
export async function deleteExpiredRegistrations(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('pending_registrations').where('expires_at', '<=', nowIso()).execute();
}

/**
 * One live link per address (a partial unique index): a new registration takes the place of the
 * earlier one in the same statement, so an older link, whoever asked for it, stops working.
 */
export async function replaceRegistration(db: Kysely<Database>, email: string, registration: Registration): Promise<void> {
  await db
    .insertInto('pending_registrations')
    .values({ ...registration, email, used_at: null })
    .onConflict((oc) => oc.column('email').where('used_at', 'is', null).doUpdateSet(registration))
    .execute();
}

/** The address of the live link with this hash, if any. */
export async function pendingRegistrationEmail(db: Kysely<Database>, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('pending_registrations')
    .select('email')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return row?.email;
}

/** Spends the live link with this hash (once, however many ask at once); undefined when there is none. */
export function spendRegistration(db: Kysely<Database>, tokenHash: string): Promise<PendingRegistration | undefined> {
  const now = nowIso();
  return db
    .updateTable('pending_registrations')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Gives the address's live registration a new link (the old one stops working) valid from now;
 * false when the address has no live registration.
 */
export async function renewRegistration(db: Kysely<Database>, email: string, tokenHash: string, expiresAt: string): Promise<boolean> {
  const renewed = await db
    .updateTable('pending_registrations')
    .set({ token_hash: tokenHash, expires_at: expiresAt })
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) > 0;
}
