// Every limit holds for 300 requests at once, over real HTTP, on SQLite and PostgreSQL: the number of
// attempts the server EVALUATED (counted from the database, or from answers only an evaluated attempt
// gives) never exceeds the limit, and the right code or password sent inside the burst, once the
// limit is reached, does not get through. With RELIABILITY_RESULTS_DIR set, the figures are written
// to concurrency.<sqlite|postgresql>.json for the reliability report.
import { CLIENT_ID, CookieJar, FRONT_END, createTestApp, outbox, register } from './test/helpers';
import { csrfTokenOf, openForm } from './test/forms';
import type { SignedIn, TestApp } from './test/helpers';
import { burst, listen } from './test/burst';
import type { BurstResult, HttpCall, LiveServer } from './test/burst';
import { writeFigures } from './test/figures';
import { newId, nowIso, toCount } from './db/convert';
import { LINKING_RULES } from './linking/rules';
import { PASSWORD_RESET_LIMITS, REGISTRATION_LIMITS, SIGN_IN_LIMITS, signInCounters } from './auth/throttle-rules';
import { Throttle } from './throttle/throttle';

const PARALLEL = 300;

let t: TestApp;
let server: LiveServer;
/** A browser with a sign-in page open: its CSRF cookie and token go with every form post. */
const browser = { jar: new CookieJar(), csrfToken: '' };
const figures: {
  limit: string;
  max: number;
  parallel: number;
  evaluated: number;
  statuses: Record<string, number>;
  lastStatus: number | null;
  inFlightWhenLastSent: number | null;
}[] = [];

beforeAll(async () => {
  // Client addresses come from X-Forwarded-For here, so one test can speak from many addresses.
  t = await createTestApp({ trustProxy: true });
  server = await listen(t.app);
  browser.csrfToken = await csrfTokenOf(t.app, browser.jar);
}, 60_000);
afterAll(async () => {
  writeFigures(
    'concurrency',
    { parallel: PARALLEL, limits: figures },
    figures.every((f) => f.evaluated <= f.max),
  );
  server.close();
  await t.close();
});

function record(limit: string, max: number, evaluated: number, result: BurstResult) {
  figures.push({
    limit,
    max,
    parallel: result.parallel,
    evaluated,
    statuses: result.statuses,
    lastStatus: result.last?.status ?? null,
    inFlightWhenLastSent: result.inFlightWhenLastSent ?? null,
  });
}

let records = 0;
/** A payroll record of its own for one test, reached by its own contact e-mail. */
async function newRecord(): Promise<{ id: string; email: string; ni: string }> {
  records += 1;
  const id = `em_burst_${records}`;
  const email = `burst-record-${records}@example.com`;
  const ni = `AB2000${String(records).padStart(2, '0')}C`;
  await t.database.db
    .insertInto('employments')
    .values({
      id,
      employer_id: 'er_northwind',
      user_id: null,
      employee_name: 'Burst Tester',
      contact_email: email,
      mobile_phone: null,
      invitation_token_hash: null,
      ni_number: ni,
      bank_last4: '4321',
      birth_date: '1990-05-14',
      tax_code: '1257L',
      active: true,
      start_date: '2024-01-01',
      end_date: null,
      failed_checks: 0,
      locked_at: null,
      linked_at: null,
    })
    .execute();
  return { id, email, ni };
}

let users = 0;
const newUser = () => register(t.app, { email: `burst-user-${(users += 1)}@example.com`, password: 'a-long-password-9' });

/** A JSON API call over HTTP as the user, from the portal's own origin. */
function apiCall(user: SignedIn, method: 'GET' | 'POST', path: string, body?: unknown): HttpCall {
  return {
    method,
    path,
    headers: { cookie: user.jar.header(), origin: FRONT_END, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  };
}
const sendCall = (user: SignedIn, email: string) => apiCall(user, 'GET', `/api/users/${user.sub}/linking_code_email/${encodeURIComponent(email)}`);
const confirmCall = (user: SignedIn, code: string) => apiCall(user, 'GET', `/api/users/${user.sub}/linking_code/${code}`);
const finalizeCall = (user: SignedIn, code: string, details: { ni: string; bank: string; recordId: string }) =>
  apiCall(user, 'POST', `/api/users/${user.sub}/linking_code/${code}`, {
    NINumber: details.ni,
    bankAccount: details.bank,
    dob: '05/14/1990',
    externalEmploymentID: details.recordId,
    code,
  });

/** Asks for a code for the record (sequentially, so the newest message is this user's) and reads it. */
async function codeFor(user: SignedIn, email: string): Promise<string> {
  const res = await server.send(sendCall(user, email));
  expect(res.status).toBe(200);
  const code = (await outbox(t.app, email))[0]?.code;
  if (!code) throw new Error(`no code sent to ${email}`);
  return code;
}

/** 299 wrong guesses for one code, all different, none the right one. */
const wrongCodes = (right: string) =>
  Array.from({ length: PARALLEL - 1 }, (_, i) => String(100_000 + i * 7))
    .map((c) => (c === right ? '999999' : c))
    .filter((c) => c !== right);

async function failures(userId: string, kind?: 'code' | 'check'): Promise<number> {
  let q = t.database.db
    .selectFrom('link_failures')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId);
  if (kind) q = q.where('kind', '=', kind);
  return toCount((await q.executeTakeFirstOrThrow()).n);
}
const codeRow = (userId: string) =>
  t.database.db
    .selectFrom('linking_codes')
    .select(['failed_tries', 'used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
const requestRow = (userId: string) =>
  t.database.db.selectFrom('link_requests').select(['wrong_tries']).where('user_id', '=', userId).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
/** The `triesLeft` of every answer with this status, smallest first. */
const triesLeftOf = (result: BurstResult, status: number) =>
  result.answers
    .filter((a) => a.status === status)
    .map((a) => (JSON.parse(a.body) as { triesLeft?: number }).triesLeft)
    .sort();
const recordRow = (id: string) =>
  t.database.db.selectFrom('employments').select(['user_id', 'failed_checks', 'locked_at']).where('id', '=', id).executeTakeFirstOrThrow();

describe(`${PARALLEL} linking attempts at once`, () => {
  it(`checks at most ${LINKING_RULES.maxTriesPerCode} wrong codes against one code (confirm), and the right code then fails`, async () => {
    const user = await newUser();
    const target = await newRecord();
    const code = await codeFor(user, target.email);
    const result = await burst(
      server,
      wrongCodes(code).map((c) => confirmCall(user, c)),
      { call: confirmCall(user, code), sendLastAfter: LINKING_RULES.maxTriesPerCode },
    );
    const tried = (await codeRow(user.sub)).failed_tries;
    record('wrong codes per code (confirm)', LINKING_RULES.maxTriesPerCode, tried, result);
    expect(tried).toBeLessThanOrEqual(LINKING_RULES.maxTriesPerCode);
    expect(result.statuses['400']).toBeLessThanOrEqual(LINKING_RULES.maxTriesPerCode);
    expect(result.last?.status).toBe(429);
    expect(await failures(user.sub)).toBeLessThanOrEqual(LINKING_RULES.maxFailuresPerHour);
    // Counted in SQL: each count of tries left is told once, and the request stops at 5.
    expect(triesLeftOf(result, 400)).toEqual([1, 2, 3, 4]);
    expect(Number((await requestRow(user.sub)).wrong_tries)).toBe(LINKING_RULES.maxTriesPerCode);
  });

  it(`checks at most ${LINKING_RULES.maxTriesPerCode} wrong codes against one code (finalize), and the right code does not link`, async () => {
    const user = await newUser();
    const target = await newRecord();
    const code = await codeFor(user, target.email);
    const details = { ni: target.ni, bank: '4321', recordId: target.id };
    const result = await burst(
      server,
      wrongCodes(code).map((c) => finalizeCall(user, c, details)),
      { call: finalizeCall(user, code, details), sendLastAfter: LINKING_RULES.maxTriesPerCode },
    );
    const tried = (await codeRow(user.sub)).failed_tries;
    record('wrong codes per code (finalize)', LINKING_RULES.maxTriesPerCode, tried, result);
    expect(tried).toBeLessThanOrEqual(LINKING_RULES.maxTriesPerCode);
    expect(result.last?.status).toBe(429);
    expect((await recordRow(target.id)).user_id).toBeNull();
  });

  it(`records at most ${LINKING_RULES.maxFailuresPerHour} failures per user per hour, and the right code then fails`, async () => {
    const user = await newUser();
    const target = await newRecord();
    const code = await codeFor(user, target.email);
    // 16 failures already this hour: 4 more are allowed, fewer than the 5 that would kill the code,
    // so only the hourly limit can stop the right code.
    const earlier = LINKING_RULES.maxFailuresPerHour - LINKING_RULES.maxTriesPerCode + 1;
    await t.database.db
      .insertInto('link_failures')
      .values(Array.from({ length: earlier }, () => ({ id: newId('lf'), user_id: user.sub, kind: 'code', created_at: nowIso(-60_000) })))
      .execute();
    const allowed = LINKING_RULES.maxFailuresPerHour - earlier;
    const result = await burst(
      server,
      wrongCodes(code).map((c) => confirmCall(user, c)),
      { call: confirmCall(user, code), sendLastAfter: allowed },
    );
    const recorded = await failures(user.sub);
    record('failures per user per hour', LINKING_RULES.maxFailuresPerHour, recorded, result);
    expect(recorded).toBeLessThanOrEqual(LINKING_RULES.maxFailuresPerHour);
    expect((await codeRow(user.sub)).failed_tries).toBeLessThan(LINKING_RULES.maxTriesPerCode);
    expect(result.last?.status).toBe(429);
    expect(JSON.parse(result.last!.body).error).toMatch(/Too many incorrect attempts/);
  });

  it('grants one code request in a burst (30-second resend lockout)', async () => {
    const user = await newUser();
    const target = await newRecord();
    const result = await burst(
      server,
      Array.from({ length: PARALLEL }, () => sendCall(user, target.email)),
    );
    const sent = (await outbox(t.app, target.email)).length;
    const requests = toCount(
      (
        await t.database.db
          .selectFrom('link_requests')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', user.sub)
          .executeTakeFirstOrThrow()
      ).n,
    );
    record('code requests per 30 seconds', 1, requests, result);
    expect(requests).toBe(1);
    expect(sent).toBe(1);
    expect(result.statuses['200']).toBe(1);
  });

  it(`grants at most ${LINKING_RULES.maxSendsPerHour} code requests per hour`, async () => {
    const user = await newUser();
    const target = await newRecord();
    const before = LINKING_RULES.maxSendsPerHour - 1;
    await t.database.db
      .insertInto('link_requests')
      .values(Array.from({ length: before }, (_, i) => ({ id: newId('lr'), user_id: user.sub, created_at: nowIso(-60_000 * (i + 1)) })))
      .execute();
    const result = await burst(
      server,
      Array.from({ length: PARALLEL }, () => sendCall(user, target.email)),
    );
    const requests = toCount(
      (
        await t.database.db
          .selectFrom('link_requests')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', user.sub)
          .executeTakeFirstOrThrow()
      ).n,
    );
    record('code requests per hour', LINKING_RULES.maxSendsPerHour, requests, result);
    expect(requests).toBe(LINKING_RULES.maxSendsPerHour);
    expect((await outbox(t.app, target.email)).length).toBe(1);
  });

  it(`evaluates at most ${LINKING_RULES.maxFailedChecks} failed identity checks of one user, then locks the record`, async () => {
    const user = await newUser();
    const target = await newRecord();
    const code = await codeFor(user, target.email);
    const wrong = { ni: target.ni, bank: '0000', recordId: target.id };
    const result = await burst(
      server,
      Array.from({ length: PARALLEL - 1 }, () => finalizeCall(user, code, wrong)),
      { call: finalizeCall(user, code, { ...wrong, bank: '4321' }), sendLastAfter: LINKING_RULES.maxFailedChecks },
    );
    const row = await recordRow(target.id);
    const checks = await failures(user.sub, 'check');
    record('failed identity checks per record (one user)', LINKING_RULES.maxFailedChecks, checks, result);
    expect(checks).toBeLessThanOrEqual(LINKING_RULES.maxFailedChecks);
    expect(row.failed_checks).toBeLessThanOrEqual(LINKING_RULES.maxFailedChecks);
    expect(row.locked_at).not.toBeNull();
    expect(row.user_id).toBeNull();
    expect(result.last?.status).toBe(423);
    // Each count of tries left before the lock is told once.
    expect(triesLeftOf(result, 400)).toEqual([1, 2, 3, 4]);
  });

  it(`evaluates at most ${LINKING_RULES.maxFailedChecks} failed identity checks of one record across 20 users`, async () => {
    const target = await newRecord();
    const attackers: { user: SignedIn; code: string }[] = [];
    // 21 codes to one inbox: more than an hour's (tested below); this test is about the checks.
    const forgetRecipientLimit = () => t.database.db.deleteFrom('throttle_counters').where('key', 'like', 'link:recipient:%').execute();
    for (let i = 0; i < 20; i++) {
      const user = await newUser();
      await forgetRecipientLimit();
      attackers.push({ user, code: await codeFor(user, target.email) });
    }
    const owner = await newUser();
    await forgetRecipientLimit();
    const ownerCode = await codeFor(owner, target.email);
    const calls = attackers.flatMap(({ user, code }) =>
      Array.from({ length: PARALLEL / attackers.length }, () => finalizeCall(user, code, { ni: target.ni, bank: '0000', recordId: target.id })),
    );
    const result = await burst(server, calls, {
      call: finalizeCall(owner, ownerCode, { ni: target.ni, bank: '4321', recordId: target.id }),
      sendLastAfter: LINKING_RULES.maxFailedChecks,
    });
    const row = await recordRow(target.id);
    let checks = 0;
    for (const { user } of attackers) checks += await failures(user.sub, 'check');
    record('failed identity checks per record (20 users)', LINKING_RULES.maxFailedChecks, checks, result);
    expect(checks).toBeLessThanOrEqual(LINKING_RULES.maxFailedChecks);
    expect(row.failed_checks).toBeLessThanOrEqual(LINKING_RULES.maxFailedChecks);
    expect(row.locked_at).not.toBeNull();
    expect(row.user_id).toBeNull();
    expect(result.last?.status).toBe(423);
    expect(triesLeftOf(result, 400)).toEqual([1, 2, 3, 4]);
  }, 60_000);

  it(`sends at most ${LINKING_RULES.maxSendsPerRecipientPerHour} codes an hour to one inbox, asked by ${PARALLEL} requests of 12 accounts at once`, async () => {
    // The per-user limit alone let each new account send its own codes to the same address.
    const target = await newRecord();
    const senders = await Promise.all(Array.from({ length: 12 }, () => newUser()));
    const result = await burst(
      server,
      Array.from({ length: PARALLEL }, (_, i) => sendCall(senders[i % senders.length]!, target.email)),
    );
    await outbox(t.app); // waits for the sending done after the answers
    const sent = (await outbox(t.app, target.email)).length;
    record('codes per recipient', LINKING_RULES.maxSendsPerRecipientPerHour, sent, result);
    expect(result.statuses).toEqual({ 200: senders.length, 429: PARALLEL - senders.length });
    expect(sent).toBeLessThanOrEqual(LINKING_RULES.maxSendsPerRecipientPerHour);
    expect(sent).toBeGreaterThan(0);
  });

  it('reads the pending request back while wrong codes arrive: it tells only counts the server reached, never the code', async () => {
    const user = await newUser();
    const target = await newRecord();
    const code = await codeFor(user, target.email);
    const pendingCall = apiCall(user, 'GET', `/api/users/${user.sub}/linking_code_request`);
    const calls = wrongCodes(code).flatMap((c, i) => (i % 2 === 0 ? [confirmCall(user, c)] : [pendingCall]));
    const result = await burst(server, calls);
    const states = result.answers
      .filter((a) => a.status === 200)
      .map((a) => (JSON.parse(JSON.parse(a.body).data) as { data: { pending: boolean; triesLeft: number | null } }).data);
    const counted = Number((await requestRow(user.sub)).wrong_tries);
    record('wrong codes per code, read back while counting', LINKING_RULES.maxTriesPerCode, counted, result);
    expect(counted).toBe(LINKING_RULES.maxTriesPerCode);
    expect(triesLeftOf(result, 400)).toEqual([1, 2, 3, 4]);
    expect(states.length).toBe(calls.length - Math.ceil(calls.length / 2));
    for (const state of states) {
      if (state.pending) expect([1, 2, 3, 4, 5]).toContain(state.triesLeft);
      else expect(state.triesLeft).toBeNull();
    }
    expect(result.answers.some((a) => a.body.includes(code))).toBe(false);
    const after = await server.send(pendingCall);
    expect(JSON.parse(JSON.parse(after.body).data).data).toMatchObject({ pending: false, triesLeft: null });
  });
});

describe(`${PARALLEL} sign-in attempts at once`, () => {
  const form = (email: string, password: string, address: string): HttpCall => ({
    method: 'POST',
    path: '/account/sign-in',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address, origin: FRONT_END, cookie: browser.jar.header() },
    body: new URLSearchParams({ csrf_token: browser.csrfToken, client_id: CLIENT_ID, redirect_uri: '/', email, password }).toString(),
  });
  /** A password check happened only when the answer is 401 (wrong) or 302 (right). */
  const checked = (result: BurstResult) => (result.statuses['401'] ?? 0) + (result.statuses['302'] ?? 0);
  /** What the database counted: the slots taken (each one a password check). */
  const counted = (key: string) => new Throttle(t.database.db).count(key);

  it(`checks at most ${SIGN_IN_LIMITS.perAccountAndAddress.max} passwords per account from one address, and the right one then fails`, async () => {
    const { email } = await newUser();
    const result = await burst(
      server,
      Array.from({ length: PARALLEL - 1 }, (_, i) => form(email, `wrong-password-${i}`, '203.0.113.10')),
      { call: form(email, 'a-long-password-9', '203.0.113.10'), sendLastAfter: SIGN_IN_LIMITS.perAccountAndAddress.max },
    );
    record('passwords per account and address', SIGN_IN_LIMITS.perAccountAndAddress.max, checked(result), result);
    expect(checked(result)).toBeLessThanOrEqual(SIGN_IN_LIMITS.perAccountAndAddress.max);
    expect(await counted(signInCounters(t.config.tokenSecret, email, '203.0.113.10').pair)).toBe(checked(result));
    expect(result.last?.status).toBe(429);
  });

  it(`checks at most ${SIGN_IN_LIMITS.perAccount.max} passwords per account from all addresses`, async () => {
    const { email } = await newUser();
    const result = await burst(
      server,
      Array.from({ length: PARALLEL - 1 }, (_, i) => form(email, `wrong-password-${i}`, `198.51.100.${i % 250}`)),
      { call: form(email, 'a-long-password-9', '192.0.2.77'), sendLastAfter: SIGN_IN_LIMITS.perAccount.max },
    );
    record('passwords per account (all addresses)', SIGN_IN_LIMITS.perAccount.max, checked(result), result);
    expect(checked(result)).toBeLessThanOrEqual(SIGN_IN_LIMITS.perAccount.max);
    expect(await counted(signInCounters(t.config.tokenSecret, email, '192.0.2.77').account)).toBe(checked(result));
    expect(result.last?.status).toBe(429);
  });

  it(`checks at most ${SIGN_IN_LIMITS.perAddress.max} passwords from one address across accounts (password spraying)`, async () => {
    const result = await burst(
      server,
      Array.from({ length: PARALLEL }, (_, i) => form(`sprayed-${i}@example.com`, 'Summer2026!-password', '203.0.113.99')),
    );
    record('passwords per address (all accounts)', SIGN_IN_LIMITS.perAddress.max, checked(result), result);
    expect(checked(result)).toBeLessThanOrEqual(SIGN_IN_LIMITS.perAddress.max);
    expect(await counted(signInCounters(t.config.tokenSecret, 'anyone@example.com', '203.0.113.99').address)).toBe(checked(result));
    expect(result.statuses['429']).toBeGreaterThan(0);
  });
});

describe(`${PARALLEL} sign-ins at once racing a password change`, () => {
  const signInForm = (email: string, address: string): HttpCall => ({
    method: 'POST',
    path: '/account/sign-in',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address, origin: FRONT_END, cookie: browser.jar.header() },
    body: new URLSearchParams({ csrf_token: browser.csrfToken, client_id: CLIENT_ID, redirect_uri: '/', email, password: 'a-long-password-9' }).toString(),
  });
  /** Takes a sign-in code to /app/callback/ in the browser that signed in: 302 when it starts a session. */
  const exchange = (answer: { headers: { location?: string } }) =>
    server.send({ path: String(answer.headers.location), headers: { cookie: browser.jar.header() } });

  it('starts no session with the old password once the change is answered, and every other sign-in still gets its session', async () => {
    const owner = await newUser();
    const others = await Promise.all(Array.from({ length: 10 }, () => newUser()));
    // 90 sign-ins of the owner with the password about to change, 210 of ten other users, each from
    // an address of its own (under every sign-in limit), the change sent once 30 have been answered.
    const calls = Array.from({ length: PARALLEL }, (_, i) =>
      i % 10 < 3 ? signInForm(owner.email, `198.18.1.${i}`) : signInForm(others[i % 10]!.email, `198.18.2.${i}`),
    );
    const account = await openForm(t.app, owner.jar, `/account/?client_id=${CLIENT_ID}`);
    const change: HttpCall = {
      method: 'POST',
      path: account.action,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': '198.18.3.1',
        origin: FRONT_END,
        cookie: owner.jar.header(),
        accept: 'text/html',
      },
      body: new URLSearchParams({
        ...account.fields,
        currentPassword: 'a-long-password-9',
        newPassword: 'the-owners-new-password',
        confirmPassword: 'the-owners-new-password',
      }).toString(),
    };
    const result = await burst(server, calls, { call: change, sendLastAfter: 30 });
    expect(result.last?.status).toBe(200);
    expect(result.last?.body).toContain('Your password has been changed');
    const ownerAnswers = result.answers.filter((_, i) => i % 10 < 3);
    const otherAnswers = result.answers.filter((_, i) => i % 10 >= 3);
    // Before the change landed: a code (then spent by it); after: the old password is not right.
    for (const answer of ownerAnswers) expect([302, 401]).toContain(answer.status);
    for (const answer of otherAnswers) expect(answer.status).toBe(302);
    const ownerCallbacks = await Promise.all(ownerAnswers.filter((a) => a.status === 302).map(exchange));
    expect(ownerCallbacks.map((a) => a.status).filter((status) => status !== 400)).toEqual([]);
    const otherCallbacks = await Promise.all(otherAnswers.map(exchange));
    expect(otherCallbacks.map((a) => a.status).filter((status) => status !== 302)).toEqual([]);
  });
});

describe(`${PARALLEL} registrations at once`, () => {
  /** PARALLEL registration forms from one address at `app` (its CSRF cookie and token from `form`); answers how many were accepted and stored. */
  async function registrationBurst(app: TestApp, live: LiveServer, form: typeof browser, address: string, label: string, max: number) {
    const result = await burst(
      live,
      Array.from({ length: PARALLEL }, (_, i) => ({
        method: 'POST',
        path: '/account/register',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address, origin: FRONT_END, cookie: form.jar.header() },
        body: new URLSearchParams({
          csrf_token: form.csrfToken,
          client_id: CLIENT_ID,
          redirect_uri: '/',
          firstName: 'Bulk',
          lastName: 'Account',
          email: `bulk-${label}-${i}@example.com`,
        }).toString(),
      })),
    );
    const accepted = PARALLEL - (result.statuses['429'] ?? 0);
    await outbox(app.app); // waits for the work done after the answers
    const pending = toCount(
      (
        await app.database.db
          .selectFrom('pending_registrations')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('email', 'like', `bulk-${label}-%`)
          .executeTakeFirstOrThrow()
      ).n,
    );
    record(label === 'default' ? 'registrations per address' : `registrations per address (${label})`, max, accepted, result);
    return { accepted, pending };
  }

  it(`accepts at most ${REGISTRATION_LIMITS.perAddress.max} registrations per address`, async () => {
    const max = REGISTRATION_LIMITS.perAddress.max;
    const { accepted, pending } = await registrationBurst(t, server, browser, '203.0.113.200', 'default', max);
    expect(accepted).toBeLessThanOrEqual(max);
    expect(pending).toBeLessThanOrEqual(max);
  });

  it('accepts at most the configured number when an operator allows more (REGISTRATIONS_PER_ADDRESS_PER_HOUR)', async () => {
    const max = 37;
    const office = await createTestApp({ trustProxy: true, registrationsPerAddressPerHour: max });
    const live = await listen(office.app);
    try {
      const form = { jar: new CookieJar(), csrfToken: '' };
      form.csrfToken = await csrfTokenOf(office.app, form.jar);
      const { accepted, pending } = await registrationBurst(office, live, form, '203.0.113.201', 'configured', max);
      expect(accepted).toBeLessThanOrEqual(max);
      expect(accepted).toBeGreaterThan(REGISTRATION_LIMITS.perAddress.max);
      expect(pending).toBeLessThanOrEqual(max);
    } finally {
      live.close();
      await office.close();
    }
  });
});

describe(`${PARALLEL} 'Send the link again' requests at once`, () => {
  const resend = (email: string, address: string): HttpCall => ({
    method: 'POST',
    path: '/account/register/resend',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address, origin: FRONT_END, cookie: browser.jar.header() },
    body: new URLSearchParams({ csrf_token: browser.csrfToken, client_id: CLIENT_ID, redirect_uri: '/', email }).toString(),
  });

  it(`e-mails an unfinished registration at most ${REGISTRATION_LIMITS.emailsPerRecipient.max} links an hour, the first included, asked from ${PARALLEL} addresses`, async () => {
    const email = 'resend-burst@example.com';
    const started = await t.app.inject({
      method: 'POST',
      url: '/account/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: FRONT_END, cookie: browser.jar.header() },
      payload: new URLSearchParams({
        csrf_token: browser.csrfToken,
        client_id: CLIENT_ID,
        redirect_uri: '/',
        firstName: 'Resend',
        lastName: 'Burst',
        email,
      }).toString(),
    });
    expect(started.statusCode).toBe(200);
    // The first link is sent after the answer; the outbox waits for it, so the burst finds the registration stored.
    expect((await outbox(t.app, email)).filter((m) => m.link?.includes('/account/verify'))).toHaveLength(1);
    const result = await burst(
      server,
      Array.from({ length: PARALLEL }, (_, i) => resend(email, `198.19.${i >> 8}.${i & 255}`)),
    );
    const links = (await outbox(t.app, email)).filter((m) => m.link?.includes('/account/verify')).length;
    record('registration links per recipient (sent again)', REGISTRATION_LIMITS.emailsPerRecipient.max, links, result);
    // Every request is answered alike (nothing tells whether the address has an unfinished account).
    expect(result.statuses['200']).toBe(PARALLEL);
    expect(links).toBeGreaterThan(1);
    expect(links).toBeLessThanOrEqual(REGISTRATION_LIMITS.emailsPerRecipient.max);
  });
});

describe(`${PARALLEL} password reset requests at once`, () => {
  const forgot = (email: string, address: string): HttpCall => ({
    method: 'POST',
    path: '/account/forgot-password',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address, origin: FRONT_END, cookie: browser.jar.header() },
    body: new URLSearchParams({ csrf_token: browser.csrfToken, client_id: CLIENT_ID, redirect_uri: '/', email }).toString(),
  });
  /** The reset links e-mailed to an address (after the work done after the answers). */
  const resetLinks = async (email: string) => (await outbox(t.app, email)).filter((m) => m.link?.includes('/account/reset-password')).length;

  it(`e-mails at most ${PASSWORD_RESET_LIMITS.perRecipient.max} links to one address, asked from ${PARALLEL} addresses in any case`, async () => {
    const { email } = await newUser();
    const result = await burst(
      server,
      Array.from({ length: PARALLEL }, (_, i) => forgot(i % 2 ? email.toUpperCase() : ` ${email}`, `198.18.${i >> 8}.${i & 255}`)),
    );
    const accepted = result.statuses['200'] ?? 0;
    record('reset links per recipient', PASSWORD_RESET_LIMITS.perRecipient.max, accepted, result);
    expect(accepted).toBeLessThanOrEqual(PASSWORD_RESET_LIMITS.perRecipient.max);
    expect(result.statuses['429']).toBe(PARALLEL - accepted);
    expect(await resetLinks(email)).toBe(accepted);
  });

  it(`accepts at most ${PASSWORD_RESET_LIMITS.perAddress.max} requests from one address across addresses asked for`, async () => {
    const result = await burst(
      server,
      Array.from({ length: PARALLEL }, (_, i) => forgot(`reset-spray-${i}@example.com`, '203.0.113.150')),
    );
    const accepted = result.statuses['200'] ?? 0;
    record('reset requests per address', PASSWORD_RESET_LIMITS.perAddress.max, accepted, result);
    expect(accepted).toBeLessThanOrEqual(PASSWORD_RESET_LIMITS.perAddress.max);
    expect(result.statuses['429']).toBe(PARALLEL - accepted);
  });
});
