// The account_closing_codes table (closing-codes.ts decides). Each change is one statement whose
// WHERE holds the rule, so it holds however many requests race, on SQLite and PostgreSQL alike.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type NewClosingCode = { userId: string; codeHash: string; createdAt: string; expiresAt: string };

/** A new code replaces the account's earlier one, spent or not: its tries start again. */
export async function replaceClosingCode(db: Kysely<Database>, code: NewClosingCode): Promise<void> {
  const values = { code_hash: code.codeHash, created_at: code.createdAt, expires_at: code.expiresAt, tries: 0, used_at: null };
  await db
    .insertInto('account_closing_codes')
    .values({ user_id: code.userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/**
 * Takes one of the live code's tries (unspent, unexpired, fewer than `maxTries` taken): its hash
 * and the tries taken so far, or undefined when there is no such code.
 */
export function takeClosingCodeTry(db: Kysely<Database>, userId: string, maxTries: number, now: string) {
  return db
    .updateTable('account_closing_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('tries', '<', maxTries)
    .returning(['code_hash', 'tries'])
    .executeTakeFirst();
}

/** Spends the code with this hash: false when it was spent (or replaced) meanwhile. */
export async function spendClosingCode(db: Kysely<Database>, userId: string, codeHash: string, now: string): Promise<boolean> {
  const row = await db
    .updateTable('account_closing_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}
