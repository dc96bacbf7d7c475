// Atomic attempt counters in fixed windows (the throttle_counters table). An attempt takes a slot
// from each of its counters BEFORE it is evaluated: a conditional upsert raises a counter only while
// it is under its limit (or its window has ended), so however many attempts arrive at once, no more
// than the limit are let through. INSERT ... ON CONFLICT DO UPDATE ... WHERE ... RETURNING works the
// same on SQLite (3.35+) and PostgreSQL.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
/** At most `max` attempts in a fixed window of `windowMs`. */
export type Limit = { max: number; windowMs: number };
export type Counter = { key: string; limit: Limit };
/** Which counter said no, and how long until its window ends. */
export type Refusal = { key: string; retryAfterMs: number };

/** What a counter counts ('sign-in:account+address'), without the hashed address or the client address: for logs. */
export const counterKind = (key: string) => key.split(':').slice(0, 2).join(':');

class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super('refused');
  }
}

const PRUNE_EVERY_MS = 60_000;

export class Throttle {
  private lastPrune = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Takes one slot from every counter, or from none: all in one transaction, rolled back when a
   * counter is full. Counters are always taken in the order given, so two attempts never wait on
   * each other's rows in opposite orders.
   */
  async take(counters: Counter[], nowMs = Date.now()): Promise<Refusal | null> {
    await this.pruneNowAndThen(nowMs);
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const { key, limit } of counters) {
          const taken = await trx
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
          if (!taken) {
            const row = await trx.selectFrom('throttle_counters').select('window_ends_ms').where('key', '=', key).executeTakeFirst();
            throw new Refused({ key, retryAfterMs: Math.max(1000, Number(row?.window_ends_ms ?? nowMs) - nowMs) });
          }
        }
      });
      return null;
    } catch (err) {
      if (err instanceof Refused) return err.refusal;
      throw err;
    }
  }

  /** Gives one slot back (the attempt turned out not to be a failure). */
  async giveBack(key: string): Promise<void> {
    await this.db
      .updateTable('throttle_counters')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', key)
      .where('count', '>', 0)
      .execute();
  }

  /** Starts a counter afresh (e.g. a successful sign-in ends a run of failures). */
  async clear(keys: string[]): Promise<void> {
    // One row a statement: a DELETE of several rows locks them in an order of its own, which can
    // deadlock (PostgreSQL 40P01) with a take() holding one of them while it waits for the next.
    for (const key of keys) await this.db.deleteFrom('throttle_counters').where('key', '=', key).execute();
  }

  /** Counters whose window has ended are dropped once a minute, so guessed e-mail addresses do not pile up. */
  private async pruneNowAndThen(nowMs: number): Promise<void> {
    if (nowMs - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = nowMs;
    await this.db.deleteFrom('throttle_counters').where('window_ends_ms', '<=', nowMs).execute();
  }

  /** The counter's value now (0 when absent or its window has ended): for tests and the reliability figures. */
  async count(key: string, nowMs = Date.now()): Promise<number> {
    const row = await this.db.selectFrom('throttle_counters').select(['count', 'window_ends_ms']).where('key', '=', key).executeTakeFirst();
    return row && Number(row.window_ends_ms) > nowMs ? row.count : 0;
  }
}
