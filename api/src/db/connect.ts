// Opens the database: SQLite (better-sqlite3, WAL) by default, PostgreSQL (pg pool) when a URL is given.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import type { Database } from './schema';
import { openSqliteReader } from './sqlite-reader';
import { pgTimeoutOptions } from './time-limits';
import type { PgTimeouts } from '../config';

export type DialectName = 'sqlite' | 'postgres';

export type Db = {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The PostgreSQL schema in use when one was chosen (tests); migrations keep their records there. */
  pgSchema?: string;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl: string | null;
  sqlitePath: string;
  /** PostgreSQL schema to use (tests give each file its own); created if missing. */
  pgSchema?: string;
  pgPoolSize?: number;
  /** PostgreSQL time limits (the API's server passes its config's); none when absent (commands, benches). */
  pgTimeouts?: PgTimeouts;
};

/** better-sqlite3 binds no booleans or Dates; map them here so the rest of the code need not care. */
function sqliteParam(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** Kysely prepares every query afresh; preparing costs more than running, so statements are kept per SQL text. */
const STATEMENT_CACHE_SIZE = 500;

function wrapSqlite(raw: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  const prepareCached = (query: string) => {
    let stmt = statements.get(query);
    if (!stmt) {
      stmt = raw.prepare(query);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      statements.set(query, stmt);
    }
    return stmt;
  };
  return {
    close: () => raw.close(),
    prepare(query: string): SqliteStatement {
      const stmt = prepareCached(query);
      const map = (params: ReadonlyArray<unknown>) => params.map(sqliteParam);
      return {
        reader: stmt.reader,
        all: (params) => stmt.all(...map(params)),
        run: (params) => stmt.run(...map(params)),
        iterate: (params) => stmt.iterate(...map(params)) as IterableIterator<unknown>,
      };
    },
  };
}

function openSqlite(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const raw = new BetterSqlite3(file);
  if (file !== ':memory:') raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: wrapSqlite(raw) }) });
  if (file === ':memory:') return { db, dialect: 'sqlite', ...lifecycle(db) };
  // A file: the hot reads get a read-only connection of their own (sqlite-reader.ts).
  const reader = openSqliteReader(db, file, sqliteParam);
  const { ping, close } = lifecycle(db);
  return {
    db,
    dialect: 'sqlite',
    ping,
    async close() {
      await close();
      reader.close();
    },
  };
}

/** The health check and shutdown, the same for both dialects. */
function lifecycle(db: Kysely<Database>): Pick<Db, 'ping' | 'close'> {
  return {
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}

/** DATE columns stay 'YYYY-MM-DD' text (pg would turn them into local-midnight Dates). */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 1082) return (value: string) => value;
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/** How often a query text must have run before it is kept as a named statement, and how many are kept. */
export const NAMED_STATEMENT_AFTER = 3;
export const NAMED_STATEMENT_LIMIT = 200;

/**
 * The query texts worth a named (server-side prepared) statement: those that have run
 * NAMED_STATEMENT_AFTER times, up to NAMED_STATEMENT_LIMIT of them per process. A named statement
 * is parsed and planned once per connection; an unnamed one, which is what Kysely asks node-postgres
 * for, is parsed, analysed and planned by the server on every call. One-off texts (migrations, the
 * seed, `in (...)` lists of varying length) stay unnamed, so the set of statements on a connection
 * is bounded.
 */
export type StatementNamer = {
  /** The statement name to run `text` under, or undefined to run it unnamed. */
  nameOf(text: string): string | undefined;
  /** A new name for `text`, so every connection prepares it afresh (its tables changed shape). */
  rename(text: string): void;
};

export function statementNamer(after = NAMED_STATEMENT_AFTER, limit = NAMED_STATEMENT_LIMIT): StatementNamer {
  const names = new Map<string, string>();
  const seen = new Map<string, number>();
  let made = 0;
  return {
    nameOf(text) {
      const name = names.get(text);
      if (name !== undefined || names.size >= limit) return name;
      const count = (seen.get(text) ?? 0) + 1;
      if (count < after) {
        // Counting is bounded too: a flood of one-off texts starts the count afresh.
        if (seen.size >= 10 * limit) seen.clear();
        seen.set(text, count);
        return undefined;
      }
      seen.delete(text);
      const named = `portal_${made++}`;
      names.set(text, named);
      return named;
    },
    rename(text) {
      if (names.has(text)) names.set(text, `portal_${made++}`);
    },
  };
}

/**
 * PostgreSQL refuses to run a prepared statement whose result columns changed since it was prepared
 * (another instance's migration added a column to a table it reads with `*`).
 */
function isStalePlan(error: unknown): boolean {
  return (error as { code?: unknown }).code === '0A000' && /cached plan must not change result type/.test(String((error as Error).message));
}

/** A pg client that runs the hot query texts (statementNamer) as named statements; others as they come. */
function namedStatementClient(statements: StatementNamer): typeof pg.Client {
  return class NamedStatementClient extends pg.Client {
    // pg's overloads are many; Kysely calls query(text, values) and expects a promise.
    override query(...args: unknown[]): never {
      const [text, values] = args;
      if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
        const name = statements.nameOf(text);
        if (name) return this.queryNamed(text, values, name) as never;
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }

    private async queryNamed(text: string, values: unknown[], name: string): Promise<pg.QueryResult> {
      // Inside a transaction a failed statement spoils it: that is for its caller to see.
      const inTransaction = this.getTransactionStatus() !== 'I';
      try {
        return await super.query({ text, values, name });
      } catch (error) {
        if (!isStalePlan(error)) throw error;
        statements.rename(text);
        if (inTransaction) throw error;
        // Nothing ran: run it again, prepared afresh under its new name.
        return super.query({ text, values, name: statements.nameOf(text) });
      }
    }
  };
}

async function openPostgres(url: string, schema: string | undefined, poolSize: number, timeouts: PgTimeouts | undefined): Promise<Db> {
  if (schema) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Bad schema name "${schema}"`);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: pgTypes,
    Client: namedStatementClient(statementNamer()),
    ...(timeouts ? pgTimeoutOptions(timeouts) : {}),
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection dropped by the server must not crash the process: the next query fails
  // cleanly (500) and /healthz reports the database as down.
  pool.on('error', () => undefined);
  // The same for a connection dropped while a query runs on it: its query fails (500) and the pool
  // drops it on release, but pg-pool listens only to idle clients, so without this listener the
  // client's 'error' event would have none and end the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', pgSchema: schema, ...lifecycle(db) };
}

export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.pgSchema, options.pgPoolSize ?? 10, options.pgTimeouts);
  return openSqlite(options.sqlitePath);
}

/** Drops a PostgreSQL schema and everything in it (test clean-up). */
export async function dropPostgresSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Bad schema name "${schema}"`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await admin.end();
  }
}
