// The log of lenders' checks: one row per check answered, with no link to the pack checked, kept
// PACK_CHECK_LOG_DAYS (older rows go as new ones are written).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newId } from '../db/convert';

export type PackCheckLogEntry = { codeFound: boolean; result: 'genuine' | 'changed' | 'unknown'; clientHash: string; checkedAt: Date };

export async function logPackCheck(db: Kysely<Database>, entry: PackCheckLogEntry): Promise<void> {
  await db
    .insertInto('pack_checks')
    .values({
      id: newId('chk'),
      checked_at: entry.checkedAt.toISOString(),
      code_found: entry.codeFound,
      result: entry.result,
      client_hash: entry.clientHash,
    })
    .execute();
}

/** Drops the rows of checks made before `before`. */
export async function deleteChecksBefore(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('pack_checks').where('checked_at', '<', before.toISOString()).execute();
}
