// 'Forgot your password?': the same answer whether or not an address has an
// account, a link by e-mail that works once for 30 minutes and is stored hashed, every session
// ended by the new password, and requests throttled per e-mail address and per client address.
import { CLIENT_ID, CookieJar, FRONT_END, createTestApp, follow, formFields, outbox, register, request, returningBrowser, signIn } from '../test/helpers';
import { turnOnTwoStep } from '../test/account-security';
import { passwordStep, signInWithSecondStep } from '../test/second-step';
import type { SignedIn, TestApp } from '../test/helpers';
import { openForm, postForm } from '../test/forms';
import { sha256 } from '../secrets';
import { TokenService } from './tokens';
import { COOKIES } from '../http/cookies';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CLIENT = `client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(`${FRONT_END}/`)}&state=reset-state`;

let addresses = 0;
/** A client address of its own for each request, so the per-address limit stays out of the way. */
const nextAddress = () => `198.51.100.${++addresses}`;

/** Fills in 'Forgot your password?' as a browser does, from the sign-in page's link. */
async function askForReset(email: string, remoteAddress = nextAddress()) {
  const jar = new CookieJar();
  const signInPage = await request(t.app, jar, { url: `/account/sign-in?${CLIENT}`, headers: { accept: 'text/html' } });
  const href = /<a href="([^"]+)">Forgot your password\?<\/a>/.exec(signInPage.body)?.[1]?.replace(/&amp;/g, '&');
  if (!href) throw new Error('no "Forgot your password?" link on the sign-in page');
  const form = await openForm(t.app, jar, href);
  return request(t.app, jar, {
    method: 'POST',
    url: form.action,
    payload: new URLSearchParams({ ...form.fields, email }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: FRONT_END },
    remoteAddress,
  });
}

/** The path and query of the newest reset link e-mailed to the address. */
async function latestResetLink(email: string): Promise<string> {
  const link = (await outbox(t.app, email)).find((m) => m.link?.includes('/account/reset-password'))?.link;
  if (!link) throw new Error(`no reset link in the outbox for ${email}`);
  const url = new URL(link, 'http://relative.invalid');
  return `${url.pathname}${url.search}`;
}

/** Opens the link and sends the 'Choose a new password' form. */
async function chooseNewPassword(link: string, newPassword: string, confirmPassword = newPassword) {
  const jar = new CookieJar();
  const form = await openForm(t.app, jar, link);
  return postForm(t.app, jar, form.action, { ...form.fields, newPassword, confirmPassword });
}

const withoutCsrf = (html: string) => html.replace(/name="csrf_token" value="[^"]*"/g, '');

let people = 0;
async function newPerson(): Promise<SignedIn & { password: string }> {
  people += 1;
  const password = `first-password-${people}`;
  const user = await register(t.app, { email: `forgetful.${people}@example.com`, password });
  return { ...user, password };
}

describe("'Forgot your password?'", () => {
  it('is linked from the sign-in page, and asks for the email address', async () => {
    const page = await request(t.app, new CookieJar(), { url: `/account/sign-in?${CLIENT}`, headers: { accept: 'text/html' } });
    expect(page.body).toContain(`<a href="/account/forgot-password?${CLIENT.replace(/&/g, '&amp;')}">Forgot your password?</a>`);
    const form = await openForm(t.app, new CookieJar(), `/account/forgot-password?${CLIENT}`);
    expect(form.action).toBe('/account/forgot-password');
    expect(form.fields).toMatchObject({ client_id: CLIENT_ID, redirect_uri: `${FRONT_END}/`, state: 'reset-state', email: '' });
  });

  it('answers the same whether or not the address has an account; only an account’s owner gets a link', async () => {
    const person = await newPerson();
    const known = await askForReset(person.email);
    const unknown = await askForReset('nobody.here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toContain('If an account uses that address, we have sent a link to <strong>');
    expect(withoutCsrf(known.body).replace(person.email, 'ADDRESS')).toBe(withoutCsrf(unknown.body).replace('nobody.here@example.com', 'ADDRESS'));
    expect(await outbox(t.app, 'nobody.here@example.com')).toEqual([]);
    const [message] = await outbox(t.app, person.email);
    expect(message).toMatchObject({
      channel: 'email',
      subject: 'Reset your pay portal password',
      link: expect.stringMatching(/^http:\/\/localhost:8080\/account\/reset-password\?token=[\w-]{43}$/),
    });
    expect(message!.body).toContain('within 30 minutes');
  });

  it('stores the link’s token only hashed, for 30 minutes', async () => {
    const person = await newPerson();
    await askForReset(person.email);
    const token = new URL(await latestResetLink(person.email), 'http://x').searchParams.get('token')!;
    const rows = await t.database.db.selectFrom('password_resets').selectAll().where('user_id', '=', person.sub).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(new Date(rows[0]!.expires_at).getTime() - new Date(rows[0]!.created_at).getTime()).toBe(30 * 60_000);
  });

  it('says what to fix when the address is missing or not an address', async () => {
    for (const [email, message] of [
      ['', 'Enter your email address'],
      ['not-an-address', 'Enter an email address in the right format, like name@example.com'],
    ]) {
      const res = await askForReset(email!);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('<title>Error: Reset your password – Pay portal</title>');
      expect(res.body).toContain(`<li><a href="#email">${message}</a></li>`);
    }
  });

  it('sets the new password through the link, ends every session, tells the owner, and the user signs in with it', async () => {
    const person = await newPerson();
    const elsewhere = await signIn(t.app, person.email, person.password);
    expect((await request(t.app, elsewhere.jar, { url: '/app/me/' })).statusCode).toBe(200);
    await askForReset(person.email);
    const link = await latestResetLink(person.email);

    const page = await request(t.app, new CookieJar(), { url: link, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Choose a new password</h1>');
    expect(page.body).toContain('data-show-password aria-controls="newPassword"');

    const tooShort = await chooseNewPassword(link, 'short');
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.body).toContain('Your new password must be at least 12 characters');
    const mismatch = await chooseNewPassword(link, 'a-brand-new-password', 'a-different-password');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('The passwords do not match');

    // A second tab with the same link open.
    const secondTab = new CookieJar();
    const spare = await openForm(t.app, secondTab, link);
    const done = await chooseNewPassword(link, 'a-brand-new-password');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('<h1>Sign in to your pay portal</h1>');
    expect(done.body).toContain('Your password has been changed and you have been signed out everywhere. Sign in with your new password.');
    expect(done.body).toContain(`value="${person.email}"`);
    expect(done.body).toContain('name="state" value="reset-state"');

    // Every session ended: the access token and the refresh token of the other browser stop working.
    expect((await request(t.app, elsewhere.jar, { url: '/app/me/' })).statusCode).toBe(401);
    expect((await request(t.app, elsewhere.jar, { method: 'POST', url: '/app/refresh/', headers: { origin: FRONT_END } })).statusCode).not.toBe(200);
    // The old password no longer works; the new one does.
    await expect(signIn(t.app, person.email, person.password)).rejects.toThrow(/sign-in did not finish/);
    await expect(signIn(t.app, person.email, 'a-brand-new-password')).resolves.toMatchObject({ sub: person.sub });
    expect((await outbox(t.app, person.email))[0]).toMatchObject({ subject: 'Your pay portal password has been changed' });

    // The link works once.
    expect((await request(t.app, new CookieJar(), { url: link, headers: { accept: 'text/html' } })).statusCode).toBe(400);
    const again = await postForm(t.app, secondTab, spare.action, {
      ...spare.fields,
      newPassword: 'another-new-password',
      confirmPassword: 'another-new-password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('<h1>This link has expired</h1>');
    await expect(signIn(t.app, person.email, 'another-new-password')).rejects.toThrow(/sign-in did not finish/);
  });

  it('starts no session from a sign-in code given for the old password before the reset (its browser had not reached the callback)', async () => {
    const person = await newPerson();
    // Someone with the old password signs in up to the sign-in code, and holds the callback (it works for 60 s).
    const jar = new CookieJar();
    const login = await request(t.app, jar, { url: `/app/login/?${CLIENT}&scope=openid%20offline_access` });
    const { res: page } = await follow(t.app, jar, login);
    const { action, fields } = formFields(page.body);
    const posted = await request(t.app, jar, {
      method: 'POST',
      url: action,
      payload: new URLSearchParams({ ...fields, email: person.email, password: person.password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    });
    const callback = String(posted.headers.location);
    expect(callback).toMatch(/^\/app\/callback\/\?code=/);
    // The owner resets the password: every session ends, and so must every sign-in not yet finished.
    await askForReset(person.email);
    expect((await chooseNewPassword(await latestResetLink(person.email), 'a-brand-new-password')).statusCode).toBe(200);
    const late = await request(t.app, jar, { url: callback });
    expect({ status: late.statusCode, session: jar.get(COOKIES.access) ?? null }).toEqual({ status: 400, session: null });
    expect((await request(t.app, jar, { url: '/app/me/' })).statusCode).toBe(401);
  });

  it('makes no sign-in code for a password check that a reset overtook (the check ran on the old password)', async () => {
    const person = await newPerson();
    const identity = () => t.database.db.selectFrom('identity_users').select('password_hash').where('id', '=', person.sub).executeTakeFirstOrThrow();
    const checkedAgainst = (await identity()).password_hash;
    // The reset lands while the sign-in's password check (Argon2id, tens of milliseconds) is running.
    await askForReset(person.email);
    expect((await chooseNewPassword(await latestResetLink(person.email), 'a-password-after-the-race')).statusCode).toBe(200);
    const tokens = new TokenService(t.database.db, t.config);
    const signIn = (passwordHash: string) =>
      tokens.createAuthCodeForPassword(t.database.dialect, { userId: person.sub, passwordHash }, CLIENT_ID, `${FRONT_END}/`, 'a-browser');
    expect(await signIn(checkedAgainst)).toBeNull();
    // A check against the password the user has now still gets its code.
    expect(await signIn((await identity()).password_hash)).toEqual(expect.any(String));
  });

  it('spends the user’s other links when one is used', async () => {
    const person = await newPerson();
    await askForReset(person.email);
    const first = await latestResetLink(person.email);
    await askForReset(person.email);
    const second = await latestResetLink(person.email);
    expect(second).not.toBe(first);
    expect((await chooseNewPassword(second, 'the-second-link-won')).statusCode).toBe(200);
    const res = await request(t.app, new CookieJar(), { url: first, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<h1>This link has expired</h1>');
  });

  it('refuses a link after 30 minutes, on the page and on the form', async () => {
    const person = await newPerson();
    await askForReset(person.email);
    const link = await latestResetLink(person.email);
    const jar = new CookieJar();
    const form = await openForm(t.app, jar, link);
    await t.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', person.sub)
      .execute();
    const posted = await postForm(t.app, jar, form.action, { ...form.fields, newPassword: 'too-late-password', confirmPassword: 'too-late-password' });
    expect(posted.statusCode).toBe(400);
    expect(posted.body).toContain('<h1>This link has expired</h1>');
    expect((await request(t.app, new CookieJar(), { url: link, headers: { accept: 'text/html' } })).statusCode).toBe(400);
    await expect(signIn(t.app, person.email, person.password)).resolves.toMatchObject({ sub: person.sub });
  });

  it('changes the password once when the link is used 300 times at once', async () => {
    const person = await newPerson();
    await askForReset(person.email);
    const link = await latestResetLink(person.email);
    const jar = new CookieJar();
    const form = await openForm(t.app, jar, link);
    const uses = Array.from({ length: 300 }, (_, i) => `concurrent-password-${i}`);
    const answers = await Promise.all(
      uses.map((password) => postForm(t.app, jar, form.action, { ...form.fields, newPassword: password, confirmPassword: password })),
    );
    const won = answers.flatMap((res, i) => (res.statusCode === 200 ? [uses[i]!] : []));
    expect(won).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 400 && res.body.includes('This link has expired'))).toHaveLength(299);
    await expect(signIn(t.app, person.email, won[0]!)).resolves.toMatchObject({ sub: person.sub });
  });

  it('sends at most 3 requests an hour for one address, account or not, with the same refusal', async () => {
    const person = await newPerson();
    for (const email of [person.email, 'no.account.flood@example.com']) {
      for (let i = 0; i < 3; i++) expect((await askForReset(email)).statusCode).toBe(200);
      const refused = await askForReset(email);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toMatch(/Too many reset links have been asked for\. Wait \d+ minutes?, then try again\./);
    }
    expect((await outbox(t.app, person.email)).filter((m) => m.subject === 'Reset your pay portal password')).toHaveLength(3);
  });

  it('accepts at most 20 requests an hour from one client address', async () => {
    for (let i = 0; i < 20; i++) expect((await askForReset(`someone.${i}@example.com`, '203.0.113.77')).statusCode).toBe(200);
    const refused = await askForReset('someone.else@example.com', '203.0.113.77');
    expect(refused.statusCode).toBe(429);
    expect((await askForReset('someone.else@example.com', '203.0.113.78')).statusCode).toBe(200);
  });

  it('refuses the forms posted from another site, or without this browser’s token', async () => {
    const person = await newPerson();
    const jar = new CookieJar();
    const form = await openForm(t.app, jar, `/account/forgot-password?${CLIENT}`);
    expect((await postForm(t.app, jar, form.action, { ...form.fields, email: person.email }, { origin: 'https://attacker.example' })).statusCode).toBe(403);
    expect((await postForm(t.app, new CookieJar(), form.action, { ...form.fields, email: person.email })).statusCode).toBe(403);
    expect(await outbox(t.app, person.email)).toHaveLength(1); // only the registration link
  });

  it('never skips the second step: after a reset, signing in with the new password still asks for the code', async () => {
    const person = await newPerson();
    await turnOnTwoStep(t.app, person);
    await askForReset(person.email);
    const done = await chooseNewPassword(await latestResetLink(person.email), 'a-password-after-reset');
    expect(done.statusCode).toBe(200);
    const page = await passwordStep(t.app, returningBrowser(t.app, person.email), person.email, 'a-password-after-reset');
    expect(page.body).toContain('action="/account/second-step"');
    expect(
      await t.database.db.selectFrom('second_step_authenticators').select('confirmed_at').where('user_id', '=', person.sub).executeTakeFirst(),
    ).toMatchObject({
      confirmed_at: expect.anything(),
    });
    await expect(signIn(t.app, person.email, 'a-password-after-reset')).rejects.toThrow(/sign-in did not finish/);
    await expect(signInWithSecondStep(t.app, person.email, 'a-password-after-reset')).resolves.toMatchObject({ sub: person.sub });
  });
});
