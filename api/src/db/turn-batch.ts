// One query for the same question asked by many requests in one event-loop turn. Under load the
// server parses several requests per turn, and each asks the database whether its session is live
// (with its employment or user record): on PostgreSQL each question is a round trip the server plans
// and runs, and the API encodes and parses. A batcher collects the keys asked until the turn ends
// (`setImmediate`: after every request parsed in this turn's poll phase ran its hooks) or the batch
// is full, then sends one query for all of them and hands each caller its own answer.
//
// Sound for revocation: a caller's key joins a batch only when that caller asks, and the batch's
// query is sent after its last key joined, so every request's check runs after the request
// arrived: a session revoked before that is refused, as with one query per request.

import { sql, type RawBuilder } from 'kysely';

/** Asks `run` about the keys it is given; answers one value per key, in the keys' order. */
export type BatchRunner<K, R> = (keys: K[]) => Promise<R[]>;

/** The most keys in one query (a bound on its parameters and on a request's wait behind others). */
export const TURN_BATCH_LIMIT = 64;

type Waiting<K, R> = { key: K; resolve: (value: R) => void; reject: (error: unknown) => void };

export function turnBatcher<K, R>(run: BatchRunner<K, R>, limit = TURN_BATCH_LIMIT): (key: K) => Promise<R> {
  let batch: Waiting<K, R>[] = [];
  const flush = () => {
    const sent = batch;
    batch = [];
    if (sent.length === 0) return;
    run(sent.map((w) => w.key))
      .then(
        (answers) => {
          if (answers.length !== sent.length) throw new Error(`turnBatcher: ${answers.length} answers for ${sent.length} keys`);
          sent.forEach((w, i) => w.resolve(answers[i]!));
        },
        (error: unknown) => sent.forEach((w) => w.reject(error)),
      )
      .catch((error: unknown) => sent.forEach((w) => w.reject(error)));
  };
  return (key) =>
    new Promise<R>((resolve, reject) => {
      batch.push({ key, resolve, reject });
      if (batch.length === 1) setImmediate(flush);
      else if (batch.length >= limit) flush();
    });
}

/**
 * PostgreSQL: the keys of a batch as a table for its FROM, one row per key (arrays of text joined
 * by position) with `position`, the key's place in the batch counted from 1 (`positioned`).
 *
 * Each array is a sub-select (an InitPlan), not the bare parameter: for a bare array parameter the
 * planner's custom plan knows the array's length and estimates the rows exactly (4 keys: 4 rows),
 * while the statement's generic plan guesses 10, so the custom plans always looked cheaper and, once
 * the tables were large (200,000 users), the server planned the query afresh on every execution
 * (~300 µs of its CPU per batch instead of ~0 for the cached plan). Through a sub-select both
 * estimate 10 and the generic plan is kept after the fifth run, as for any named statement.
 */
export function batchKeys<T>(arrays: readonly string[][]): RawBuilder<T> {
  return sql<T>`(select * from unnest(${sql.join(arrays.map((values) => sql`(select ${values}::text[])`))}) with ordinality)`;
}

/**
 * The rows of a batch query put back in the order of its keys: each row carries `position`, its
 * key's place in the batch counted from 1 (`unnest ... with ordinality`, a bigint pg reads as a
 * string); a key with no row gets undefined.
 */
export function positioned<T extends { position: string | number }>(rows: T[], keys: number): (T | undefined)[] {
  const answers = new Array<T | undefined>(keys).fill(undefined);
  for (const row of rows) answers[Number(row.position) - 1] = row;
  return answers;
}

/**
 * Asks `ask` only about keys a text column can hold: PostgreSQL text holds no NUL, so a key with one
 * matches no row (answered undefined here), and sent in a batch it would fail the query of every
 * caller in it. The routes refuse such ids before asking; this keeps one caller's key from ever
 * costing the others their answers.
 */
export function storableKeysOnly<K extends Record<string, string>, R>(ask: (key: K) => Promise<R | undefined>): (key: K) => Promise<R | undefined> {
  return (key) => (Object.values(key).some((value) => value.includes('\u0000')) ? Promise.resolve(undefined) : ask(key));
}
