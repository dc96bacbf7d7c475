// The linking_codes table (codes.ts decides; every function runs inside an attempt's transaction).
import type { Insertable } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/convert';
import type { Trx } from './repository';

export async function insertLinkingCode(trx: Trx, row: Insertable<Database['linking_codes']>): Promise<void> {
  await trx.insertInto('linking_codes').values(row).execute();
}

/** Spends every unspent code of the user. */
export async function spendCodesOfUser(trx: Trx, userId: string): Promise<void> {
  await trx.updateTable('linking_codes').set({ used_at: nowIso() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** The user's codes with this hash, live or not, newest first, with the state of each one's record. */
export function codesWithHash(trx: Trx, userId: string, codeHash: string) {
  return trx
    .selectFrom('linking_codes')
    .innerJoin('employments', 'employments.id', 'linking_codes.employment_id')
    .select([
      'linking_codes.id',
      'linking_codes.employment_id',
      'linking_codes.used_at',
      'linking_codes.expires_at',
      'linking_codes.failed_tries',
      'employments.locked_at',
      'employments.user_id',
    ])
    .where('linking_codes.user_id', '=', userId)
    .where('linking_codes.code_hash', '=', codeHash)
    .orderBy('linking_codes.created_at', 'desc')
    .execute();
}

/** One wrong try more on each of the user's live codes still under `maxTries`. */
export async function addCodesWrongTry(trx: Trx, userId: string, maxTries: number): Promise<void> {
  await trx
    .updateTable('linking_codes')
    .set((eb) => ({ failed_tries: eb('failed_tries', '+', 1) }))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .where('failed_tries', '<', maxTries)
    .execute();
}

/** Spends the code; false when it was spent already. */
export async function spendCode(trx: Trx, codeId: string): Promise<boolean> {
  const spent = await trx.updateTable('linking_codes').set({ used_at: nowIso() }).where('id', '=', codeId).where('used_at', 'is', null).executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

/** Spends every pending code for the record. */
export async function spendCodesOfRecord(trx: Trx, employmentId: string): Promise<void> {
  await trx.updateTable('linking_codes').set({ used_at: nowIso() }).where('employment_id', '=', employmentId).where('used_at', 'is', null).execute();
}
