// SQLite: the hot reads (db/prepared.ts) run straight on a better-sqlite3 statement of a connection of
// their own. Through Kysely each of them waited for its driver's connection mutex and went through
// its async executor around a statement that runs synchronously in a few microseconds.
//
// A connection of their own, opened read-only, because the app's connection may be inside a
// transaction (Kysely holds it across awaits): a read on it would see that transaction's uncommitted
// writes (a payslip list's version that a rollback then takes back). In WAL mode each read on the
// reader sees what was committed when it began, by this process or another.
//
// The session checks of the hot routes are asked again and again with the same values while nothing
// is written: their answers can be kept for as long as the database file has not changed.
// `PRAGMA data_version` on this connection tells: its value changes whenever ANY other connection
// commits to the file (the app's own writer, another API process, a command-line import), and this
// read-only connection commits nothing itself. Reading it costs ~0.9 µs against ~6 µs for the check
// (a loop of 50,000 on this machine), and it is read before every use of a kept answer, so a kept
// answer is exactly as fresh as the query would have been: a session revoked by any process is
// refused by the next request that starts after the revocation's commit.
import BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { BoundedMap } from '../cache/bounded-map';
import type { Database } from './schema';

export type SqliteRead = (parameters: readonly unknown[]) => unknown[];

export type SqliteReader = {
  /** The rows of `sql` with `parameters`, read synchronously from the last commit. */
  prepare(sql: string): SqliteRead;
  /**
   * The same, with each answer kept (per parameter values, at most `maxEntries`) while the file's
   * data_version holds: the rows are those of the last commit, as `prepare`'s. They are frozen:
   * every caller with the same values gets the same objects.
   */
  prepareKept(sql: string, maxEntries: number): SqliteRead;
  /** The connection's `PRAGMA data_version`: changes whenever another connection has committed. */
  dataVersion(): number;
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
  const version = raw.prepare('PRAGMA data_version').pluck();
  const dataVersion = () => version.get() as number;
  const prepare = (sql: string): SqliteRead => {
    // Prepared on first use: a query may be built before the migrations that make its tables.
    let statement: BetterSqlite3.Statement | undefined;
    return (parameters) => (statement ??= raw.prepare(sql)).all(...parameters.map(bind));
  };
  const reader: SqliteReader = {
    prepare,
    prepareKept(sql, maxEntries) {
      const read = prepare(sql);
      const kept = new BoundedMap<string, unknown[]>({ maxEntries });
      let keptAt: number | undefined;
      return (parameters) => {
        // The version first, then (on a miss) the query: an answer kept under version v was read
        // from v's commit or a later one, and it is used only by a request that reads v again,
        // i.e. after its query and with no commit in between: the answer is then the file's.
        const now = dataVersion();
        if (now !== keptAt) {
          kept.clear();
          keptAt = now;
        }
        const key = JSON.stringify(parameters);
        let rows = kept.peek(key);
        if (rows === undefined) {
          rows = Object.freeze(read(parameters).map((row) => Object.freeze(row))) as unknown[];
          kept.set(key, rows);
        }
        return rows;
      };
    },
    dataVersion,
    close: () => raw.close(),
  };
  readers.set(db, reader);
  return reader;
}
