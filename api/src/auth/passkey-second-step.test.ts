// A passkey as the second step: after a right password, an account with an authenticator app and a
// passkey may use the passkey instead of the app's code, on the second step's own page.
import { CookieJar, DEMO, FRONT_END, createTestApp, follow, formFields, register, request } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { postForm } from '../test/forms';
import { passwordStep, signInWithSecondStep } from '../test/second-step';
import { addPasskey, fetchOptions, newAuthenticator } from '../test/passkeys';
import type { TestAuthenticator } from '../test/webauthn-authenticator';
import type { RequestOptions } from '../test/webauthn-authenticator';
import { SECOND_STEP_LIMITS } from './throttle-rules';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'admin-password-2468';
let admins = 0;

/** A new employer admin with an authenticator app set up, signed in with both steps. */
async function newAdmin() {
  admins += 1;
  const user = await register(t.app, { email: `passkey.admin.${admins}@example.com`, password: PASSWORD });
  await t.database.db
    .insertInto('employer_admins')
    .values({ employer_id: DEMO.employers.northwind, user_id: user.sub, created_at: new Date().toISOString(), invited_by: null })
    .execute();
  return signInWithSecondStep(t.app, user.email, PASSWORD);
}

/** After the password: the second step's page, and its browser. */
async function atSecondStep(email: string) {
  const jar = new CookieJar();
  const page = await passwordStep(t.app, jar, email, PASSWORD);
  expect(formFields(page.body).action).toBe('/account/second-step');
  return { jar, page };
}

async function secondStepOptions(jar: CookieJar): Promise<RequestOptions> {
  const res = await fetchOptions(t.app, jar, '/account/second-step/passkey/options');
  if (res.statusCode !== 200) throw new Error(`options answered ${res.statusCode}: ${res.body}`);
  return res.json<RequestOptions>();
}

function postPasskey(jar: CookieJar, page: string, device: TestAuthenticator, options: RequestOptions) {
  const { csrf_token } = formFields(page).fields;
  return postForm(t.app, jar, '/account/second-step/passkey', { csrf_token: csrf_token!, credential: JSON.stringify(device.assert(options)) });
}

const secondStepSessions = (userId: string) =>
  t.database.db.selectFrom('sessions').select('id').where('user_id', '=', userId).where('second_step_at', 'is not', null).execute();

it('offers a passkey on the second step only to an account that has one', async () => {
  const admin = await newAdmin();
  const without = await atSecondStep(admin.email);
  expect(without.page.body).not.toContain('data-passkey-options');
  await addPasskey(t.app, admin, newAuthenticator());
  const withOne = await atSecondStep(admin.email);
  expect(withOne.page.body).toContain('data-passkey-options="/account/second-step/passkey/options"');
  expect(withOne.page.body).toContain('>Use a passkey</button>');
});

it('finishes signing in with one of the account’s passkeys instead of the app’s code', async () => {
  const admin = await newAdmin();
  const device = newAuthenticator();
  await addPasskey(t.app, admin, device);
  const before = (await secondStepSessions(admin.sub)).length;
  const { jar, page } = await atSecondStep(admin.email);
  const options = await secondStepOptions(jar);
  // Only the account's own passkeys are asked for.
  expect(options.allowCredentials?.map((c) => c.id)).toEqual([device.credentials[0]!.id]);
  const posted = await postPasskey(jar, page.body, device, options);
  expect(posted.statusCode).toBe(302);
  const { location } = await follow(t.app, jar, posted);
  expect(location).toBe(`${FRONT_END}/?state=test-state`);
  expect((await request(t.app, jar, { url: '/app/me/' })).json()).toMatchObject({ sub: admin.sub });
  expect((await secondStepSessions(admin.sub)).length).toBe(before + 1);
  // The pending sign-in is spent: the same browser cannot finish it twice.
  const again = await postPasskey(jar, page.body, device, options);
  expect(again.statusCode).toBe(400);
});

it('refuses another account’s passkey, and counts it as a wrong second step', async () => {
  const admin = await newAdmin();
  await addPasskey(t.app, admin, newAuthenticator());
  const other = await newAdmin();
  const othersDevice = newAuthenticator();
  await addPasskey(t.app, other, othersDevice);
  const { jar, page } = await atSecondStep(admin.email);
  const options = await secondStepOptions(jar);
  // The other account's passkey answers the challenge (as a browser offering any passkey it holds would).
  const answer = othersDevice.assert({ ...options, allowCredentials: [] });
  const { csrf_token } = formFields(page.body).fields;
  const posted = await postForm(t.app, jar, '/account/second-step/passkey', { csrf_token: csrf_token!, credential: JSON.stringify(answer) });
  expect(posted.statusCode).toBe(401);
  expect(posted.body).toContain('This passkey is not one of your account’s.');
  const counted = await t.database.db.selectFrom('throttle_counters').select('count').where('key', '=', `second-step:account:${admin.sub}`).executeTakeFirst();
  expect(counted?.count).toBe(1);
});

it(`stops at the second step’s limit (${SECOND_STEP_LIMITS.perAccount.max} wrong tries) before checking more`, async () => {
  const admin = await newAdmin();
  const device = newAuthenticator();
  await addPasskey(t.app, admin, device);
  const { jar, page } = await atSecondStep(admin.email);
  const statuses: number[] = [];
  for (let i = 0; i <= SECOND_STEP_LIMITS.perAccount.max; i++) {
    const { csrf_token } = formFields(page.body).fields;
    const bent = JSON.stringify(device.assert(await secondStepOptions(jar), { origin: 'https://evil.example' }));
    statuses.push((await postForm(t.app, jar, '/account/second-step/passkey', { csrf_token: csrf_token!, credential: bent })).statusCode);
  }
  expect(statuses).toEqual([...Array<number>(SECOND_STEP_LIMITS.perAccount.max).fill(401), 429]);
});

it('gives no options without a pending sign-in in this browser', async () => {
  const jar = new CookieJar();
  await request(t.app, jar, { url: '/account/sign-in?client_id=portal-web' });
  const res = await fetchOptions(t.app, jar, '/account/second-step/passkey/options');
  expect({ status: res.statusCode, body: res.json() }).toEqual({
    status: 400,
    body: { status: 400, error: 'This sign-in has expired or was already finished. Sign in again.', code: 'sign_in.link_expired', data: null },
  });
});
