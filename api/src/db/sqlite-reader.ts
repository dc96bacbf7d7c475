// SQLite: the hot reads (db/prepared.ts) run straight on a better-sqlite3 statement of a connection of
// their own. Through Kysely each of them waited for its driver's connection mutex and went through
// its async executor around a statement that runs synchronously in a few microseconds.
//
// A connection of their own, opened read-only, because the app's connection may be inside a
// transaction (Kysely holds it across awaits): a read on it would see that transaction's uncommitted
// writes (a payslip list's version that a rollback then takes back). In WAL mode each read on the
// reader sees what was committed when it began, by this process or another.
import BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export type SqliteReader = {
  /** The rows of `sql` with `parameters`, read synchronously from the last commit. */
  prepare(sql: string): (parameters: readonly unknown[]) => unknown[];
  close(): void;
};

const readers = new WeakMap<Kysely<Database>, SqliteReader>();

/** The reader of `db`'s file, if it has one (an on-disk SQLite database; not `:memory:`, not PostgreSQL). */
export function sqliteReaderOf(db: Kysely<Database>): SqliteReader | undefined {
  return readers.get(db);
}

/** Opens a read-only connection to `file` (already in WAL mode) for `db`'s hot reads. */
export function openSqliteReader(db: Kysely<Database>, file: string, bind: (value: unknown) => unknown): SqliteReader {
  const raw = new BetterSqlite3(file, { readonly: true });
  raw.pragma('busy_timeout = 5000');
  const reader: SqliteReader = {
    prepare(sql) {
      // Prepared on first use: a query may be built before the migrations that make its tables.
      let statement: BetterSqlite3.Statement | undefined;
      return (parameters) => (statement ??= raw.prepare(sql)).all(...parameters.map(bind));
    },
    close: () => raw.close(),
  };
  readers.set(db, reader);
  return reader;
}
