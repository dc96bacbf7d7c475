// The database time limits (time-limits.ts). On PostgreSQL, over real HTTP: with the sessions table locked by
// another connection, 300 requests at once are answered 503 with Retry-After within the limits
// instead of queueing for ever, the pool is whole again once the lock goes, and migrations are not
// cut short by the statement limit (TEST_DATABASE_URL). On SQLite, a lock wait running out is "busy" too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { sql } from 'kysely';
import { createTestApp, DEMO, PG_URL, signInAlex } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { burst, listen } from '../test/burst';
import type { LiveServer } from '../test/burst';
import { DATABASE_BUSY_MESSAGE } from '../http/errors';
import { isDatabaseBusy } from './time-limits';
import { dropPostgresSchema, openDatabase } from './connect';
import { migrateToLatest } from './migrate';

const PARALLEL = 300;
const LIMITS = { connectMs: 400, statementMs: 300, idleInTransactionMs: 60_000 };
const onPostgres = PG_URL ? describe : describe.skip;

/** A connection of its own to the test's schema, as another instance or an operator's session would be. */
async function otherConnection(schema: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: PG_URL!, options: `-c search_path=${schema}` });
  await client.connect();
  return client;
}

onPostgres('PostgreSQL time limits', () => {
  let t: TestApp;
  let server: LiveServer;
  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'silent', pgTimeouts: LIMITS });
    server = await listen(t.app);
  }, 60_000);
  afterAll(async () => {
    server.close();
    await t.close();
  });

  it('answers 300 requests at once 503 with Retry-After while the database is stuck, then serves them all again', async () => {
    const alex = await signInAlex(t.app);
    const payslips = `/api/users/${DEMO.alex.id}/employments/${DEMO.employments.alexNorthwind}/payslips`;
    const calls = Array.from({ length: PARALLEL }, (_, i) => ({
      path: i % 2 === 0 ? payslips : '/api/users/authorised',
      headers: { cookie: alex.jar.header() },
    }));
    expect((await burst(server, calls)).statuses).toEqual({ 200: PARALLEL });

    const locker = await otherConnection(t.database.pgSchema!);
    try {
      await locker.query('begin');
      await locker.query('lock table sessions in access exclusive mode');
      const started = Date.now();
      const stuck = await burst(server, calls);
      const took = Date.now() - started;
      expect(stuck.statuses).toEqual({ 503: PARALLEL });
      for (const answer of stuck.answers) {
        expect(answer.headers['retry-after']).toBe('1');
        expect(JSON.parse(answer.body)).toEqual({ status: 503, error: DATABASE_BUSY_MESSAGE, code: 'service.busy', data: null });
      }
      // Bounded by the limits, not by the lock: every request waited at most a few of them.
      expect(took).toBeLessThan(10_000);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    // No connection was lost or left waiting: the same burst is served whole.
    expect((await burst(server, calls)).statuses).toEqual({ 200: PARALLEL });
  }, 60_000);

  it('cancels a statement that runs over the limit, and knows the error as "busy"', async () => {
    const error = await sql`select pg_sleep(2)`.execute(t.database.db).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseBusy(error)).toBe(true);
    expect((error as { code?: string }).code).toBe('57014');
  });

  it('lifts the statement limit for migrations, which may wait for another instance’s migration lock', async () => {
    const schema = `test_${process.pid}_migrate_limits`;
    const database = await openDatabase({ databaseUrl: PG_URL, sqlitePath: ':memory:', pgSchema: schema, pgPoolSize: 2, pgTimeouts: LIMITS });
    // Kysely's migration lock (its PostgreSQL adapter's LOCK_ID), held by "another instance" for 1 s.
    const other = await otherConnection(schema);
    try {
      await other.query(`select pg_advisory_lock(3853314791062309107)`);
      const released = new Promise((resolve) => setTimeout(resolve, 1000)).then(() => other.query(`select pg_advisory_unlock(3853314791062309107)`));
      const started = Date.now();
      const applied = await migrateToLatest(database);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(applied.length).toBeGreaterThan(0);
      await released;
      // The connection the migrations ran on is back under the limit.
      const rows = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(database.db);
      expect(rows.rows[0]!.statement_timeout).toBe('300ms');
    } finally {
      await other.end();
      await database.close();
      await dropPostgresSchema(PG_URL!, schema);
    }
  }, 30_000);
});

describe('isDatabaseBusy', () => {
  it('knows SQLite’s lock wait running out, and nothing else', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-busy-'));
    const file = path.join(dir, 'busy.sqlite');
    const holder = new BetterSqlite3(file);
    const waiter = new BetterSqlite3(file);
    try {
      waiter.pragma('busy_timeout = 0');
      holder.exec('create table t (x); begin immediate');
      const error = (() => {
        try {
          waiter.exec('begin immediate');
          return null;
        } catch (e) {
          return e;
        }
      })();
      expect(isDatabaseBusy(error)).toBe(true);
      expect(isDatabaseBusy(new Error('something else'))).toBe(false);
      expect(isDatabaseBusy('timeout exceeded when trying to connect')).toBe(false);
    } finally {
      holder.close();
      waiter.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
