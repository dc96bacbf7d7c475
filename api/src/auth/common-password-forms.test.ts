// Every page where a password is chosen refuses one of the 100,000 most common, in any case, with
// the same sentence, and creates or changes nothing: the registration link's page, the reset link's
// page and the account page (Settings' API route: password-change-route.test.ts).
import { COMMON_PASSWORD } from '../http/validation';
import { CLIENT_ID, CookieJar, FRONT_END, createTestApp, outbox, register, registrationLink, request, startRegistration } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { openForm, postForm } from '../test/forms';

const COMMON = 'QWERTY123456';
const STRONG = 'Mulberry-payslip-ledger-7431';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hashOf = async (email: string) =>
  (await t.database.db.selectFrom('identity_users').select('password_hash').where('email', '=', email).executeTakeFirst())?.password_hash;

it('refuses it on the page where a new account’s password is chosen, and creates no account', async () => {
  const email = 'common.registration@example.com';
  const jar = new CookieJar();
  await startRegistration(t.app, jar, { email, password: COMMON });
  const form = await openForm(t.app, jar, await registrationLink(t.app, email));
  const refused = await postForm(t.app, jar, form.action, { ...form.fields, password: COMMON, confirmPassword: COMMON });
  expect(refused.statusCode).toBe(400);
  expect(refused.body).toContain(COMMON_PASSWORD);
  expect(await hashOf(email)).toBeUndefined();
  const accepted = await postForm(t.app, jar, form.action, { ...form.fields, password: STRONG, confirmPassword: STRONG });
  expect(accepted.statusCode).toBe(302);
  expect(await hashOf(email)).toMatch(/^\$argon2id\$/);
});

it('refuses it on the page a reset link opens, and keeps the password', async () => {
  const email = 'common.reset@example.com';
  await register(t.app, { email, password: 'the-first-password-1' });
  const before = await hashOf(email);
  const jar = new CookieJar();
  const signInPage = await request(t.app, jar, { url: `/account/sign-in?client_id=${CLIENT_ID}`, headers: { accept: 'text/html' } });
  const forgot = /<a href="([^"]+)">Forgot your password\?<\/a>/.exec(signInPage.body)![1]!.replace(/&amp;/g, '&');
  const ask = await openForm(t.app, jar, forgot);
  expect((await postForm(t.app, jar, ask.action, { ...ask.fields, email })).statusCode).toBe(200);
  const link = new URL((await outbox(t.app, email)).find((m) => m.link?.includes('/account/reset-password'))!.link!, FRONT_END);
  const form = await openForm(t.app, jar, `${link.pathname}${link.search}`);
  const refused = await postForm(t.app, jar, form.action, { ...form.fields, newPassword: COMMON, confirmPassword: COMMON });
  expect(refused.statusCode).toBe(400);
  expect(refused.body).toContain(COMMON_PASSWORD);
  expect(await hashOf(email)).toBe(before);
});

it('refuses it on the account page, and keeps the password', async () => {
  const user = await register(t.app, { email: 'common.account@example.com', password: 'the-first-password-1' });
  const before = await hashOf(user.email);
  const form = await openForm(t.app, user.jar, `/account/?client_id=${CLIENT_ID}`);
  const refused = await postForm(t.app, user.jar, form.action, {
    ...form.fields,
    currentPassword: 'the-first-password-1',
    newPassword: COMMON,
    confirmPassword: COMMON,
  });
  expect(refused.statusCode).toBe(400);
  expect(refused.body).toContain(COMMON_PASSWORD);
  expect(await hashOf(user.email)).toBe(before);
});
