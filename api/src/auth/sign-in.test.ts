// The sign-in protocol driven exactly as @fusionauth/react-sdk 2.7 and a browser drive it:
// full-page redirects followed, cookies kept, /app/me/ and /app/refresh/ called with credentials.
import { decodeJwt } from 'jose';
import {
  CLIENT_ID,
  CookieJar,
  DEMO,
  DEMO_PASSWORD,
  FRONT_END,
  createTestApp,
  follow,
  followRegistrationLink,
  formFields,
  outbox,
  register,
  request,
  signIn,
  startRegistration,
} from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { csrfTokenOf, openForm, postForm } from '../test/forms';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What the SDK's getLoginUrl() builds for serverUrl http://localhost:8080. */
const loginUrl = (state = 'sdk-state-1') =>
  `/app/login/?client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(`${FRONT_END}/`)}&scope=openid+offline_access&state=${encodeURIComponent(state)}`;

function setCookie(res: { headers: Record<string, unknown> }, name: string): string {
  const all = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
  const found = all.find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no Set-Cookie for ${name}: ${all.join(' | ')}`);
  return found;
}

describe('sign-in as the SDK does it', () => {
  it('redirects /app/login/ to the sign-in page, signs in, and comes back to redirect_uri with the state and the cookies', async () => {
    const jar = new CookieJar();
    const start = await request(t.app, jar, { url: loginUrl('go-to-payslips'), headers: { accept: 'text/html' } });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toMatch(/^\/account\/sign-in\?/);

    const { res: page } = await follow(t.app, jar, start);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<html lang="en-GB">');
    expect(page.body).toMatch(/<label for="email">Email address<\/label>/);
    expect(page.body).toMatch(/<label for="password">Password<\/label>/);
    expect(page.body).toContain('autocomplete="current-password"');

    const { action, fields } = formFields(page.body);
    expect(fields).toMatchObject({ client_id: CLIENT_ID, redirect_uri: `${FRONT_END}/`, state: 'go-to-payslips' });
    const posted = await request(t.app, jar, {
      method: 'POST',
      url: action,
      payload: new URLSearchParams({ ...fields, email: DEMO.alex.email, password: DEMO_PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: FRONT_END },
    });
    expect(posted.statusCode).toBe(302);
    expect(posted.headers.location).toMatch(/^\/app\/callback\/\?code=[\w-]+&state=go-to-payslips$/);

    const callback = await request(t.app, jar, { url: String(posted.headers.location) });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(`${FRONT_END}/?state=go-to-payslips`);

    // Cookies as the hosted backend sets them.
    for (const name of ['__Host-app.at', '__Host-app.rt', '__Host-app.idt']) {
      const c = setCookie(callback, name);
      expect(c).toMatch(/; HttpOnly/);
      expect(c).toMatch(/; SameSite=Lax/);
      expect(c).toMatch(/; Path=\//);
      expect(c).toMatch(/; Secure/); // even on plain http: the __Host- prefix demands it (browsers accept it from localhost)
    }
    const atExp = setCookie(callback, '__Host-app.at_exp');
    expect(atExp).not.toMatch(/HttpOnly/);
    expect(atExp).toMatch(/; SameSite=Lax/);

    // __Host-app.at_exp is epoch seconds in the future, matching the signed access token.
    const exp = Number(jar.get('__Host-app.at_exp'));
    const now = Date.now() / 1000;
    expect(exp).toBeGreaterThan(now + t.config.accessTokenTtlSeconds - 5);
    const claims = decodeJwt(jar.get('__Host-app.at')!);
    expect(claims.exp).toBe(exp);
    expect(claims.sub).toBe(DEMO.alex.id);
    expect(jar.get('__Host-app.at')!.split('.')).toHaveLength(3);

    // The SDK's fetchUserInfo(): GET /app/me/ with credentials.
    const me = await request(t.app, jar, { url: '/app/me/' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      sub: DEMO.alex.id,
      given_name: 'Alex',
      middle_name: 'Jordan',
      family_name: 'Morgan',
      email: DEMO.alex.email,
      phone_number: '07700900456',
      birthdate: '1988-06-12',
    });
  });

  it('keeps the sign-in code single use', async () => {
    const jar = new CookieJar();
    const { res: page } = await follow(t.app, jar, await request(t.app, jar, { url: loginUrl() }));
    const { action, fields } = formFields(page.body);
    const posted = await request(t.app, jar, {
      method: 'POST',
      url: action,
      payload: new URLSearchParams({ ...fields, email: DEMO.sam.email, password: DEMO_PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const callbackUrl = String(posted.headers.location);
    expect((await request(t.app, jar, { url: callbackUrl })).statusCode).toBe(302);
    const again = await request(t.app, jar, { url: callbackUrl });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: 400, error: expect.stringMatching(/expired or was already used/), code: 'sign_in.link_expired', data: null });
  });

  it('spends a sign-in code only in the browser that signed in (no login CSRF by a callback link)', async () => {
    // The attacker signs in with their own account and keeps the callback link instead of following it.
    const attacker = new CookieJar();
    const { res: page } = await follow(t.app, attacker, await request(t.app, attacker, { url: loginUrl() }));
    const { action, fields } = formFields(page.body);
    const posted = await request(t.app, attacker, {
      method: 'POST',
      url: action,
      payload: new URLSearchParams({ ...fields, email: DEMO.sam.email, password: DEMO_PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const link = String(posted.headers.location);
    // The victim opens it: with no CSRF cookie, and with one of their own.
    const victim = new CookieJar();
    expect((await request(t.app, victim, { url: link })).statusCode).toBe(400);
    await request(t.app, victim, { url: '/account/sign-in?client_id=portal-web' });
    expect(victim.get('app.csrf')).toBeDefined();
    const res = await request(t.app, victim, { url: link });
    expect(res.statusCode).toBe(400);
    expect(victim.get('__Host-app.at')).toBeUndefined();
    // The attacker's own browser still can (the code was not spent by the refusals).
    expect((await request(t.app, attacker, { url: link })).statusCode).toBe(302);
  });

  it('drops expired sign-in codes as new ones are made, and keeps live ones', async () => {
    const codes = t.database.db.selectFrom('auth_codes').select('code_hash');
    const { id: userId } = await t.database.db.selectFrom('identity_users').select('id').where('email', '=', DEMO.alex.email).executeTakeFirstOrThrow();
    const row = (code_hash: string, expires_at: string) => ({
      code_hash,
      user_id: userId,
      client_id: CLIENT_ID,
      redirect_uri: `${FRONT_END}/`,
      expires_at,
      used_at: null,
      browser_hash: 'b',
    });
    await t.database.db
      .insertInto('auth_codes')
      .values([row('expired-code', new Date(Date.now() - 1000).toISOString()), row('live-code', new Date(Date.now() + 60_000).toISOString())])
      .execute();
    await signIn(t.app, DEMO.alex.email);
    const left = (await codes.where('code_hash', 'in', ['expired-code', 'live-code']).execute()).map((r) => r.code_hash);
    expect(left).toEqual(['live-code']);
  });

  it('answers /app/me/ with 401 when signed out or with a forged token', async () => {
    expect((await t.app.inject({ url: '/app/me/' })).statusCode).toBe(401);
    const forged = await t.app.inject({ url: '/app/me/', cookies: { '__Host-app.at': 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ status: 401, error: expect.any(String), code: 'session.signed_out', data: null });
  });

  it('rotates the refresh token and always moves __Host-app.at_exp forward', async () => {
    const user = await signIn(t.app, DEMO.alex.email);
    const firstRt = user.jar.get('__Host-app.rt')!;
    const firstExp = Number(user.jar.get('__Host-app.at_exp'));

    // The SDK's refreshToken(): POST, credentials, Content-Type text/plain, no body (the browser adds Origin).
    const refresh = () =>
      request(t.app, user.jar, { method: 'POST', url: `/app/refresh/?client_id=${CLIENT_ID}`, headers: { 'content-type': 'text/plain', origin: FRONT_END } });
    const r1 = await refresh();
    expect(r1.statusCode).toBe(200);
    const secondRt = user.jar.get('__Host-app.rt')!;
    const secondExp = Number(user.jar.get('__Host-app.at_exp'));
    expect(secondRt).not.toBe(firstRt);
    expect(secondExp).toBeGreaterThan(firstExp);

    const r2 = await refresh(); // same second: still forward
    expect(r2.statusCode).toBe(200);
    expect(Number(user.jar.get('__Host-app.at_exp'))).toBeGreaterThan(secondExp);

    // The new access token works.
    expect((await request(t.app, user.jar, { url: '/app/me/' })).statusCode).toBe(200);

    // A spent refresh token is refused with 400 and a message the SDK puts in its error.
    const spent = await t.app.inject({
      method: 'POST',
      url: '/app/refresh/',
      headers: { 'content-type': 'text/plain', origin: FRONT_END },
      cookies: { '__Host-app.rt': firstRt },
    });
    expect(spent.statusCode).toBe(400);
    expect(spent.json().error).toMatch(/refresh token/i);
  });

  it('answers /app/refresh/ with 400 when there is no refresh token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/app/refresh/', headers: { 'content-type': 'text/plain', origin: FRONT_END } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, error: expect.stringMatching(/refresh token/i), code: 'sign_in.link_expired', data: null });
  });

  it('signs out from the sign-out page: a form post that ends the session and goes to post_logout_redirect_uri', async () => {
    const user = await signIn(t.app, DEMO.sam.email);
    const rt = user.jar.get('__Host-app.rt')!;
    const { action, fields } = await openForm(
      t.app,
      user.jar,
      `/app/logout/?client_id=${CLIENT_ID}&post_logout_redirect_uri=${encodeURIComponent(`${FRONT_END}/`)}`,
    );
    expect(user.jar.get('__Host-app.at')).toBeDefined(); // the page alone signs nobody out
    expect(action).toBe('/app/logout/');
    const res = await postForm(t.app, user.jar, action, fields);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${FRONT_END}/`);
    // Only the CSRF cookie and the device cookie (which outlives sessions, auth/known-devices.ts) remain.
    expect([...user.jar.cookies.keys()].sort()).toEqual(['__Host-app.device', 'app.csrf']);
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/app/refresh/',
      headers: { 'content-type': 'text/plain', origin: FRONT_END },
      cookies: { '__Host-app.rt': rt },
    });
    expect(reuse.statusCode).toBe(400);
  });

  it("goes to the portal's signed-out page (/#signed-out) when the sign-out names no address", async () => {
    const user = await signIn(t.app, DEMO.sam.email);
    const { action, fields } = await openForm(t.app, user.jar, `/app/logout/?client_id=${CLIENT_ID}`);
    const res = await postForm(t.app, user.jar, action, fields);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/\/#signed-out$/);
  });

  it('falls back to redirect_uri on sign-out, and refuses redirects to other sites', async () => {
    const jar = new CookieJar();
    const { action, fields } = await openForm(t.app, jar, `/app/logout/?client_id=${CLIENT_ID}&redirect_uri=%2F`);
    const ok = await postForm(t.app, jar, action, fields);
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/');
    for (const bad of ['https://evil.example/', '//evil.example/', '/\\evil.example', '/..//evil.example/', 'javascript:alert(1)']) {
      const res = await t.app.inject({ url: `/app/logout/?post_logout_redirect_uri=${encodeURIComponent(bad)}` });
      expect(res.statusCode).toBe(400);
      const posted = await postForm(t.app, jar, action, { ...fields, post_logout_redirect_uri: bad });
      expect(posted.statusCode).toBe(400);
      expect(posted.headers.location).toBeUndefined();
      const login = await t.app.inject({ url: `/app/login/?client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(bad)}` });
      expect(login.statusCode).toBe(400);
      expect(login.headers.location).toBeUndefined();
    }
  });

  it('refuses an unknown client_id, and shows the error as a page to a browser', async () => {
    const res = await t.app.inject({ url: `/app/login/?client_id=someone-else&redirect_uri=%2F`, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Unknown client_id');
    const json = await t.app.inject({ url: `/app/login/?client_id=someone-else` });
    expect(json.json()).toEqual({ status: 400, error: 'Unknown client_id "someone-else"', code: 'request.invalid', data: null });
  });

  it('shows a clear, accessible error for a wrong password and keeps the e-mail typed', async () => {
    const jar = new CookieJar();
    const { res: page } = await follow(t.app, jar, await request(t.app, jar, { url: loginUrl() }));
    const { action, fields } = formFields(page.body);
    const res = await request(t.app, jar, {
      method: 'POST',
      url: action,
      payload: new URLSearchParams({ ...fields, email: DEMO.alex.email, password: 'wrong-password-123' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain('The email address or password is not right');
    expect(res.body).toContain(`value="${DEMO.alex.email}"`);
    expect(res.body).toContain('aria-invalid="true"');
    expect(res.body).not.toContain('wrong-password-123');
    expect(jar.get('__Host-app.at')).toBeUndefined();

    const empty = await request(t.app, jar, {
      method: 'POST',
      url: action,
      payload: new URLSearchParams({ ...fields, email: '', password: '' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Enter your email address');
    expect(empty.body).toContain('Enter your password');
  });

  describe('signing in before opening the registration link', () => {
    /** The 'Send the link again' form of a sign-in page. */
    const resendForm = (html: string) => formFields(/<form[^>]*action="\/account\/register\/resend"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '');
    const links = async (email: string) => (await outbox(t.app, email)).filter((m) => m.link?.includes('/account/verify')).map((m) => m.link!);

    it("says to open the link we e-mailed, and 'Send the link again' e-mails a new one that works (the old one stops)", async () => {
      const email = 'jamie.unfinished@example.com';
      const jar = new CookieJar();
      expect((await startRegistration(t.app, jar, { email, password: '' })).statusCode).toBe(200);
      const [firstLink] = await links(email);
      const signInForm = await openForm(t.app, jar, `/account/sign-in?client_id=${CLIENT_ID}&redirect_uri=%2F`);
      const failed = await postForm(t.app, jar, signInForm.action, { ...signInForm.fields, email, password: 'a-password-never-chosen' });
      expect(failed.statusCode).toBe(401);
      expect(failed.body).toContain('The email address or password is not right');
      expect(failed.body).toContain('<h2 id="unfinished-account">Have you just created your account?</h2>');
      expect(failed.body).toContain('Open the link we emailed you when you created it');
      expect(failed.body).toContain('<button type="submit">Send the link again</button>');

      const { action, fields } = resendForm(failed.body);
      expect(action).toBe('/account/register/resend');
      expect(fields.email).toBe(email);
      const sent = await postForm(t.app, jar, action, fields);
      expect(sent.statusCode).toBe(200);
      expect(sent.body).toContain('<h1>Check your email</h1>');
      expect(sent.body).toContain('we have sent you a new link');
      const after = await links(email);
      expect(after).toHaveLength(2);
      expect(after[0]).not.toBe(firstLink);
      // The old link stops working; the new one creates the account.
      expect((await request(t.app, new CookieJar(), { url: firstLink!, headers: { accept: 'text/html' } })).statusCode).toBe(400);
      const { location } = await followRegistrationLink(t.app, jar, email, 'a chosen password 2026', after[0]);
      expect(location?.startsWith(FRONT_END)).toBe(true);
    });

    it('answers alike for an address with no unfinished account, and e-mails nothing', async () => {
      const jar = new CookieJar();
      const form = await openForm(t.app, jar, `/account/sign-in?client_id=${CLIENT_ID}&redirect_uri=%2F`);
      const failed = await postForm(t.app, jar, form.action, { ...form.fields, email: DEMO.alex.email, password: 'wrong-password-123' });
      const { action, fields } = resendForm(failed.body);
      for (const email of [DEMO.alex.email, 'nobody.registered@example.com']) {
        const sent = await postForm(t.app, jar, action, { ...fields, email });
        expect(sent.statusCode).toBe(200);
        expect(sent.body).toContain('we have sent you a new link');
        expect(await links(email)).toEqual([]);
      }
      const bad = await postForm(t.app, jar, action, { ...fields, email: 'not an address' });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Enter an email address in the right format');
    });
  });

  describe('throttling', () => {
    // One browser with the sign-in page open: its CSRF cookie and token go with every post.
    const browser = new CookieJar();
    let form: { action: string; fields: Record<string, string> };
    beforeAll(async () => {
      form = await openForm(t.app, browser, `/account/sign-in?client_id=${CLIENT_ID}&redirect_uri=%2F`);
    });
    const post = (email: string, password: string, address: string) =>
      t.app.inject({
        method: 'POST',
        url: form.action,
        payload: new URLSearchParams({ ...form.fields, email, password }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', cookie: browser.header() },
        remoteAddress: address,
      });

    it('slows one address down after 10 wrong passwords, and says how long to wait', async () => {
      const { email } = await register(t.app, { email: 'jamie.slowed@example.com', password: 'the-right-password' });
      for (let i = 0; i < 10; i++) expect((await post(email, 'a-wrong-password', '203.0.113.1')).statusCode).toBe(401);
      const refused = await post(email, 'the-right-password', '203.0.113.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.body).toContain('Too many failed attempts to sign in. Wait 15 minutes, then try again.');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      // Once the window has passed, the owner signs in.
      await t.database.db
        .updateTable('throttle_counters')
        .set({ window_ends_ms: Date.now() - 1 })
        .execute();
      expect((await post(email, 'the-right-password', '203.0.113.1')).statusCode).toBe(302);
    });

    it('does not lock the owner out: an attacker’s failures at one address leave other addresses alone', async () => {
      const { email } = await register(t.app, { email: 'jamie.targeted@example.com', password: 'the-right-password' });
      for (let i = 0; i < 15; i++) await post(email, `guess-${i}`, '198.51.100.66');
      expect((await post(email, 'the-right-password', '198.51.100.66')).statusCode).toBe(429);
      expect((await post(email, 'the-right-password', '192.0.2.10')).statusCode).toBe(302);
    });

    it('ends a run of failures when the owner signs in', async () => {
      const { email } = await register(t.app, { email: 'jamie.typo@example.com', password: 'the-right-password' });
      for (let i = 0; i < 9; i++) expect((await post(email, 'a-typo', '203.0.113.2')).statusCode).toBe(401);
      expect((await post(email, 'the-right-password', '203.0.113.2')).statusCode).toBe(302);
      for (let i = 0; i < 10; i++) expect((await post(email, 'a-typo', '203.0.113.2')).statusCode).toBe(401);
      expect((await post(email, 'the-right-password', '203.0.113.2')).statusCode).toBe(429);
    });

    it('answers an unknown e-mail address exactly as a known one, 429 included', async () => {
      const { email } = await register(t.app, { email: 'jamie.known@example.com', password: 'the-right-password' });
      const known: string[] = [];
      const unknown: string[] = [];
      for (let i = 0; i < 11; i++) {
        const a = await post(email, 'a-wrong-password', '203.0.113.3');
        const b = await post('nobody.at.all@example.com', 'a-wrong-password', '203.0.113.4');
        known.push(`${a.statusCode} ${a.headers['retry-after'] ? 'retry' : ''} ${a.body.replaceAll(email, 'EMAIL')}`);
        unknown.push(`${b.statusCode} ${b.headers['retry-after'] ? 'retry' : ''} ${b.body.replaceAll('nobody.at.all@example.com', 'EMAIL')}`);
      }
      expect(unknown).toEqual(known);
      expect(known[10]).toMatch(/^429 retry/);
    });

    it('counts an IPv6 client by its /64, so changing address inside it does not reset the count', async () => {
      const { email } = await register(t.app, { email: 'jamie.six@example.com', password: 'the-right-password' });
      for (let i = 0; i < 10; i++) expect((await post(email, 'a-wrong-password', `2001:db8:1:2::${(i + 1).toString(16)}`)).statusCode).toBe(401);
      expect((await post(email, 'the-right-password', '2001:db8:1:2:ffff:ffff:ffff:ffff')).statusCode).toBe(429);
      expect((await post(email, 'the-right-password', '2001:db8:1:3::1')).statusCode).toBe(302);
    });
  });

  it('refuses a sign-in form posted from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/account/sign-in',
      payload: new URLSearchParams({ client_id: CLIENT_ID, email: DEMO.alex.email, password: DEMO_PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });

  describe('registration', () => {
    it('registers through the e-mailed link and signs the browser in, keeping client_id, redirect_uri and state', async () => {
      const jar = new CookieJar();
      const start = await request(t.app, jar, { url: `/app/register/?client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(`${FRONT_END}/`)}&state=reg` });
      expect(start.headers.location).toMatch(/^\/account\/register\?/);
      const { res: page } = await follow(t.app, jar, start);
      expect(page.body).toContain('Create an account');
      const { action, fields } = formFields(page.body);

      const bad = await request(t.app, jar, {
        method: 'POST',
        url: action,
        payload: new URLSearchParams({
          ...fields,
          firstName: 'Jamie',
          lastName: '',
          email: 'not-an-email',
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Enter your last name');
      expect(bad.body).toContain('Enter an email address in the right format');
      // No password here: it is chosen on the page the e-mailed link opens.
      expect(page.body).not.toContain('type="password"');
      expect(bad.body).toContain('value="Jamie"');

      // The date of birth is asked the British way, day then month then year, and checked as such.
      expect(page.body).toMatch(/<legend>Date of birth \(optional\)<\/legend>\n<span class="hint" id="birth-hint">For example, 14 5 1990<\/span>/);
      expect(page.body.indexOf('<label for="birthDay">Day</label>')).toBeLessThan(page.body.indexOf('<label for="birthMonth">Month</label>'));
      expect(page.body).not.toContain('type="date"');
      for (const [birth, message] of [
        [{ birthDay: '31', birthMonth: '2', birthYear: '1990' }, 'Enter a real date of birth, for example, 14 5 1990'],
        [{ birthDay: '14', birthMonth: '5', birthYear: '' }, 'Enter a real date of birth, for example, 14 5 1990'],
        [{ birthDay: '14', birthMonth: '5', birthYear: '2999' }, 'Your date of birth must be in the past'],
      ] as const) {
        const wrong = await request(t.app, jar, {
          method: 'POST',
          url: action,
          payload: new URLSearchParams({
            ...fields,
            firstName: 'Jamie',
            lastName: 'Taylor',
            email: 'jamie.taylor@example.com',
            ...birth,
          }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.body).toContain(`<li><a href="#birthDay">${message}</a></li>`);
        expect(wrong.body).toContain(`value="${birth.birthDay}"`);
      }

      const sent = await request(t.app, jar, {
        method: 'POST',
        url: action,
        payload: new URLSearchParams({
          ...fields,
          firstName: 'Jamie',
          middleName: '',
          lastName: 'Taylor',
          email: 'Jamie.Taylor@Example.com',
          mobilePhone: '07700 900555',
          birthDay: '14',
          birthMonth: '5',
          birthYear: '1990',
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(sent.statusCode).toBe(200);
      expect(sent.body).toContain('<h1>Check your email</h1>');
      expect(jar.get('__Host-app.at')).toBeUndefined();
      // Nothing exists yet but a pending registration, its token stored hashed.
      expect(await t.database.db.selectFrom('identity_users').select('id').where('email', '=', 'jamie.taylor@example.com').execute()).toEqual([]);
      const [message] = await outbox(t.app, 'jamie.taylor@example.com');
      expect(message).toMatchObject({
        subject: 'Finish creating your pay portal account',
        link: expect.stringMatching(/^http:\/\/localhost:8080\/account\/verify\?token=[\w-]{40,}$/),
      });
      const token = new URL(message!.link!).searchParams.get('token')!;
      expect(JSON.stringify(await t.database.db.selectFrom('pending_registrations').selectAll().execute())).not.toContain(token);

      // The link opens a page with one button (a link scanner that only opens it creates nothing).
      const confirmPage = await request(t.app, jar, { url: `/account/verify?token=${token}` });
      expect(confirmPage.statusCode).toBe(200);
      expect(confirmPage.body).toContain('jamie.taylor@example.com');
      expect(await t.database.db.selectFrom('identity_users').select('id').where('email', '=', 'jamie.taylor@example.com').execute()).toEqual([]);

      // The password is chosen there; a short or mismatched one keeps the link live.
      const link = `/account/verify?token=${token}`;
      const verifyForm = formFields(confirmPage.body);
      const short = await postForm(t.app, jar, verifyForm.action, { ...verifyForm.fields, password: 'short', confirmPassword: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.body).toContain('Your password must be at least 12 characters');
      const mismatch = await postForm(t.app, jar, verifyForm.action, {
        ...verifyForm.fields,
        password: 'a-long-password-1',
        confirmPassword: 'a-long-password-2',
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.body).toContain('The passwords do not match');

      const { location } = await followRegistrationLink(t.app, jar, 'jamie.taylor@example.com', 'a-long-password-1', link);
      expect(location).toBe(`${FRONT_END}/?state=reg`);
      const me = await request(t.app, jar, { url: '/app/me/' });
      expect(me.json()).toMatchObject({
        given_name: 'Jamie',
        family_name: 'Taylor',
        email: 'jamie.taylor@example.com',
        birthdate: '1990-05-14',
        phone_number: '07700 900555',
      });

      // Stored with a memory-hard hash, never in clear.
      const row = await t.database.db
        .selectFrom('identity_users')
        .select('password_hash')
        .where('email', '=', 'jamie.taylor@example.com')
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$/);
      expect(row.password_hash).not.toContain('a-long-password-1');

      // The link works once.
      const again = await postForm(t.app, jar, '/account/verify', { csrf_token: await csrfTokenOf(t.app, jar), token });
      expect(again.statusCode).toBe(400);
      expect(again.body).toContain('This link has expired');
      expect(t.logs.join('')).not.toContain(token);
    });

    it('answers the same for an address that already has an account, and tells its owner by e-mail', async () => {
      const fresh = await startRegistration(t.app, new CookieJar(), { email: 'brand.new.person@example.com', password: 'a-long-password-1' });
      const taken = await startRegistration(t.app, new CookieJar(), { email: DEMO.alex.email.toUpperCase(), password: 'a-long-password-1' });
      expect(taken.statusCode).toBe(fresh.statusCode);
      expect(taken.body.replace(DEMO.alex.email.toUpperCase(), 'EMAIL')).toBe(fresh.body.replace('brand.new.person@example.com', 'EMAIL'));
      const [note] = await outbox(t.app, DEMO.alex.email);
      expect(note).toMatchObject({ subject: 'Someone tried to create a pay portal account with your email address', link: null, code: null });
      expect(note!.body).toContain('If it was you, sign in instead: http://localhost:8080/');
      expect(await t.database.db.selectFrom('pending_registrations').select('email').where('email', '=', DEMO.alex.email).execute()).toEqual([]);
      // Alex's account is untouched: the old password still works.
      await signIn(t.app, DEMO.alex.email);
    });

    it('answers before it looks the address up, so timing cannot tell either', async () => {
      await t.database.db.schema.alterTable('identity_users').renameTo('identity_users_away').execute();
      let res;
      try {
        res = await startRegistration(t.app, new CookieJar(), { email: 'timing.probe@example.com', password: 'a-long-password-1' });
        await outbox(t.app); // waits for the work after the answer, which fails here
      } finally {
        await t.database.db.schema.alterTable('identity_users_away').renameTo('identity_users').execute();
      }
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Check your email');
    });

    it('expires a registration link after 30 minutes', async () => {
      await startRegistration(t.app, new CookieJar(), { email: 'slow.reader@example.com', password: 'a-long-password-1' });
      const [message] = await outbox(t.app, 'slow.reader@example.com');
      await t.database.db
        .updateTable('pending_registrations')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('email', '=', 'slow.reader@example.com')
        .execute();
      const res = await request(t.app, new CookieJar(), {
        url: new URL(message!.link!).pathname + new URL(message!.link!).search,
        headers: { accept: 'text/html' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('This link has expired');
    });

    it('sends at most 3 registration e-mails an hour to one address', async () => {
      for (let i = 0; i < 5; i++)
        expect((await startRegistration(t.app, new CookieJar(), { email: 'flooded@example.com', password: 'a-long-password-1' })).statusCode).toBe(200);
      expect(await outbox(t.app, 'flooded@example.com')).toHaveLength(3);
    });

    /** Sends `count` registration forms from one client address; answers each status code. */
    async function registerFromOneAddress(
      app: TestApp['app'],
      count: number,
    ): Promise<{ statuses: number[]; last: Awaited<ReturnType<TestApp['app']['inject']>> }> {
      const browser = new CookieJar();
      const form = await openForm(app, browser, `/account/register?client_id=${CLIENT_ID}&redirect_uri=%2F`);
      const post = (i: number) =>
        app.inject({
          method: 'POST',
          url: form.action,
          payload: new URLSearchParams({ ...form.fields, firstName: 'Bulk', lastName: 'Maker', email: `bulk.${i}@example.com` }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', cookie: browser.header() },
          remoteAddress: '203.0.113.50',
        });
      const statuses: number[] = [];
      let last = await post(0);
      statuses.push(last.statusCode);
      for (let i = 1; i < count; i++) {
        last = await post(i);
        statuses.push(last.statusCode);
      }
      return { statuses, last };
    }

    it('accepts at most 20 registrations an hour from one address', async () => {
      const { statuses, last: refused } = await registerFromOneAddress(t.app, 21);
      expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
      expect(refused.statusCode).toBe(429);
      expect(refused.body).toContain('Too many accounts have been started from your network. Wait 60 minutes, then try again.');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    });

    it('accepts as many registrations from one address as the operator allows', async () => {
      const office = await createTestApp({ registrationsPerAddressPerHour: 25 });
      try {
        const { statuses } = await registerFromOneAddress(office.app, 26);
        expect(statuses.filter((status) => status === 200)).toHaveLength(25);
        expect(statuses[25]).toBe(429);
      } finally {
        await office.close();
      }
    });
  });

  it('shows the account page when signed in and sends a signed-out visitor to sign in', async () => {
    const out = await t.app.inject({ url: `/account/?client_id=${CLIENT_ID}` });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toMatch(/^\/app\/login\/\?client_id=portal-web&redirect_uri=%2Faccount%2F/);

    const user = await signIn(t.app, DEMO.alex.email);
    const page = await request(t.app, user.jar, { url: `/account/?client_id=${CLIENT_ID}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Alex Jordan Morgan');
    expect(page.body).toContain('Change your password');
    // Signed in, help is the portal's own Support page.
    expect(page.body).toMatch(/<footer><a href="\/support">Help and support<\/a><\/footer>/);
  });

  it.each([
    ['sign-in', `/account/sign-in?client_id=${CLIENT_ID}`],
    ['registration', `/account/register?client_id=${CLIENT_ID}`],
  ])('offers help on the %s page: a footer link to the portal’s “Need help?” section', async (_name, url) => {
    const page = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<footer><a href="\/#help">Help with signing in<\/a><\/footer>/);
  });

  it('marks the cookies Secure when the portal is served over HTTPS', async () => {
    const secure = await createTestApp({ publicUrl: 'https://pay.example.co.uk', allowedRedirectOrigins: ['https://pay.example.co.uk'] });
    try {
      const jar = new CookieJar();
      const start = await request(secure.app, jar, {
        url: `/app/login/?client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent('https://pay.example.co.uk/')}`,
      });
      const { res: page } = await follow(secure.app, jar, start);
      const { action, fields } = formFields(page.body);
      const posted = await request(secure.app, jar, {
        method: 'POST',
        url: action,
        payload: new URLSearchParams({ ...fields, email: DEMO.sam.email, password: DEMO_PASSWORD }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const callback = await request(secure.app, jar, { url: String(posted.headers.location) });
      expect(setCookie(callback, '__Host-app.at')).toMatch(/; Secure/);
      expect(setCookie(callback, '__Host-app.at_exp')).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});
