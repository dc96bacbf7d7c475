// SQLite on a database file, as in production: the session checks of every /api request answer from
// memory while the file is unchanged (its PRAGMA data_version, db/sqlite-reader.ts). Over real HTTP:
// a session ended by any writer — this process's own connection, another connection, another
// process on the same file (a second API instance) — is refused by the next request, on every
// kind of check (with the employment's owner, with the user's record, alone), in bursts of 300.
// PostgreSQL keeps no such answers (one question per request); this file runs on SQLite only.
import BetterSqlite3 from 'better-sqlite3';
import { createTestApp, DEMO, PG_URL, signInAlex, signInSam } from './test/helpers';
import type { TestApp } from './test/helpers';
import { burst, listen, payslipsPath, signedInGet } from './test/burst';
import { ALEX_PAYSLIPS, SAM_PAYSLIPS, checkRoutesOf, expectOwnAnswersInBursts, sessionIdOf, statusesOf } from './test/session-checks';
import type { LiveServer } from './test/burst';
import { revokeInAnotherProcess, writeInAnotherProcess } from './test/other-process';

const onSqliteFile = PG_URL ? describe.skip : describe;
const PARALLEL = 300;

onSqliteFile('session checks kept while the SQLite file is unchanged', () => {
  let t: TestApp & { sqlitePath: string | null };
  let file: string;
  let server: LiveServer;
  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'warn' }, { sqliteFile: true });
    file = t.sqlitePath!;
    server = await listen(t.app);
  }, 60_000);
  afterAll(async () => {
    server.close();
    await t.close();
  });

  it('refuses the next request after another process ended the session, on every kind of check', async () => {
    const alex = await signInAlex(t.app);
    const routes = checkRoutesOf(alex, ALEX_PAYSLIPS);
    for (let i = 0; i < 3; i++) expect(await statusesOf(server, routes)).toEqual([200, 200, 200]); // answers now kept
    expect(revokeInAnotherProcess(file, sessionIdOf(alex))).toBe(1);
    expect(await statusesOf(server, routes)).toEqual([401, 401, 401]);
  });

  it('refuses the next request after another connection of this process ended it, not before its commit', async () => {
    const alex = await signInAlex(t.app);
    const routes = checkRoutesOf(alex, ALEX_PAYSLIPS);
    expect(await statusesOf(server, routes)).toEqual([200, 200, 200]);
    const other = new BetterSqlite3(file);
    try {
      other.pragma('busy_timeout = 5000');
      other.exec('begin immediate');
      other.prepare('update sessions set revoked_at = ? where id = ?').run(new Date().toISOString(), sessionIdOf(alex));
      expect(await statusesOf(server, routes)).toEqual([200, 200, 200]); // not committed: still live
      other.exec('commit');
      expect(await statusesOf(server, routes)).toEqual([401, 401, 401]);
    } finally {
      other.close();
    }
  });

  it('refuses the next request after a sign-out through this API (its own connection)', async () => {
    const alex = await signInAlex(t.app);
    const routes = checkRoutesOf(alex, ALEX_PAYSLIPS);
    expect(await statusesOf(server, routes)).toEqual([200, 200, 200]);
    await t.database.db.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('id', '=', sessionIdOf(alex)).execute();
    expect(await statusesOf(server, routes)).toEqual([401, 401, 401]);
  });

  it('answers 300 interleaved requests of two users their own answers, then refuses all 300 of a session another process ended', async () => {
    const alex = await signInAlex(t.app);
    const sam = await signInSam(t.app);
    const all = [...checkRoutesOf(alex, ALEX_PAYSLIPS), ...checkRoutesOf(sam, SAM_PAYSLIPS)];
    const calls = Array.from({ length: PARALLEL }, (_, i) => all[(i % 2) * 3 + (Math.floor(i / 2) % 3)]!);
    const answerAloneOf = await expectOwnAnswersInBursts(server, all, calls);
    // Someone else's employment is not found, kept answers or not.
    const theirs = await burst(
      server,
      Array.from({ length: 20 }, () => signedInGet(alex, payslipsPath(DEMO.alex.id, DEMO.employments.samBrightwater))),
    );
    expect(theirs.statuses).toEqual({ 404: 20 });
    // A burst in flight while another process ends Alex's session: requests that arrived before may pass.
    const inFlight = burst(server, calls);
    revokeInAnotherProcess(file, sessionIdOf(alex));
    await inFlight;
    const { answers } = await burst(server, calls);
    answers.forEach((answer, i) => {
      if (calls[i]!.headers!.cookie === sam.jar.header()) expect(answer.body).toBe(answerAloneOf(calls[i]!));
      else expect(answer.status).toBe(401);
    });
  });

  it('answers a changed payslip list after another process changed it (the list version is read with the kept check)', async () => {
    const alex = await signInAlex(t.app);
    const before = await server.send(signedInGet(alex, ALEX_PAYSLIPS));
    expect((await server.send(signedInGet(alex, ALEX_PAYSLIPS))).body).toBe(before.body);
    const [payslipId] = (JSON.parse((JSON.parse(before.body) as { data: string }).data) as { data: { ID: string }[] }).data.map((p) => p.ID);
    expect(writeInAnotherProcess(file, 'update payslips set net_pence = net_pence + 1 where id = ?', [payslipId!])).toBe(1);
    const after = await server.send(signedInGet(alex, ALEX_PAYSLIPS));
    expect(after.status).toBe(200);
    expect(after.body).not.toBe(before.body);
  });
});
