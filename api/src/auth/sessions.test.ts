// Sessions that can be ended: sign-out ends the session on the server (a copied access token stops
// working at once, on every API instance), a refresh token used twice ends its session (except in
// the two-tabs grace window), a password change ends every other session, and only a POST with
// the portal's Origin (or the sign-out form's CSRF token) signs anyone out.
import { SignJWT, decodeJwt } from 'jose';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { nowIso } from '../db/convert';
import { CLIENT_ID, CookieJar, DEMO, FRONT_END, createTestApp, register, request, signIn } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { openForm, postForm } from '../test/forms';
import { sha256 } from '../secrets';
import { REFRESH_REUSE_GRACE_MS } from './tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A copy of a browser's cookies at one moment: what someone who copied them holds. */
function copyOf(jar: CookieJar): CookieJar {
  const copy = new CookieJar();
  for (const [k, v] of jar.cookies) copy.cookies.set(k, v);
  return copy;
}

const payslipsOf = (app: FastifyInstance, jar: CookieJar) =>
  request(app, jar, { url: `/api/users/${DEMO.alex.id}/employments/${DEMO.employments.alexNorthwind}/payslips` });

/** The authorised user: its session is checked in the same query as the user's record. */
const authorisedOf = (app: FastifyInstance, jar: CookieJar) => request(app, jar, { url: '/api/users/authorised' });

/** The SDK's refresh: POST, text/plain, no body; the browser names the page's Origin. */
const refresh = (app: FastifyInstance, jar: CookieJar) =>
  request(app, jar, { method: 'POST', url: `/app/refresh/?client_id=${CLIENT_ID}`, headers: { 'content-type': 'text/plain', origin: FRONT_END } });

/** The host's sign-out: fetch POST, JSON, credentials included. */
const hostLogout = (app: FastifyInstance, jar: CookieJar, headers: Record<string, string> = { origin: FRONT_END }) =>
  request(app, jar, {
    method: 'POST',
    url: '/app/logout/',
    payload: JSON.stringify({ client_id: CLIENT_ID }),
    headers: { 'content-type': 'application/json', ...headers },
  });

/** Everything a session's cookies open: the API, the claims, the account page, a refresh. */
async function expectSignedOut(jar: CookieJar) {
  expect((await payslipsOf(t.app, copyOf(jar))).statusCode).toBe(401);
  expect((await authorisedOf(t.app, copyOf(jar))).statusCode).toBe(401);
  expect((await request(t.app, copyOf(jar), { url: '/app/me/' })).statusCode).toBe(401);
  const account = await request(t.app, copyOf(jar), { url: `/account/?client_id=${CLIENT_ID}` });
  expect(account.statusCode).toBe(302);
  expect(account.headers.location).toMatch(/^\/app\/login\//);
  expect((await refresh(t.app, copyOf(jar))).statusCode).toBe(400);
}

async function expectSignedIn(jar: CookieJar) {
  expect((await request(t.app, copyOf(jar), { url: '/app/me/' })).statusCode).toBe(200);
}

let accounts = 0;
/** A fresh account of its own (its password is changed in some tests), registered as a person does. */
async function newAccount(): Promise<{ email: string; password: string }> {
  accounts += 1;
  const account = { email: `session${accounts}@example.com`, password: 'a-long-password-4' };
  await register(t.app, account);
  return account;
}

describe('a session', () => {
  it('is named in the access and ID tokens (sid), one per sign-in', async () => {
    const one = await signIn(t.app, DEMO.alex.email);
    const two = await signIn(t.app, DEMO.alex.email);
    const sid = decodeJwt(one.jar.get('__Host-app.at')!).sid;
    expect(sid).toEqual(expect.any(String));
    expect(decodeJwt(one.jar.get('__Host-app.idt')!).sid).toBe(sid);
    expect(decodeJwt(two.jar.get('__Host-app.at')!).sid).not.toBe(sid);
    const row = await t.database.db.selectFrom('sessions').selectAll().where('id', '=', String(sid)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: DEMO.alex.id, revoked_at: null });
  });

  it('refuses an access token that names no session (signed before sessions existed)', async () => {
    const legacy = await new SignJWT({ token_use: 'access', email: DEMO.alex.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(DEMO.alex.id)
      .setIssuer('urn:portal:api')
      .setAudience(CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(t.config.tokenSecret);
    expect((await t.app.inject({ url: '/app/me/', cookies: { '__Host-app.at': legacy } })).statusCode).toBe(401);
  });
});

describe('signing out', () => {
  it('ends the session on the server: copied cookies stop working at once, even where the token was cached', async () => {
    const alex = await signIn(t.app, DEMO.alex.email);
    const copied = copyOf(alex.jar);
    expect((await payslipsOf(t.app, copyOf(copied))).statusCode).toBe(200); // now in the verified-token cache

    const res = await hostLogout(t.app, alex.jar);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    // The browser's cookies are cleared (the CSRF and device cookies are not session cookies).
    expect([...alex.jar.cookies.keys()].filter((k) => k !== 'app.csrf' && k !== '__Host-app.device')).toEqual([]);
    await expectSignedOut(copied);
  });

  it('is seen by every API instance: one signs out, another (with the token cached) refuses it', async () => {
    // A second instance on the same database, with its own in-memory cache; closing it must not close the shared database.
    const other = await buildApp({ config: t.config, database: { ...t.database, close: async () => {} } });
    try {
      const alex = await signIn(t.app, DEMO.alex.email);
      const copied = copyOf(alex.jar);
      expect((await payslipsOf(other, copyOf(copied))).statusCode).toBe(200);
      expect((await authorisedOf(other, copyOf(copied))).statusCode).toBe(200);
      expect((await hostLogout(t.app, alex.jar)).statusCode).toBe(204);
      expect((await payslipsOf(other, copyOf(copied))).statusCode).toBe(401);
      expect((await authorisedOf(other, copyOf(copied))).statusCode).toBe(401);
      expect((await request(other, copyOf(copied), { url: '/app/me/' })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('ends only this session: the same user elsewhere stays signed in', async () => {
    const here = await signIn(t.app, DEMO.alex.email);
    const elsewhere = await signIn(t.app, DEMO.alex.email);
    const copied = copyOf(here.jar);
    expect((await hostLogout(t.app, here.jar)).statusCode).toBe(204);
    await expectSignedOut(copied);
    await expectSignedIn(elsewhere.jar);
  });

  it('ends the session from the refresh token alone, once the access token has expired', async () => {
    const alex = await signIn(t.app, DEMO.alex.email);
    const copied = copyOf(alex.jar);
    alex.jar.cookies.delete('__Host-app.at');
    expect((await hostLogout(t.app, alex.jar)).statusCode).toBe(204);
    await expectSignedOut(copied);
  });

  it('is not done by a GET: /app/logout/ only asks, with a form', async () => {
    const alex = await signIn(t.app, DEMO.alex.email);
    const page = await request(t.app, alex.jar, { url: `/app/logout/?client_id=${CLIENT_ID}&post_logout_redirect_uri=${encodeURIComponent(`${FRONT_END}/`)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Sign out of the pay portal?</h1>');
    expect(page.body).toMatch(/<form method="post" action="\/app\/logout\/">/);
    expect(page.body).toContain('No, go back to the portal');
    expect(page.headers['set-cookie']).not.toEqual(expect.arrayContaining([expect.stringMatching(/^app\.at=;/)]));
    await expectSignedIn(alex.jar);
  });

  it('refuses a sign-out from another site, a same-site remote, Origin: null, or a fetch that names no Origin', async () => {
    const alex = await signIn(t.app, DEMO.alex.email);
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'http://localhost:3002' }, { origin: 'null' }, {} as Record<string, string>]) {
      const res = await hostLogout(t.app, copyOf(alex.jar), headers);
      expect({ headers, status: res.statusCode }).toEqual({ headers, status: 403 });
    }
    // A form post with no token (another site's form) is refused too.
    const form = await request(t.app, copyOf(alex.jar), {
      method: 'POST',
      url: '/app/logout/',
      payload: `client_id=${CLIENT_ID}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(403);
    await expectSignedIn(alex.jar);
  });

  it('answers the host’s sign-out even when already signed out', async () => {
    expect((await hostLogout(t.app, new CookieJar())).statusCode).toBe(204);
  });
});

describe('a refresh token used twice', () => {
  const spentAgo = (refreshToken: string, ms: number) =>
    t.database.db
      .updateTable('refresh_tokens')
      .set({ used_at: nowIso(-ms) })
      .where('token_hash', '=', sha256(refreshToken))
      .execute();

  it('within the grace window (two tabs refreshing at once) is refused, and the session lives on', async () => {
    const alex = await signIn(t.app, DEMO.alex.email);
    const firstTab = copyOf(alex.jar);
    expect((await refresh(t.app, alex.jar)).statusCode).toBe(200);
    await spentAgo(firstTab.get('__Host-app.rt')!, REFRESH_REUSE_GRACE_MS - 5_000);
    const late = await refresh(t.app, firstTab);
    expect(late.statusCode).toBe(400);
    expect(late.headers['set-cookie']).toBeUndefined(); // the other tab's newer cookies are left alone
    await expectSignedIn(alex.jar);
    expect((await refresh(t.app, alex.jar)).statusCode).toBe(200);
  });

  it('after the grace window ends the whole session: the thief’s and the owner’s tokens all stop working', async () => {
    const alex = await signIn(t.app, DEMO.alex.email);
    const stolen = copyOf(alex.jar);
    expect((await refresh(t.app, alex.jar)).statusCode).toBe(200); // the owner refreshes
    await spentAgo(stolen.get('__Host-app.rt')!, REFRESH_REUSE_GRACE_MS + 1_000);
    expect((await refresh(t.app, stolen)).statusCode).toBe(400); // the copy comes back
    await expectSignedOut(alex.jar);
    const sid = String(decodeJwt(alex.jar.get('__Host-app.at')!).sid);
    const row = await t.database.db.selectFrom('sessions').select('revoked_at').where('id', '=', sid).executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
  });

  it('works once when 300 refreshes of the same token arrive at once, and the session lives on', async () => {
    const alex = await signIn(t.app, DEMO.alex.email);
    const results = await Promise.all(Array.from({ length: 300 }, () => refresh(t.app, copyOf(alex.jar))));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(299);
    const winner = results.find((r) => r.statusCode === 200)!;
    const jar = copyOf(alex.jar);
    jar.take(winner);
    await expectSignedIn(jar);
    expect((await refresh(t.app, jar)).statusCode).toBe(200);
  });

  it('never leaves a working session when refreshes race the sign-out: tokens minted meanwhile name an ended session', async () => {
    for (let round = 0; round < 10; round++) {
      const alex = await signIn(t.app, DEMO.alex.email);
      const tabs = Array.from({ length: 30 }, () => copyOf(alex.jar));
      // The sign-out is sent among the refreshes (one of which spends the token as it ends).
      const answers = await Promise.all([
        ...tabs.slice(0, 15).map((tab) => refresh(t.app, tab)),
        hostLogout(t.app, copyOf(alex.jar)),
        ...tabs.slice(15).map((tab) => refresh(t.app, tab)),
      ]);
      expect(answers.every((a) => a.statusCode < 500)).toBe(true);
      for (const tab of tabs) await expectSignedOut(tab);
    }
  });
});

describe('changing the password', () => {
  async function changePassword(user: SignedIn, currentPassword: string, newPassword: string) {
    const { action, fields } = await openForm(t.app, user.jar, `/account/?client_id=${CLIENT_ID}`);
    return postForm(t.app, user.jar, action, { ...fields, currentPassword, newPassword, confirmPassword: newPassword });
  }

  it('ends every other session of the user and keeps the one that changed it', async () => {
    const account = await newAccount();
    const laptop = await signIn(t.app, account.email, account.password);
    const phone = await signIn(t.app, account.email, account.password);
    const stolen = copyOf(phone.jar);
    const sam = await signIn(t.app, DEMO.sam.email);

    const res = await changePassword(laptop, account.password, 'a-new-long-password-5');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Your password has been changed. You have been signed out everywhere else.');

    await expectSignedOut(phone.jar);
    await expectSignedOut(stolen);
    await expectSignedIn(laptop.jar);
    expect((await refresh(t.app, laptop.jar)).statusCode).toBe(200);
    await expectSignedIn(laptop.jar);
    await expectSignedIn(sam.jar); // other users are not touched
    await signIn(t.app, account.email, 'a-new-long-password-5');
  });

  it('ends nothing when the current password is wrong', async () => {
    const account = await newAccount();
    const laptop = await signIn(t.app, account.email, account.password);
    const phone = await signIn(t.app, account.email, account.password);
    expect((await changePassword(laptop, 'not-the-password', 'a-new-long-password-6')).statusCode).toBe(400);
    await expectSignedIn(phone.jar);
  });
});
