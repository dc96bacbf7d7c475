// Atomic attempt counters in fixed windows (the throttle_counters table). An attempt takes a slot
// from each of its counters BEFORE it is evaluated: a conditional upsert raises a counter only while
// it is under its limit (or its window has ended), so however many attempts arrive at once, no more
// than the limit are let through. INSERT ... ON CONFLICT DO UPDATE ... WHERE ... RETURNING works the
// same on SQLite (3.35+) and PostgreSQL.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { counterRow, deleteCounter, deleteEndedCounters, giveBackSlot, takeSlot, windowEnd } from './repository';
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
          const taken = await takeSlot(trx, key, limit, nowMs);
          if (!taken) {
            const windowEndsMs = await windowEnd(trx, key);
            throw new Refused({ key, retryAfterMs: Math.max(1000, Number(windowEndsMs ?? nowMs) - nowMs) });
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
    await giveBackSlot(this.db, key);
  }

  /** Starts a counter afresh (e.g. a successful sign-in ends a run of failures). */
  async clear(keys: string[]): Promise<void> {
    // One row a statement: a DELETE of several rows locks them in an order of its own, which can
    // deadlock (PostgreSQL 40P01) with a take() holding one of them while it waits for the next.
    for (const key of keys) await deleteCounter(this.db, key);
  }

  /** Counters whose window has ended are dropped once a minute, so guessed e-mail addresses do not pile up. */
  private async pruneNowAndThen(nowMs: number): Promise<void> {
    if (nowMs - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = nowMs;
    await deleteEndedCounters(this.db, nowMs);
  }

  /** The counter's value now (0 when absent or its window has ended): for tests and the reliability figures. */
  async count(key: string, nowMs = Date.now()): Promise<number> {
    const row = await counterRow(this.db, key);
    return row && Number(row.window_ends_ms) > nowMs ? row.count : 0;
  }
}
