// The second sign-in step through the real pages, on SQLite and PostgreSQL: an employer admin's
// first sign-in sets up an authenticator app (key, link, QR code, recovery codes shown once); later
// sign-ins ask for a code from it or a recovery code; codes work once; the step waits ten minutes
// in the browser that gave the password; wrong codes are limited; everyone else signs in as before.
import { CookieJar, DEMO, FRONT_END, createTestApp, follow, formFields, outbox, register, request, signIn } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { openForm, postForm } from '../test/forms';
import { freshCode, keyOnPage, passwordStep, recoveryCodesOnPage, rememberSecret, signInWithSecondStep } from '../test/second-step';
import { unspentRecoveryCodes } from './second-step';
import {
  RECOVERY_CODE_COUNT,
  decryptTotpSecret,
  encryptTotpSecret,
  matchingStep,
  newRecoveryCodes,
  normaliseRecoveryCode,
  timeStep,
  totpCode,
} from './second-step-secrets';
import { SECOND_STEP_LIMITS } from './throttle-rules';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'admin-password-1234';
let people = 0;

/** A new account that is an admin of Northwind (the row the employer console's invitation writes). */
async function newAdmin(): Promise<SignedIn> {
  people += 1;
  const user = await register(t.app, { email: `admin.${people}@example.com`, password: PASSWORD });
  await t.database.db
    .insertInto('employer_admins')
    .values({ employer_id: DEMO.employers.northwind, user_id: user.sub, created_at: new Date().toISOString(), invited_by: null })
    .execute();
  return user;
}

/** The sessions rows of an account, newest last. */
const sessionsOf = (userId: string) =>
  t.database.db.selectFrom('sessions').select(['id', 'second_step_at', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute();

const codeForm = (html: string) => formFields(html);
const post = (jar: CookieJar, html: string, fields: Record<string, string>) => {
  const form = codeForm(html);
  return postForm(t.app, jar, form.action, { ...form.fields, ...fields });
};
const unescape = (s: string) => s.replace(/&amp;/g, '&');

describe('setting up an authenticator app (an employer admin’s first sign-in)', () => {
  it('shows the key in groups, an otpauth:// link and a QR code, confirms with a code, then shows ten recovery codes once', async () => {
    const admin = await newAdmin();
    const before = (await sessionsOf(admin.sub)).length;
    const jar = new CookieJar();
    const page = await passwordStep(t.app, jar, admin.email, PASSWORD);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Set up your authenticator app</h1>');
    expect(page.body).toMatch(/<code id="key">([A-Z2-7]{4} ){7}[A-Z2-7]{4}<\/code>/);
    const secret = keyOnPage(page.body);
    const link = /<a href="(otpauth:\/\/totp\/[^"]+)">Open the key in your authenticator app<\/a>/.exec(page.body)?.[1];
    expect(link).toBeDefined();
    const uri = new URL(unescape(link!));
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret, issuer: 'Pay portal', algorithm: 'SHA1', digits: '6', period: '30' });
    expect(decodeURIComponent(uri.pathname)).toContain(admin.email);
    expect(page.body).toMatch(/<svg role="img" aria-label="QR code of the key for your authenticator app" [^>]*viewBox/);
    expect(page.body).toMatch(/<label for="code">Code from your authenticator app<\/label>/);
    expect(page.body).toContain('autocomplete="one-time-code"');
    // The page is the same after a reload: the app may already hold the key.
    expect(keyOnPage((await request(t.app, jar, { url: '/account/second-step', headers: { accept: 'text/html' } })).body)).toBe(secret);

    // No session yet: the password alone made none.
    expect(await sessionsOf(admin.sub)).toHaveLength(before);
    const wrong = await post(jar, page.body, { code: totpCode(secret, Date.now() - 5 * 60_000) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('The code is not right');
    expect(keyOnPage(wrong.body)).toBe(secret);

    rememberSecret(t.app, admin.email, secret);
    const confirmed = await post(jar, page.body, { code: await freshCode(t.app, admin.email) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('<h1>Save your recovery codes</h1>');
    const codes = recoveryCodesOnPage(confirmed.body);
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    expect(confirmed.body).toContain('<button type="submit">I have saved my recovery codes</button>');
    expect(await sessionsOf(admin.sub)).toHaveLength(before);

    // The codes are not shown again.
    const reloaded = await request(t.app, jar, { url: '/account/second-step', headers: { accept: 'text/html' } });
    expect(reloaded.statusCode).toBe(200);
    for (const code of codes) expect(reloaded.body).not.toContain(code);

    const done = await follow(t.app, jar, await post(jar, confirmed.body, {}));
    expect(done.location).toBe(`${FRONT_END}/?state=test-state`);
    expect((await request(t.app, jar, { url: '/app/me/' })).statusCode).toBe(200);
    const sessions = await sessionsOf(admin.sub);
    expect(sessions).toHaveLength(before + 1);
    expect(sessions.at(-1)!.second_step_at).not.toBeNull();
    expect(await unspentRecoveryCodes(t.database.db, admin.sub)).toBe(RECOVERY_CODE_COUNT);

    // At rest: the key encrypted, the recovery codes hashed; neither in the logs.
    const row = await t.database.db.selectFrom('second_step_authenticators').selectAll().where('user_id', '=', admin.sub).executeTakeFirstOrThrow();
    expect(row.confirmed_at).not.toBeNull();
    expect(row.secret_encrypted).not.toContain(secret);
    expect(decryptTotpSecret(t.config.tokenSecret, admin.sub, row.secret_encrypted)).toBe(secret);
    const stored = JSON.stringify(await t.database.db.selectFrom('second_step_recovery_codes').selectAll().where('user_id', '=', admin.sub).execute());
    for (const code of codes) expect(stored).not.toContain(code);
    const logs = t.logs.join('');
    expect(logs).not.toContain(secret);
    for (const code of codes) expect(logs).not.toContain(code);
  });

  it('shows the key again, not a new one, to a second sign-in before the first confirmed it', async () => {
    const admin = await newAdmin();
    const first = keyOnPage((await passwordStep(t.app, new CookieJar(), admin.email, PASSWORD)).body);
    const second = keyOnPage((await passwordStep(t.app, new CookieJar(), admin.email, PASSWORD)).body);
    expect(second).toBe(first);
  });
});

describe('signing in with the second step', () => {
  it('asks for the code from the app, with a link to use a recovery code instead, and records the step on the session only after it', async () => {
    const admin = await newAdmin();
    await signInWithSecondStep(t.app, admin.email, PASSWORD);
    const jar = new CookieJar();
    const page = await passwordStep(t.app, jar, admin.email, PASSWORD);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Enter the 6-digit code from your authenticator app</h1>');
    expect(page.body).toContain('<a href="/account/second-step/recovery">Use a recovery code instead</a>');
    expect(page.body).toMatch(/<label for="code">Code<\/label>/);
    expect(page.body).toContain('inputmode="numeric"');
    const sessionsBefore = await sessionsOf(admin.sub);
    // Between the password and the step: signed out, and no sign-in code made.
    expect((await request(t.app, jar, { url: '/app/me/' })).statusCode).toBe(401);
    expect(await t.database.db.selectFrom('auth_codes').select('code_hash').where('user_id', '=', admin.sub).where('used_at', 'is', null).execute()).toEqual(
      [],
    );

    const done = await follow(t.app, jar, await post(jar, page.body, { code: await freshCode(t.app, admin.email) }));
    expect(done.location).toBe(`${FRONT_END}/?state=test-state`);
    const sessions = await sessionsOf(admin.sub);
    expect(sessions).toHaveLength(sessionsBefore.length + 1);
    const session = sessions.at(-1)!;
    expect(session.second_step_at).not.toBeNull();
    expect(Date.parse(new Date(session.second_step_at!).toISOString())).toBeLessThanOrEqual(Date.now());
  });

  it('says plainly, and accessibly, that a wrong code is not right, and lets the person try again without the password', async () => {
    const admin = await newAdmin();
    const { secret } = await signInWithSecondStep(t.app, admin.email, PASSWORD);
    const jar = new CookieJar();
    const page = await passwordStep(t.app, jar, admin.email, PASSWORD);
    const empty = await post(jar, page.body, { code: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('<a href="#code">Enter the 6-digit code from your authenticator app</a>');
    const malformed = await post(jar, page.body, { code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('Enter the 6 digits your authenticator app shows, like 123456');
    const wrong = await post(jar, page.body, { code: totpCode(secret, Date.now() - 10 * 60_000) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('<title>Error: Enter the code from your authenticator app – Pay portal</title>');
    expect(wrong.body).toContain('role="alert"');
    expect(wrong.body).toContain(
      '<span class="field-error" id="code-error"><span class="visually-hidden">Error: </span>The code is not right. Enter the code your app shows now.</span>',
    );
    expect(wrong.body).toMatch(/<input id="code"[^>]* aria-invalid="true" aria-describedby="code-hint code-error">/);
    // Spaces typed between the digits are fine, and the password is not asked again.
    const code = await freshCode(t.app, admin.email);
    const done = await follow(t.app, jar, await post(jar, wrong.body, { code: `${code.slice(0, 3)} ${code.slice(3)}` }));
    expect(done.location).toBe(`${FRONT_END}/?state=test-state`);
  });

  it('accepts a code (a time step) once only: the same code in another sign-in is refused', async () => {
    const admin = await newAdmin();
    const { secret } = await signInWithSecondStep(t.app, admin.email, PASSWORD);
    const code = await freshCode(t.app, admin.email);
    const first = new CookieJar();
    const firstPage = await passwordStep(t.app, first, admin.email, PASSWORD);
    expect((await follow(t.app, first, await post(first, firstPage.body, { code }))).location).toBe(`${FRONT_END}/?state=test-state`);
    const second = new CookieJar();
    const secondPage = await passwordStep(t.app, second, admin.email, PASSWORD);
    const replayed = await post(second, secondPage.body, { code });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.body).toContain('This code has already been used. Wait for your app to show a new code, then enter it.');
    // An older step than one already used is refused too.
    const older = await post(second, secondPage.body, { code: totpCode(secret, Date.now() - 30_000) });
    expect(older.statusCode).toBe(401);
  });

  it('accepts a recovery code once instead of a code from the app', async () => {
    const admin = await newAdmin();
    const { recoveryCodes } = await signInWithSecondStep(t.app, admin.email, PASSWORD);
    const [code] = recoveryCodes;
    const jar = new CookieJar();
    const page = await passwordStep(t.app, jar, admin.email, PASSWORD);
    const recoveryPage = await openForm(t.app, jar, '/account/second-step/recovery');
    expect(recoveryPage.action).toBe('/account/second-step/recovery');
    const before = (await sessionsOf(admin.sub)).length;
    // Typed in capitals without the hyphen: the same code.
    const used = await postForm(t.app, jar, recoveryPage.action, { ...recoveryPage.fields, recoveryCode: code!.replace('-', ' ').toUpperCase() });
    expect((await follow(t.app, jar, used)).location).toBe(`${FRONT_END}/?state=test-state`);
    expect((await sessionsOf(admin.sub)).at(-1)!.second_step_at).not.toBeNull();
    expect((await sessionsOf(admin.sub)).length).toBe(before + 1);
    expect(await unspentRecoveryCodes(t.database.db, admin.sub)).toBe(RECOVERY_CODE_COUNT - 1);
    expect(page.statusCode).toBe(200);

    const again = new CookieJar();
    await passwordStep(t.app, again, admin.email, PASSWORD);
    const form = await openForm(t.app, again, '/account/second-step/recovery');
    const refused = await postForm(t.app, again, form.action, { ...form.fields, recoveryCode: code! });
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toContain('This recovery code is not right, or has already been used');
    expect(await unspentRecoveryCodes(t.database.db, admin.sub)).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it('ends the pending sign-in after 10 minutes: the person signs in again', async () => {
    const admin = await newAdmin();
    await signInWithSecondStep(t.app, admin.email, PASSWORD);
    const jar = new CookieJar();
    const page = await passwordStep(t.app, jar, admin.email, PASSWORD);
    const pending = await t.database.db
      .selectFrom('pending_second_steps')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', admin.sub)
      .where('used_at', 'is', null)
      .execute();
    expect(pending).toHaveLength(1);
    expect(Date.parse(new Date(pending[0]!.expires_at).toISOString()) - Date.parse(new Date(pending[0]!.created_at).toISOString())).toBe(10 * 60_000);
    await t.database.db
      .updateTable('pending_second_steps')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', admin.sub)
      .execute();
    const late = await post(jar, page.body, { code: await freshCode(t.app, admin.email) });
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain('<h1>Sign in again</h1>');
    expect(late.body).toContain('within 10 minutes');
    expect((await request(t.app, jar, { url: '/account/second-step', headers: { accept: 'text/html' } })).statusCode).toBe(400);
  });

  it('works only in the browser that gave the password', async () => {
    const admin = await newAdmin();
    await signInWithSecondStep(t.app, admin.email, PASSWORD);
    const owner = new CookieJar();
    const page = await passwordStep(t.app, owner, admin.email, PASSWORD);
    // Another browser with the pending cookie copied over, but a CSRF cookie of its own.
    const other = new CookieJar();
    await openForm(t.app, other, '/account/sign-in?client_id=portal-web');
    const pendingCookie = [...owner.cookies].find(([name]) => name.includes('second-step'))!;
    other.cookies.set(pendingCookie[0], pendingCookie[1]);
    expect((await request(t.app, other, { url: '/account/second-step', headers: { accept: 'text/html' } })).statusCode).toBe(400);
    // The owner still can.
    const done = await follow(t.app, owner, await post(owner, page.body, { code: await freshCode(t.app, admin.email) }));
    expect(done.location).toBe(`${FRONT_END}/?state=test-state`);
    // And the pending sign-in is spent: the same cookie does nothing more.
    expect((await request(t.app, owner, { url: '/account/second-step', headers: { accept: 'text/html' } })).statusCode).toBe(400);
  });

  it(`refuses after ${SECOND_STEP_LIMITS.perAccount.max} wrong codes with a plain message, even the right code`, async () => {
    const admin = await newAdmin();
    const { secret } = await signInWithSecondStep(t.app, admin.email, PASSWORD);
    const jar = new CookieJar();
    const page = await passwordStep(t.app, jar, admin.email, PASSWORD);
    for (let i = 0; i < SECOND_STEP_LIMITS.perAccount.max; i++) {
      expect((await post(jar, page.body, { code: totpCode(secret, Date.now() - (i + 10) * 60_000) })).statusCode).toBe(401);
    }
    const refused = await post(jar, page.body, { code: await freshCode(t.app, admin.email) });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.body).toContain('Too many wrong codes. Wait 15 minutes, then try again.');
    // The limit is the account's, not the browser's: a fresh sign-in is refused too, and so are recovery codes.
    const other = new CookieJar();
    const otherPage = await passwordStep(t.app, other, admin.email, PASSWORD);
    expect((await post(other, otherPage.body, { code: await freshCode(t.app, admin.email) })).statusCode).toBe(429);
    expect(await sessionsOf(admin.sub).then((rows) => rows.filter((r) => r.second_step_at).length)).toBe(1);
  });

  it('still asks for the second step after a password reset, and a sign-in waiting on the old password cannot finish', async () => {
    const admin = await newAdmin();
    await signInWithSecondStep(t.app, admin.email, PASSWORD);
    const waiting = new CookieJar();
    const waitingPage = await passwordStep(t.app, waiting, admin.email, PASSWORD);

    const jar = new CookieJar();
    const forgot = await openForm(t.app, jar, '/account/forgot-password?client_id=portal-web');
    await postForm(t.app, jar, forgot.action, { ...forgot.fields, email: admin.email });
    const link = (await outbox(t.app, admin.email)).find((m) => m.link?.includes('/account/reset-password'))!.link!;
    const url = new URL(link, 'http://relative.invalid');
    const reset = await openForm(t.app, jar, `${url.pathname}${url.search}`);
    const newPassword = 'a-brand-new-password-42';
    expect((await postForm(t.app, jar, reset.action, { ...reset.fields, newPassword, confirmPassword: newPassword })).statusCode).toBe(200);

    const stale = await post(waiting, waitingPage.body, { code: await freshCode(t.app, admin.email) });
    expect(stale.statusCode).toBe(400);
    expect(stale.body).toContain('<h1>Sign in again</h1>');

    const page = await passwordStep(t.app, new CookieJar(), admin.email, newPassword);
    expect(page.body).toContain('<h1>Enter the 6-digit code from your authenticator app</h1>');
    await expect(signInWithSecondStep(t.app, admin.email, newPassword)).resolves.toMatchObject({ email: admin.email });
  });
});

describe('accounts without a second step', () => {
  it('sign in with the password alone, as before, and their sessions record no second step', async () => {
    const alex = await signIn(t.app, DEMO.alex.email);
    const sessions = await sessionsOf(alex.sub);
    expect(sessions.at(-1)!.second_step_at).toBeNull();
    expect(await t.database.db.selectFrom('pending_second_steps').select('user_id').where('user_id', '=', alex.sub).execute()).toEqual([]);
    // No pending sign-in in this browser: the step's pages send the person to sign in again.
    expect((await request(t.app, alex.jar, { url: '/account/second-step', headers: { accept: 'text/html' } })).statusCode).toBe(400);
  });
});

describe('the secrets', () => {
  it('encrypts the key with AES-256-GCM, bound to its account and the API secret', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const sealed = encryptTotpSecret(t.config.tokenSecret, 'user-1', secret);
    expect(sealed).toMatch(/^v1\./);
    expect(encryptTotpSecret(t.config.tokenSecret, 'user-1', secret)).not.toBe(sealed);
    expect(decryptTotpSecret(t.config.tokenSecret, 'user-1', sealed)).toBe(secret);
    expect(() => decryptTotpSecret(t.config.tokenSecret, 'user-2', sealed)).toThrow();
    expect(() => decryptTotpSecret(new Uint8Array(32), 'user-1', sealed)).toThrow();
    const [v, iv, body, tag] = sealed.split('.');
    const flipped = `${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`;
    expect(() => decryptTotpSecret(t.config.tokenSecret, 'user-1', [v, iv, flipped, tag].join('.'))).toThrow();
  });

  it('accepts the step before and after now for clock drift, and no further', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const now = Date.now();
    const step = timeStep(now);
    expect(matchingStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchingStep(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchingStep(secret, totpCode(secret, now - 60_000), now)).toBeNull();
    expect(matchingStep(secret, totpCode(secret, now + 60_000), now)).toBeNull();
    // RFC 6238's SHA-1 test vector (its 8 digits, cut to the last 6).
    expect(totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59_000)).toBe('287082');
  });

  it('makes recovery codes from letters and digits that cannot be confused', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/);
    expect(normaliseRecoveryCode(' ABCD 2345 ')).toBe('abcd-2345');
    expect(normaliseRecoveryCode('abcd-0123')).toBeNull();
    expect(normaliseRecoveryCode('abc')).toBeNull();
  });
});
