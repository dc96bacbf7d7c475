// The throttle_counters table (throttle.ts decides). INSERT ... ON CONFLICT DO UPDATE ... WHERE ...
// RETURNING works the same on SQLite (3.35+) and PostgreSQL.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Raises the counter by one while it is under its limit (or starts it afresh when its window has
 * ended): the new count, or undefined when the counter is full.
 */
export async function takeSlot(
  trx: Kysely<Database>,
  key: string,
  limit: { max: number; windowMs: number },
  nowMs: number,
): Promise<{ count: number } | undefined> {
  return trx
    .insertInto('throttle_counters')
    .values({ key, count: 1, window_ends_ms: nowMs + limit.windowMs })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet((eb) => {
          const ended = eb('throttle_counters.window_ends_ms', '<=', nowMs);
          return {
            count: eb
              .case()
              .when(ended)
              .then(1)
              .else(eb('throttle_counters.count', '+', 1))
              .end(),
            window_ends_ms: eb
              .case()
              .when(ended)
              .then(nowMs + limit.windowMs)
              .else(eb.ref('throttle_counters.window_ends_ms'))
              .end(),
          };
        })
        .where((eb) => eb.or([eb('throttle_counters.count', '<', limit.max), eb('throttle_counters.window_ends_ms', '<=', nowMs)])),
    )
    .returning('count')
    .executeTakeFirst();
}

/** When the counter's window ends (epoch ms), if it exists. */
export async function windowEnd(trx: Kysely<Database>, key: string): Promise<number | string | undefined> {
  const row = await trx.selectFrom('throttle_counters').select('window_ends_ms').where('key', '=', key).executeTakeFirst();
  return row?.window_ends_ms;
}

/** One slot back, never below zero. */
export async function giveBackSlot(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable('throttle_counters')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

export async function deleteCounter(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('throttle_counters').where('key', '=', key).execute();
}

export async function deleteEndedCounters(db: Kysely<Database>, nowMs: number): Promise<void> {
  await db.deleteFrom('throttle_counters').where('window_ends_ms', '<=', nowMs).execute();
}

export function counterRow(db: Kysely<Database>, key: string) {
  return db.selectFrom('throttle_counters').select(['count', 'window_ends_ms']).where('key', '=', key).executeTakeFirst();
}
