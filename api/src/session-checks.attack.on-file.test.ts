// An adversary's tests of the kept session checks (db/sqlite-reader.ts) on a SQLite file, over real
// HTTP: a second API instance on the same file signing a session out while a burst is in flight,
// a revocation in a transaction of this API's own connection that rolls back (still live) or commits
// (refused), an employment moved to another user, a user's record changed, a VACUUM and a WAL
// checkpoint by another process, and the file restored from a backup by another process. Each must
// be seen by the very next request. In memory and on PostgreSQL nothing is kept: the last describe runs there.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { openDatabase } from './db/connect';
import { prepared, SESSION_CHECKS_KEPT } from './db/prepared';
import { sqliteReaderOf } from './db/sqlite-reader';
import { CLIENT_ID, createTestApp, DEMO, FRONT_END, PG_URL, signInAlex, signInSam } from './test/helpers';
import type { TestApp } from './test/helpers';
import { burst, listen, payslipsPath, signedInGet } from './test/burst';
import { ALEX_PAYSLIPS, checkRoutesOf, sessionIdOf, statusesOf } from './test/session-checks';
import type { LiveServer } from './test/burst';
import { execInAnotherProcess, restoreInAnotherProcess, revokeInAnotherProcess, writeInAnotherProcess } from './test/other-process';

const onSqliteFile = PG_URL ? describe.skip : describe;
const PARALLEL = 150;

onSqliteFile('kept session checks under attack (SQLite file, real HTTP)', () => {
  let t: TestApp & { sqlitePath: string | null };
  let file: string;
  let server: LiveServer;
  /** A second API instance on the same file: its own connections, its own kept answers. */
  let second: FastifyInstance;
  let secondServer: LiveServer;
  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'warn' }, { sqliteFile: true });
    file = t.sqlitePath!;
    server = await listen(t.app);
    second = await buildApp({ config: t.config, database: await openDatabase({ databaseUrl: null, sqlitePath: file }) });
    secondServer = await listen(second);
  }, 60_000);
  afterAll(async () => {
    server.close();
    secondServer.close();
    await second.close();
    await t.close();
  });

  it.each([
    ['this instance', () => server],
    ['a second API instance on the same file', () => secondServer],
  ])('refuses every request sent after %s answered a sign-out, though a burst was in flight', async (_, signOutOn) => {
    const alex = await signInAlex(t.app);
    const elsewhere = await signInAlex(t.app); // the same user's other session lives on
    const routes = checkRoutesOf(alex, ALEX_PAYSLIPS);
    const others = checkRoutesOf(elsewhere, ALEX_PAYSLIPS);
    // Kept on both instances.
    for (let i = 0; i < 2; i++) {
      expect(await statusesOf(server, routes)).toEqual([200, 200, 200]);
      expect(await statusesOf(secondServer, routes)).toEqual([200, 200, 200]);
    }
    const mixed = Array.from({ length: PARALLEL }, (_, i) => [...routes, ...others][i % 6]!);
    const inFlight = burst(server, mixed);
    const signOut = await signOutOn().send({
      method: 'POST',
      path: '/app/logout/',
      headers: { cookie: alex.jar.header(), origin: FRONT_END, 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: CLIENT_ID }),
    });
    expect(signOut.status).toBe(204);
    await inFlight;
    const { answers } = await burst(server, mixed);
    answers.forEach((answer, i) => expect(answer.status).toBe(i % 6 < 3 ? 401 : 200));
    expect(await statusesOf(secondServer, routes)).toEqual([401, 401, 401]);
  });

  it('keeps a session live after its revocation in this API’s own transaction rolled back, and refuses it once one commits', async () => {
    const alex = await signInAlex(t.app);
    const routes = checkRoutesOf(alex, ALEX_PAYSLIPS);
    expect(await statusesOf(server, routes)).toEqual([200, 200, 200]);
    const revokeIn = (trx: typeof t.database.db) =>
      trx.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('id', '=', sessionIdOf(alex)).execute();
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await revokeIn(trx);
        expect(await statusesOf(server, routes)).toEqual([200, 200, 200]); // not committed
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await statusesOf(server, routes)).toEqual([200, 200, 200]);
    expect(await statusesOf(secondServer, routes)).toEqual([200, 200, 200]);
    await t.database.db.transaction().execute(async (trx) => {
      await revokeIn(trx);
      await trx.updateTable('users').set({ email: 'alex.txn@example.com' }).where('id', '=', alex.sub).execute();
      expect(await statusesOf(server, routes)).toEqual([200, 200, 200]);
    });
    expect(await statusesOf(server, routes)).toEqual([401, 401, 401]);
    expect(await statusesOf(secondServer, routes)).toEqual([401, 401, 401]);
  });

  it('answers 404 at once for an employment another process moved to another user, and the new owner gets it', async () => {
    const alex = await signInAlex(t.app);
    const sam = await signInSam(t.app);
    const samsView = signedInGet(sam, payslipsPath(DEMO.sam.id, DEMO.employments.alexNorthwind));
    const alexsOwn = await server.send(signedInGet(alex, ALEX_PAYSLIPS));
    expect(alexsOwn.status).toBe(200);
    expect((await server.send(samsView)).status).toBe(404); // kept: not Sam's
    try {
      expect(writeInAnotherProcess(file, 'update employments set user_id = ? where id = ?', [DEMO.sam.id, DEMO.employments.alexNorthwind])).toBe(1);
      expect((await server.send(signedInGet(alex, ALEX_PAYSLIPS))).status).toBe(404);
      const moved = await server.send(samsView);
      expect(moved.status).toBe(200);
      expect(moved.body).toBe(alexsOwn.body); // the same payslips, now Sam's
    } finally {
      writeInAnotherProcess(file, 'update employments set user_id = ? where id = ?', [DEMO.alex.id, DEMO.employments.alexNorthwind]);
    }
    expect((await server.send(signedInGet(alex, ALEX_PAYSLIPS))).body).toBe(alexsOwn.body);
    expect((await server.send(samsView)).status).toBe(404);
  });

  it('answers a user record another process changed (policy accepted, e-mail) at once', async () => {
    const alex = await signInAlex(t.app);
    const authorised = signedInGet(alex, '/api/users/authorised');
    const before = await server.send(authorised);
    expect(before.status).toBe(200);
    expect((await server.send(authorised)).body).toBe(before.body); // kept
    writeInAnotherProcess(file, 'update users set email = ?, privacy_policy_accepted = 1 where id = ?', ['alex.elsewhere@example.com', alex.sub]);
    const after = await server.send(authorised);
    expect(after.body).toContain('alex.elsewhere@example.com');
    expect(after.body).toMatch(/privacyPolicyAccepted\\?":true/);
  });

  it('refuses the next request after another process vacuumed, checkpointed, then revoked', async () => {
    const alex = await signInAlex(t.app);
    const routes = checkRoutesOf(alex, ALEX_PAYSLIPS);
    expect(await statusesOf(server, routes)).toEqual([200, 200, 200]);
    execInAnotherProcess(file, 'VACUUM; PRAGMA wal_checkpoint(TRUNCATE);');
    expect(await statusesOf(server, routes)).toEqual([200, 200, 200]); // nothing changed: still live
    execInAnotherProcess(file, 'PRAGMA wal_checkpoint(TRUNCATE);');
    expect(revokeInAnotherProcess(file, sessionIdOf(alex))).toBe(1);
    expect(await statusesOf(server, routes)).toEqual([401, 401, 401]);
  });

  // Last: the restore takes the file back to before the other tests' sign-ins.
  it('refuses a session the file no longer has once another process restored it from a backup (SQLite backup API)', async () => {
    const backup = path.join(path.dirname(file), 'backup.sqlite');
    const source = new BetterSqlite3(file, { readonly: true });
    try {
      await source.backup(backup);
    } finally {
      source.close();
    }
    const alex = await signInAlex(t.app); // after the backup: not in it
    const routes = checkRoutesOf(alex, ALEX_PAYSLIPS);
    expect(await statusesOf(server, routes)).toEqual([200, 200, 200]);
    expect(await statusesOf(secondServer, routes)).toEqual([200, 200, 200]);
    restoreInAnotherProcess(file, backup);
    expect(await statusesOf(server, routes)).toEqual([401, 401, 401]);
    expect(await statusesOf(secondServer, routes)).toEqual([401, 401, 401]);
    // The restored file serves new sign-ins.
    const again = await signInAlex(t.app);
    expect(await statusesOf(server, checkRoutesOf(again, ALEX_PAYSLIPS))).toEqual([200, 200, 200]);
    fs.rmSync(backup, { force: true });
  });
});

// SQLite in memory (no reader connection) and PostgreSQL (the database may change behind any
// instance's back): the `kept` option is ignored, each read asks the database.
describe('a read marked kept, where nothing may be kept (SQLite in memory, PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'warn' });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('has no reader and sees every write at once, its rows never shared', async () => {
    expect(sqliteReaderOf(t.database.db)).toBeUndefined();
    const live = prepared(t.database.db, (q, id: string) => q.selectFrom('sessions').select('id').where('id', '=', id).where('revoked_at', 'is', null), 1, {
      kept: SESSION_CHECKS_KEPT,
    });
    const now = new Date().toISOString();
    await t.database.db
      .insertInto('sessions')
      .values({
        id: 'ses_kept_ignored',
        user_id: DEMO.alex.id,
        created_at: now,
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        ends_at: new Date(Date.now() + 3_600_000).toISOString(),
        revoked_at: null,
      })
      .execute();
    const first = await live('ses_kept_ignored');
    expect(first).toEqual([{ id: 'ses_kept_ignored' }]);
    expect(await live('ses_kept_ignored')).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(false);
    await t.database.db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', 'ses_kept_ignored').execute();
    expect(await live('ses_kept_ignored')).toEqual([]);
  });

  it('refuses a session over HTTP right after its revocation', async () => {
    const alex = await signInAlex(t.app);
    const server = await listen(t.app);
    try {
      const routes = [ALEX_PAYSLIPS_PATH, '/api/users/authorised'].map((p) => ({ path: p, headers: { cookie: alex.jar.header() } }));
      for (let i = 0; i < 2; i++) expect(await statusesOf(server, routes)).toEqual([200, 200]);
      const token = alex.jar.get('__Host-app.at')!;
      const { sid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string };
      await t.database.db.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('id', '=', sid).execute();
      expect(await statusesOf(server, routes)).toEqual([401, 401]);
    } finally {
      server.close();
    }
  });
});

const ALEX_PAYSLIPS_PATH = `/api/users/${DEMO.alex.id}/employments/${DEMO.employments.alexNorthwind}/payslips`;
