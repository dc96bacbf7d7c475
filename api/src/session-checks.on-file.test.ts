// SQLite on a database file, as in production: the session checks of every /api request answer from
// memory while the file is unchanged (its PRAGMA data_version, db/sqlite-reader.ts). Over real HTTP:
// a session ended by any writer — this process's own connection, another connection, another
// process on the same file (a second API instance) — is refused by the next request, on every
// kind of check (with the employment's owner, with the user's record, alone), in bursts of 300.
// PostgreSQL keeps no such answers (one question per request); this file runs on SQLite only.
import BetterSqlite3 from 'better-sqlite3';
import { createTestApp, DEMO, PG_URL, signInAlex, signInSam } from './test/helpers';
import type { SignedIn, TestApp } from './test/helpers';
import { burst, listen } from './test/burst';
import type { HttpCall, LiveServer } from './test/burst';
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

  const payslipsOf = (userId: string, employmentId: string) => `/api/users/${userId}/employments/${employmentId}/payslips`;
  const ALEX_PAYSLIPS = payslipsOf(DEMO.alex.id, DEMO.employments.alexNorthwind);
  const SAM_PAYSLIPS = payslipsOf(DEMO.sam.id, DEMO.employments.samBrightwater);
  const call = (user: SignedIn, path: string): HttpCall => ({ path, headers: { cookie: user.jar.header() } });
  /** One route of each kind of check: with the employment's owner, with the user's record, the session alone. */
  const routesOf = (user: SignedIn, payslips: string) => [
    call(user, payslips),
    call(user, '/api/users/authorised'),
    call(user, `/api/users/${user.sub}/privacy_policy_text`),
  ];
  const sessionOf = (cookieHolder: SignedIn) => {
    const token = cookieHolder.jar.get('app.at')!;
    return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
  };
  const statusesOf = async (calls: HttpCall[]) => Promise.all(calls.map(async (c) => (await server.send(c)).status));

  it('refuses the next request after another process ended the session, on every kind of check', async () => {
    const alex = await signInAlex(t.app);
    const routes = routesOf(alex, ALEX_PAYSLIPS);
    for (let i = 0; i < 3; i++) expect(await statusesOf(routes)).toEqual([200, 200, 200]); // answers now kept
    expect(revokeInAnotherProcess(file, sessionOf(alex))).toBe(1);
    expect(await statusesOf(routes)).toEqual([401, 401, 401]);
  });

  it('refuses the next request after another connection of this process ended it, not before its commit', async () => {
    const alex = await signInAlex(t.app);
    const routes = routesOf(alex, ALEX_PAYSLIPS);
    expect(await statusesOf(routes)).toEqual([200, 200, 200]);
    const other = new BetterSqlite3(file);
    try {
      other.pragma('busy_timeout = 5000');
      other.exec('begin immediate');
      other.prepare('update sessions set revoked_at = ? where id = ?').run(new Date().toISOString(), sessionOf(alex));
      expect(await statusesOf(routes)).toEqual([200, 200, 200]); // not committed: still live
      other.exec('commit');
      expect(await statusesOf(routes)).toEqual([401, 401, 401]);
    } finally {
      other.close();
    }
  });

  it('refuses the next request after a sign-out through this API (its own connection)', async () => {
    const alex = await signInAlex(t.app);
    const routes = routesOf(alex, ALEX_PAYSLIPS);
    expect(await statusesOf(routes)).toEqual([200, 200, 200]);
    await t.database.db.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('id', '=', sessionOf(alex)).execute();
    expect(await statusesOf(routes)).toEqual([401, 401, 401]);
  });

  it('answers 300 interleaved requests of two users their own answers, then refuses all 300 of a session another process ended', async () => {
    const alex = await signInAlex(t.app);
    const sam = await signInSam(t.app);
    const all = [...routesOf(alex, ALEX_PAYSLIPS), ...routesOf(sam, SAM_PAYSLIPS)];
    const expected = new Map<string, string>();
    for (const c of all) {
      const answer = await server.send(c);
      expect(answer.status).toBe(200);
      expected.set(`${c.headers!.cookie} ${c.path}`, answer.body);
    }
    const calls = Array.from({ length: PARALLEL }, (_, i) => all[(i % 2) * 3 + (Math.floor(i / 2) % 3)]!);
    for (let round = 0; round < 2; round++) {
      const { answers, statuses } = await burst(server, calls);
      expect(statuses).toEqual({ 200: PARALLEL });
      answers.forEach((answer, i) => expect(answer.body).toBe(expected.get(`${calls[i]!.headers!.cookie} ${calls[i]!.path}`)));
    }
    // Someone else's employment is not found, kept answers or not.
    const theirs = await burst(
      server,
      Array.from({ length: 20 }, () => call(alex, payslipsOf(DEMO.alex.id, DEMO.employments.samBrightwater))),
    );
    expect(theirs.statuses).toEqual({ 404: 20 });
    // A burst in flight while another process ends Alex's session: requests that arrived before may pass.
    const inFlight = burst(server, calls);
    revokeInAnotherProcess(file, sessionOf(alex));
    await inFlight;
    const { answers } = await burst(server, calls);
    answers.forEach((answer, i) => {
      if (calls[i]!.headers!.cookie === sam.jar.header()) expect(answer.body).toBe(expected.get(`${calls[i]!.headers!.cookie} ${calls[i]!.path}`));
      else expect(answer.status).toBe(401);
    });
  });

  it('answers a changed payslip list after another process changed it (the list version is read with the kept check)', async () => {
    const alex = await signInAlex(t.app);
    const before = await server.send(call(alex, ALEX_PAYSLIPS));
    expect((await server.send(call(alex, ALEX_PAYSLIPS))).body).toBe(before.body);
    const [payslipId] = (JSON.parse((JSON.parse(before.body) as { data: string }).data) as { data: { ID: string }[] }).data.map((p) => p.ID);
    expect(writeInAnotherProcess(file, 'update payslips set net_pence = net_pence + 1 where id = ?', [payslipId!])).toBe(1);
    const after = await server.send(call(alex, ALEX_PAYSLIPS));
    expect(after.status).toBe(200);
    expect(after.body).not.toBe(before.body);
  });
});
