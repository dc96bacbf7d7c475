// The second step under 300 posts at once, over real HTTP, on SQLite and PostgreSQL. Whoever has
// the password gets one pending sign-in and can fire every guess at it together: the per-account
// limit must still check no more than its few codes, and one right code must make one sign-in.
import { CookieJar, DEMO, FRONT_END, formFields, liveTestApp, register } from '../test/helpers';
import { burst } from '../test/burst';
import type { BurstResult, HttpCall } from '../test/burst';
import { freshCode, passwordStep, signInWithSecondStep } from '../test/second-step';
import { totpCode } from './second-step-secrets';
import { SECOND_STEP_LIMITS } from './throttle-rules';

const PARALLEL = 300;
const LIMIT = SECOND_STEP_LIMITS.perAccount.max;
const PASSWORD = 'admin-password-1234';

const live = liveTestApp();

let admins = 0;
async function newAdmin() {
  admins += 1;
  const user = await register(live.t.app, { email: `burst.admin.${admins}@example.com`, password: PASSWORD });
  await live.t.database.db
    .insertInto('employer_admins')
    .values({ employer_id: DEMO.employers.northwind, user_id: user.sub, created_at: new Date().toISOString(), invited_by: null })
    .execute();
  return { ...user, secret: (await signInWithSecondStep(live.t.app, user.email, PASSWORD)).secret };
}

/** A pending sign-in (password given) and a function that posts a code to it as its browser does. */
async function pendingSignIn(email: string) {
  const jar = new CookieJar();
  const page = await passwordStep(live.t.app, jar, email, PASSWORD);
  const form = formFields(page.body);
  expect(form.action).toBe('/account/second-step');
  return (code: string): HttpCall => ({
    method: 'POST',
    path: form.action,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: FRONT_END, cookie: jar.header(), accept: 'text/html' },
    body: new URLSearchParams({ ...form.fields, code }).toString(),
  });
}

/** Answers where a code was looked at and found wrong (not refused by the limit before). */
const checkedWrong = (result: BurstResult) => result.answers.filter((a) => a.status === 401).length;

const secondStepSessions = (userId: string) =>
  live.t.database.db.selectFrom('sessions').select('id').where('user_id', '=', userId).where('second_step_at', 'is not', null).execute();

it(`checks at most ${LIMIT} of ${PARALLEL} codes sent at once, and the right one sent after them is refused`, async () => {
  const admin = await newAdmin();
  const post = await pendingSignIn(admin.email);
  const sessionsBefore = (await secondStepSessions(admin.sub)).length;
  // Wrong codes: the codes of steps long gone, all different.
  const wrong = Array.from({ length: PARALLEL - 1 }, (_, i) => post(totpCode(admin.secret, Date.now() - (i + 10) * 60_000)));
  const result = await burst(live.server, wrong, { call: post(await freshCode(live.t.app, admin.email)), sendLastAfter: LIMIT });
  expect(checkedWrong(result)).toBeLessThanOrEqual(LIMIT);
  expect(result.last?.status).toBe(429);
  expect(result.last?.body).toContain('Too many wrong codes. Wait 15 minutes, then try again.');
  for (const answer of result.answers) expect([401, 429]).toContain(answer.status);
  expect(result.statuses['429']).toBeGreaterThanOrEqual(PARALLEL - LIMIT);
  expect((await secondStepSessions(admin.sub)).length).toBe(sessionsBefore);
});

it(`lets one right code sent ${PARALLEL} times at once finish one sign-in, once`, async () => {
  const admin = await newAdmin();
  const post = await pendingSignIn(admin.email);
  const sessionsBefore = (await secondStepSessions(admin.sub)).length;
  const code = await freshCode(live.t.app, admin.email);
  const result = await burst(
    live.server,
    Array.from({ length: PARALLEL }, () => post(code)),
  );
  expect(result.statuses['302']).toBe(1);
  const callback = result.answers.find((a) => a.status === 302)!.headers.location!;
  expect(callback).toMatch(/^\/app\/callback\/\?code=/);
  for (const answer of result.answers) expect([302, 400, 401, 429]).toContain(answer.status);
  const codes = await live.t.database.db
    .selectFrom('auth_codes')
    .select('second_step_at')
    .where('user_id', '=', admin.sub)
    .where('used_at', 'is', null)
    .execute();
  expect(codes).toHaveLength(1);
  expect(codes[0]!.second_step_at).not.toBeNull();
  expect((await secondStepSessions(admin.sub)).length).toBe(sessionsBefore);
});
