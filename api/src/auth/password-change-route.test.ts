// POST /api/users/{userId}/password (Settings): the change of the account page through the API, on
// both databases: other sessions end, refusals carry the field's code and change nothing, another
// user's id is refused, and the sign-in limits hold.
import { COMMON_PASSWORD } from '../http/validation';
import { DEMO, FRONT_END, api, createTestApp, register, request, signIn, signInAlex, unwrap } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { SIGN_IN_LIMITS } from './throttle-rules';

const PASSWORD = 'the-first-password-1';
const NEW_PASSWORD = 'Mulberry-payslip-ledger-7431';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let people = 0;
async function person(): Promise<SignedIn> {
  people += 1;
  return register(t.app, { email: `changer${people}@example.com`, password: PASSWORD });
}

const change = (user: SignedIn, body: Record<string, string>, userId = user.sub) => api(t.app, user, 'POST', `/api/users/${userId}/password`, body);
const form = (currentPassword: string, newPassword = NEW_PASSWORD, confirmPassword = newPassword) => ({ currentPassword, newPassword, confirmPassword });

const signsIn = (email: string, password: string) =>
  signIn(t.app, email, password).then(
    () => true,
    () => false,
  );
const passwordHashOf = async (id: string) =>
  (await t.database.db.selectFrom('identity_users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;

it('changes the password, ends every other session and keeps this one', async () => {
  const user = await person();
  const elsewhere = await signIn(t.app, user.email, PASSWORD);
  const res = await change(user, form(PASSWORD));
  expect(res.statusCode).toBe(200);
  expect(unwrap(res)).toEqual({ status: 200, error: null, data: { changed: true, otherSessionsEnded: true } });
  expect((await request(t.app, elsewhere.jar, { url: '/app/me/' })).statusCode).toBe(401);
  expect((await request(t.app, user.jar, { url: '/app/me/' })).statusCode).toBe(200);
  expect(await passwordHashOf(user.sub)).toMatch(/^\$argon2id\$v=19\$/);
  expect(await signsIn(user.email, PASSWORD)).toBe(false);
  expect(await signsIn(user.email, NEW_PASSWORD)).toBe(true);
});

it.each([
  ['a wrong current password', form('not-the-password-1', NEW_PASSWORD), 'password.current_not_right', 'Your current password is not right'],
  ['a new password too short', form(PASSWORD, 'short-one'), 'password.too_short', 'Your new password must be at least 12 characters'],
  ['one of the most common passwords', form(PASSWORD, 'Qwerty123456'), 'password.too_common', COMMON_PASSWORD],
  ['a confirmation that differs', form(PASSWORD, NEW_PASSWORD, `${NEW_PASSWORD}!`), 'password.mismatch', 'The new passwords do not match'],
  [
    'a wrong current password and a common new one (the current one first)',
    form('not-the-password-1', 'qwerty123456'),
    'password.current_not_right',
    'Your current password is not right',
  ],
])('refuses %s with its code, and changes nothing', async (_, body, code, error) => {
  const user = await person();
  const elsewhere = await signIn(t.app, user.email, PASSWORD);
  const before = await passwordHashOf(user.sub);
  const res = await change(user, body);
  expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { status: 400, error, code, data: null } });
  expect(await passwordHashOf(user.sub)).toBe(before);
  expect((await request(t.app, elsewhere.jar, { url: '/app/me/' })).statusCode).toBe(200);
});

it('refuses another user’s id (403) and changes nothing of theirs', async () => {
  const alex = await signInAlex(t.app);
  const before = await passwordHashOf(DEMO.sam.id);
  const res = await change(alex, form('Payslips-2026'), DEMO.sam.id);
  expect(res.statusCode).toBe(403);
  expect(await passwordHashOf(DEMO.sam.id)).toBe(before);
});

it('answers 401 signed out, and refuses a call from another origin', async () => {
  const user = await person();
  const signedOut = await t.app.inject({ method: 'POST', url: `/api/users/${user.sub}/password`, payload: form(PASSWORD), headers: { origin: FRONT_END } });
  expect(signedOut.statusCode).toBe(401);
  const elsewhere = await t.app.inject({
    method: 'POST',
    url: `/api/users/${user.sub}/password`,
    payload: form(PASSWORD),
    headers: { cookie: user.jar.header(), origin: 'https://attacker.example' },
  });
  expect(elsewhere.statusCode).toBe(403);
  expect(await signsIn(user.email, PASSWORD)).toBe(true);
});

it(`checks the current password under the sign-in limits: after ${SIGN_IN_LIMITS.perAccountAndAddress.max} wrong ones even the right one waits`, async () => {
  const user = await person();
  const before = await passwordHashOf(user.sub);
  for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndAddress.max; i++) expect((await change(user, form(`guess-number-${i}`))).statusCode).toBe(400);
  const res = await change(user, form(PASSWORD));
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toMatch(/^\d+$/);
  expect(res.json()).toEqual({
    status: 429,
    error: 'Too many wrong passwords. Wait 15 minutes, then try again.',
    code: 'password.too_many_attempts',
    data: null,
  });
  expect(await passwordHashOf(user.sub)).toBe(before);
});
