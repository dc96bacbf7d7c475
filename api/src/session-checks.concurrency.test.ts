// The session check of the hot routes under 300 requests at once, over real HTTP, on SQLite and
// PostgreSQL (where the checks of one event-loop turn go in one query, db/turn-batch.ts): a session
// ended before a request arrives is refused, however many requests share its batch, and each request
// gets its own user's answer, never another's.
import pg from 'pg';
import { CLIENT_ID, createTestApp, DEMO, FRONT_END, PG_URL, signInAlex, signInSam } from './test/helpers';
import type { SignedIn, TestApp } from './test/helpers';
import { burst, listen, payslipsPath, signedInGet } from './test/burst';
import { ALEX_PAYSLIPS, SAM_PAYSLIPS, expectOwnAnswersInBursts } from './test/session-checks';
import type { LiveServer } from './test/burst';
import { ownedEmploymentFinder } from './employments/repository';
import { DATABASE_BUSY_MESSAGE } from './http/errors';
import { appUserInLiveSessionFinder } from './users/repository';
import { errorCodeForStatus } from '@portal/shared/wire/error-codes';

const PARALLEL = 300;

let t: TestApp;
let server: LiveServer;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'warn' });
  server = await listen(t.app);
}, 60_000);
afterAll(async () => {
  server.close();
  await t.close();
});

const sessionOf = async (userId: string) =>
  (
    await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
  ).id;
const revokeSessionsOf = (userId: string) =>
  t.database.db.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('user_id', '=', userId).execute();

it('gives each of 300 interleaved requests of two users its own user’s answer', async () => {
  const alex = await signInAlex(t.app);
  const sam = await signInSam(t.app);
  const routes = (user: SignedIn, payslips: string) => [signedInGet(user, payslips), signedInGet(user, '/api/users/authorised')];
  // Alex, Sam, Alex, Sam…, each asking their payslips and their own record in turn. Twice: the
  // first burst opens the 300 connections one by one; on the second, kept alive, the requests arrive
  // together (on PostgreSQL, many checks per query).
  const calls = Array.from({ length: PARALLEL }, (_, i) => (i % 2 === 0 ? routes(alex, ALEX_PAYSLIPS) : routes(sam, SAM_PAYSLIPS))[Math.floor(i / 2) % 2]!);
  await expectOwnAnswersInBursts(server, [...routes(alex, ALEX_PAYSLIPS), ...routes(sam, SAM_PAYSLIPS)], calls);
  // Someone else's employment is still not found, in a burst as alone.
  const theirs = await burst(
    server,
    Array.from({ length: 20 }, () => signedInGet(alex, payslipsPath(DEMO.alex.id, DEMO.employments.samBrightwater))),
  );
  expect(theirs.statuses).toEqual({ 404: 20 });
});

it('refuses every request sent after the session ended, even in a burst of 300 beside another user’s live one', async () => {
  const alex = await signInAlex(t.app);
  const sam = await signInSam(t.app);
  const mixed = (n: number) =>
    Array.from({ length: n }, (_, i) => [signedInGet(alex, ALEX_PAYSLIPS), signedInGet(alex, '/api/users/authorised'), signedInGet(sam, SAM_PAYSLIPS)][i % 3]!);
  // A burst in flight while Alex's session ends: requests that arrived before the end may pass.
  const inFlight = burst(server, mixed(PARALLEL));
  await revokeSessionsOf(DEMO.alex.id);
  await inFlight;
  // Everything sent after the end: Alex refused at once, every time; Sam unaffected.
  const after = mixed(PARALLEL);
  const { answers } = await burst(server, after);
  answers.forEach((answer, i) => expect(answer.status).toBe(after[i]!.headers!.cookie === sam.jar.header() ? 200 : 401));
});

it('answers each key of one turn’s checks with its own row: the employment must be the user’s and the session live', async () => {
  const alex = await signInAlex(t.app);
  await signInSam(t.app);
  expect(alex.sub).toBe(DEMO.alex.id);
  // (That the session is the user's is the signed token's word: sub and sid come from one token.)
  const [alexSession, samSession] = [await sessionOf(DEMO.alex.id), await sessionOf(DEMO.sam.id)];
  const find = ownedEmploymentFinder(t.database.db, t.database.dialect);
  const user = appUserInLiveSessionFinder(t.database.db, t.database.dialect);
  // All asked in one turn (one query on PostgreSQL).
  const owned = await Promise.all([
    find.findInLiveSession(DEMO.employments.alexNorthwind, DEMO.alex.id, alexSession),
    find.findInLiveSession(DEMO.employments.samBrightwater, DEMO.sam.id, samSession),
    find.findInLiveSession(DEMO.employments.samBrightwater, DEMO.alex.id, alexSession), // not Alex's
    find.findInLiveSession(DEMO.employments.alexNorthwind, DEMO.alex.id, 'no-such-session'),
    find.findInLiveSession(DEMO.employments.alexNorthwind, DEMO.alex.id, alexSession), // the same key twice
  ]);
  expect(owned.map((o) => o?.id)).toEqual([
    DEMO.employments.alexNorthwind,
    DEMO.employments.samBrightwater,
    undefined,
    undefined,
    DEMO.employments.alexNorthwind,
  ]);
  const users = await Promise.all([user(DEMO.sam.id, samSession), user(DEMO.alex.id, alexSession), user(DEMO.sam.id, 'no-such-session')]);
  expect(users.map((u) => u?.id)).toEqual([DEMO.sam.id, DEMO.alex.id, undefined]);
  // Ended: refused on the next check.
  await revokeSessionsOf(DEMO.sam.id);
  const afterEnd = await Promise.all([
    find.findInLiveSession(DEMO.employments.samBrightwater, DEMO.sam.id, samSession),
    user(DEMO.sam.id, samSession),
    user(DEMO.alex.id, alexSession),
  ]);
  expect(afterEnd.map((r) => r?.id)).toEqual([undefined, undefined, DEMO.alex.id]);
});

it('refuses every request sent after a sign-out was answered, though a burst of that session was in flight when it was sent', async () => {
  const alex = await signInAlex(t.app);
  const elsewhere = await signInAlex(t.app); // the same user's other session lives on
  const cookie = alex.jar.header();
  const mixed = (n: number) =>
    Array.from(
      { length: n },
      (_, i) =>
        [{ path: ALEX_PAYSLIPS, headers: { cookie } }, { path: '/api/users/authorised', headers: { cookie } }, signedInGet(elsewhere, ALEX_PAYSLIPS)][i % 3]!,
    );
  const inFlight = burst(server, mixed(PARALLEL));
  // The host's sign-out, over HTTP, while the burst's checks are being batched.
  const signOut = await server.send({
    method: 'POST',
    path: '/app/logout/',
    headers: { cookie, origin: FRONT_END, 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: CLIENT_ID }),
  });
  expect(signOut.status).toBeLessThan(400);
  await inFlight;
  const after = mixed(PARALLEL);
  const { answers } = await burst(server, after);
  answers.forEach((answer, i) => expect(answer.status).toBe(after[i]!.headers!.cookie === cookie ? 401 : 200));
});

it('never answers one user’s request for another’s employment with it, even in the owner’s own batch', async () => {
  const alex = await signInAlex(t.app);
  const sam = await signInSam(t.app);
  const samsOwn = await server.send(signedInGet(sam, SAM_PAYSLIPS));
  expect(samsOwn.status).toBe(200);
  // Alex asks for Sam's employment under his own id (404) and under Sam's (403), between Sam's requests for it.
  const asks = [
    signedInGet(sam, SAM_PAYSLIPS),
    signedInGet(alex, payslipsPath(DEMO.alex.id, DEMO.employments.samBrightwater)),
    signedInGet(sam, SAM_PAYSLIPS),
    signedInGet(alex, SAM_PAYSLIPS),
  ];
  const calls = Array.from({ length: PARALLEL }, (_, i) => asks[i % asks.length]!);
  const { answers } = await burst(server, calls);
  answers.forEach((answer, i) => {
    if (calls[i]!.headers!.cookie === sam.jar.header()) expect(answer.body).toBe(samsOwn.body);
    else {
      expect(answer.status).toBe(i % asks.length === 1 ? 404 : 403);
      expect(answer.body).not.toContain('sam_brightwater'); // neither the employment nor its payslips
    }
  });
});

const postgresOnly = PG_URL ? it : it.skip;

/**
 * Holds `sessions` locked from another connection while `during` runs, and keeps ending (as
 * `pg_cancel_backend`, what a statement timeout does, or `pg_terminate_backend`, a lost connection)
 * every query of this test's schema that waits for it: the session checks' batch queries fail.
 */
async function failingSessionChecks<T>(end: 'pg_cancel_backend' | 'pg_terminate_backend', during: () => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: PG_URL! });
  await admin.connect();
  const table = `${t.database.pgSchema!}.sessions`;
  let done = false;
  let ended = 0;
  try {
    await admin.query('begin');
    await admin.query(`lock table ${table} in access exclusive mode`);
    const work = during().finally(() => (done = true));
    while (!done) {
      const { rows } = await admin.query<{ ok: boolean }>(
        `select ${end}(pid) as ok from pg_locks where relation = $1::regclass and not granted and pid <> pg_backend_pid()`,
        [table],
      );
      ended += rows.filter((r) => r.ok).length;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(ended).toBeGreaterThan(0);
    return await work;
  } finally {
    await admin.query('rollback').catch(() => undefined);
    await admin.end();
  }
}

for (const end of ['pg_cancel_backend', 'pg_terminate_backend'] as const) {
  // A cancelled statement (as statement_timeout cancels) is "busy, try again": 503 with Retry-After
  // (db/time-limits.ts); a lost connection is a 500.
  const [status, message] = end === 'pg_cancel_backend' ? [503, DATABASE_BUSY_MESSAGE] : [500, 'Something went wrong on our side. Please try again later.'];
  postgresOnly(`answers every request of a burst whose session checks fail (${end}) with a clean ${status}, then serves the next burst`, async () => {
    const alex = await signInAlex(t.app);
    const sam = await signInSam(t.app);
    const mixed = Array.from(
      { length: PARALLEL },
      (_, i) => [signedInGet(alex, ALEX_PAYSLIPS), signedInGet(alex, '/api/users/authorised'), signedInGet(sam, SAM_PAYSLIPS)][i % 3]!,
    );
    const failed = await failingSessionChecks(end, () => burst(server, mixed));
    // Every request answered (none left hanging on a batch), none with another's data or the database's words.
    expect(failed.statuses).toEqual({ [status]: PARALLEL });
    for (const answer of failed.answers) {
      expect(JSON.parse(answer.body)).toEqual({ status, error: message, code: errorCodeForStatus(status), data: null });
    }
    const after = await burst(server, mixed);
    expect(after.statuses).toEqual({ 200: PARALLEL });
  });
}

it('answers other users’ requests in a burst alike whatever odd employment ids one user sends beside them', async () => {
  const alex = await signInAlex(t.app);
  const sam = await signInSam(t.app);
  // Ids the route refuses (400), a router error (400/414), or that name nothing (404): percent-encoded
  // NUL, C1 control, broken UTF-8, quotes and array syntax, an emoji, the longest and a too long part.
  const odd = ['%00', '%C2%85', '%ED%A0%80', '%FF', 'a%22b', '%5C', '%7B%22x%22%7D', 'NULL', '%F0%9F%98%80', 'x'.repeat(300), 'x'.repeat(301)];
  const calls = Array.from({ length: PARALLEL }, (_, i) =>
    i % 2 === 0 ? signedInGet(alex, payslipsPath(DEMO.alex.id, odd[(i / 2) % odd.length]!)) : signedInGet(sam, SAM_PAYSLIPS),
  );
  const { answers } = await burst(server, calls);
  answers.forEach((answer, i) => {
    if (i % 2 === 1) expect(answer.status).toBe(200);
    else expect([400, 404, 414]).toContain(answer.status);
  });
});

it('gives each of 300 interleaved requests of two users of one employer its own answer on every employment route and download, and refuses their swaps', async () => {
  const alex = await signInAlex(t.app);
  const sam = await signInSam(t.app);
  // Alex's ended employment and Sam's active one are at the same employer (Brightwater): different
  // payslips, documents and updates, and of its shared documents Alex's lists only those published
  // before his employment ended (none of the demo's), Sam's all of them.
  const base = (user: SignedIn, employmentId: string) => `/api/users/${user.sub}/employments/${employmentId}`;
  const ids = async (user: SignedIn, employmentId: string, list: string) =>
    (JSON.parse(JSON.parse((await server.send(signedInGet(user, `${base(user, employmentId)}/${list}`))).body).data).data as { ID: string }[]).map((x) => x.ID);
  const routesOf = async (user: SignedIn, employmentId: string) => {
    const [payslip] = await ids(user, employmentId, 'payslips');
    const [document] = await ids(user, employmentId, 'documents');
    const [intranet] = await ids(user, employmentId, 'intranet');
    const paths = ['payslips', 'documents', 'updates', 'intranet', 'document_types'].map((list) => `${base(user, employmentId)}/${list}`);
    paths.push(`/api/users/${user.sub}/file/${payslip}/employment/${employmentId}`);
    if (intranet) paths.push(`/api/users/${user.sub}/file/intranet/${intranet}/employment/${employmentId}`);
    if (document) paths.push(`/api/users/${user.sub}/file/${document}/employment/${employmentId}`);
    return { calls: paths.map((path) => signedInGet(user, path)), payslip: payslip!, document, intranet };
  };
  const alexRoutes = await routesOf(alex, DEMO.employments.alexBrightwater);
  const samRoutes = await routesOf(sam, DEMO.employments.samBrightwater);
  const distinct = [...alexRoutes.calls, ...samRoutes.calls];
  const calls = Array.from(
    { length: PARALLEL },
    (_, i) => (i % 2 === 0 ? alexRoutes : samRoutes).calls[Math.floor(i / 2) % (i % 2 === 0 ? alexRoutes : samRoutes).calls.length]!,
  );
  await expectOwnAnswersInBursts(server, distinct, calls);
  // Each asks for the other's payslip (and document) under their own employment at that employer, in a burst: never found.
  const swaps = [
    signedInGet(alex, `/api/users/${alex.sub}/file/${samRoutes.payslip}/employment/${DEMO.employments.alexBrightwater}`),
    signedInGet(sam, `/api/users/${sam.sub}/file/${alexRoutes.payslip}/employment/${DEMO.employments.samBrightwater}`),
    ...(samRoutes.document ? [signedInGet(alex, `/api/users/${alex.sub}/file/${samRoutes.document}/employment/${DEMO.employments.alexBrightwater}`)] : []),
    ...(alexRoutes.document ? [signedInGet(sam, `/api/users/${sam.sub}/file/${alexRoutes.document}/employment/${DEMO.employments.samBrightwater}`)] : []),
    // A shared document published after Alex left, asked for under his ended employment.
    signedInGet(alex, `/api/users/${alex.sub}/file/intranet/${samRoutes.intranet!}/employment/${DEMO.employments.alexBrightwater}`),
  ];
  const mixed = Array.from({ length: PARALLEL }, (_, i) => (i % 3 === 0 ? swaps[i % swaps.length]! : calls[i]!));
  const { answers } = await burst(server, mixed);
  answers.forEach((answer, i) => expect(answer.status).toBe(i % 3 === 0 ? 404 : 200));
});
