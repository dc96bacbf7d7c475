// Hot queries built once. Kysely builds, freezes and compiles a query on every call, which on the
// hot routes cost more than SQLite took to run it. `prepared` builds the query once with stand-in
// values, then runs the same SQL text with the real values in their places: SQLite reuses its
// prepared statement for that text (connect.ts), PostgreSQL gets the same text every time. On a
// SQLite file a read skips Kysely's executor altogether (sqlite-reader.ts), and a read marked `kept`
// answers from memory while the file has not changed (its data_version, sqlite-reader.ts).
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';
import { sqliteReaderOf } from './sqlite-reader';

export type PreparedOptions = {
  /**
   * SQLite on a file: keep the answers of this read for up to this many distinct values while the
   * database file's data_version holds (no commit by any connection since). For small, hot reads
   * (the session checks); their rows are then frozen and shared. Ignored on PostgreSQL, where the
   * database may change without this process seeing it, and on `:memory:`.
   */
  kept?: number;
};

/**
 * How many answers of each session check (the session alone, with its employment's owner, with its
 * user's record) are kept on a SQLite file while it is unchanged: one per signed-in browser (and
 * employment) asked about, each under 1 KB.
 */
export const SESSION_CHECKS_KEPT = 10_000;

type Slot = { arg: number } | { value: unknown };

/** A query of `build`'s shape, run with the given values (strings or numbers, as `build` uses them). */
export function prepared<A extends unknown[], R>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, ...args: A) => Compilable<R>,
  arity: A['length'],
  options: PreparedOptions = {},
): (...args: A) => Promise<R[]> {
  // Stand-ins no real value can equal: each parameter of the compiled query is either one of them
  // (filled in per call) or a constant of the query (a LIMIT), kept as it is.
  const markers = Array.from({ length: arity }, (_, i) => `\u0000prepared-${i}\u0000`);
  const compiled = build(db, ...(markers as A)).compile();
  const slots: Slot[] = compiled.parameters.map((p) => (typeof p === 'string' && markers.includes(p) ? { arg: markers.indexOf(p) } : { value: p }));
  if (slots.filter((s) => 'arg' in s).length < arity) throw new Error(`prepared: a value was not used as a query parameter in ${compiled.sql}`);
  const values = (args: A) => slots.map((s) => ('arg' in s ? args[s.arg] : s.value));
  // SQLite on a file: a read runs straight on its statement of the reader connection (sqlite-reader.ts).
  const reader = compiled.query.kind === 'SelectQueryNode' ? sqliteReaderOf(db) : undefined;
  if (reader) {
    const read = options.kept ? reader.prepareKept(compiled.sql, options.kept) : reader.prepare(compiled.sql);
    return async (...args: A) => read(values(args)) as R[];
  }
  return async (...args: A) => {
    const query: CompiledQuery<R> = { ...compiled, parameters: values(args) };
    return (await db.executeQuery(query)).rows;
  };
}
