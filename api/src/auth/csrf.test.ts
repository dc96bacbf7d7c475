// Login CSRF and form CSRF: every form the sign-in service serves carries a token signed from this
// browser's HttpOnly cookie, and every form post without both, matching, is refused, as is any post
// from another origin or from `Origin: null`. The forms to check are read from the app itself.
import { CLIENT_ID, CookieJar, DEMO, DEMO_PASSWORD, FRONT_END, createTestApp, follow, request, signIn } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { openForm, postForm } from '../test/forms';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SIGN_IN_PAGE = `/account/sign-in?client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(`${FRONT_END}/`)}&state=s`;
const ATTACKER = { email: DEMO.sam.email, password: DEMO_PASSWORD };

/** What an attacker's page can send: the form fields it knows, none of the victim's secrets. */
const attackerFields = { client_id: CLIENT_ID, redirect_uri: `${FRONT_END}/`, ...ATTACKER };

function setCookieHeader(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  return ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []).find((c) => c.startsWith(`${name}=`));
}

/** A refused post: 403, no way on to /app/callback/, no session. */
function expectRefused(res: { statusCode: number; headers: Record<string, unknown> }, jar: CookieJar) {
  expect(res.statusCode).toBe(403);
  expect(res.headers.location).toBeUndefined();
  expect(jar.get('__Host-app.at')).toBeUndefined();
}

describe('CSRF tokens on the sign-in service’s forms', () => {
  it('sets an HttpOnly SameSite=Lax cookie with the sign-in page and puts its signature, not the value, in the form', async () => {
    const jar = new CookieJar();
    const page = await request(t.app, jar, { url: SIGN_IN_PAGE });
    const cookie = setCookieHeader(page, 'app.csrf')!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    const token = /name="csrf_token" value="([^"]+)"/.exec(page.body)?.[1];
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(token).not.toBe(jar.get('app.csrf'));
    // The same browser keeps its cookie (and token) across pages and tabs.
    const again = await request(t.app, jar, { url: SIGN_IN_PAGE });
    expect(setCookieHeader(again, 'app.csrf')).toBeUndefined();
    expect(again.body).toContain(`value="${token}"`);
  });

  it('puts the token in every form: sign in, create an account, the account page, sign out', async () => {
    const user = await signIn(t.app, DEMO.alex.email);
    for (const url of [SIGN_IN_PAGE, `/account/register?client_id=${CLIENT_ID}`, `/account/?client_id=${CLIENT_ID}`, `/app/logout/?client_id=${CLIENT_ID}`]) {
      const page = await request(t.app, user.jar, { url });
      expect(page.statusCode).toBe(200);
      const forms = page.body.match(/<form[^>]*method="post"[^>]*>\n<input type="hidden" name="csrf_token" value="[\w-]{43}">/g) ?? [];
      expect(forms.length).toBe((page.body.match(/<form/g) ?? []).length);
      expect(forms.length).toBeGreaterThan(0);
    }
  });

  it('signs in through the page, with or without an Origin header', async () => {
    const withAndWithout: Record<string, string>[] = [{ origin: FRONT_END }, {}];
    for (const headers of withAndWithout) {
      const jar = new CookieJar();
      const { action, fields } = await openForm(t.app, jar, SIGN_IN_PAGE);
      const posted = await request(t.app, jar, {
        method: 'POST',
        url: action,
        payload: new URLSearchParams({ ...fields, email: DEMO.alex.email, password: DEMO_PASSWORD }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
      const { location } = await follow(t.app, jar, posted);
      expect(location).toBe(`${FRONT_END}/?state=s`);
      expect(jar.get('__Host-app.at')).toBeDefined();
    }
  });

  it('refuses a cross-site post of the sign-in form with no Origin and no token (a no-referrer attacker page)', async () => {
    const victim = new CookieJar();
    const res = await request(t.app, victim, {
      method: 'POST',
      url: '/account/sign-in',
      payload: new URLSearchParams(attackerFields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    });
    expectRefused(res, victim);
    // A browser is shown a page, not JSON.
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('This form has expired or was not sent from the pay portal');
  });

  it('refuses Origin: null, even with a good token', async () => {
    const victim = new CookieJar();
    const { action, fields } = await openForm(t.app, victim, SIGN_IN_PAGE);
    const res = await postForm(t.app, victim, action, { ...fields, ...ATTACKER }, { origin: 'null' });
    expectRefused(res, victim);
    // The same post without the null origin goes through: only the origin was wrong.
    expect((await postForm(t.app, victim, action, { ...fields, ...ATTACKER })).statusCode).toBe(302);
  });

  it('refuses another site’s and a same-site remote’s Origin, and a cross-site browser that sends none', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:3002' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of foreign) {
      const victim = new CookieJar();
      const { action, fields } = await openForm(t.app, victim, SIGN_IN_PAGE);
      const res = await request(t.app, victim, {
        method: 'POST',
        url: action,
        payload: new URLSearchParams({ ...fields, ...ATTACKER }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
      expectRefused(res, victim);
    }
  });

  it('refuses a token from another browser, a token without its cookie, a cookie without a token, and a forged token', async () => {
    const attacker = new CookieJar();
    const attackerForm = await openForm(t.app, attacker, SIGN_IN_PAGE);
    const victim = new CookieJar();
    const victimForm = await openForm(t.app, victim, SIGN_IN_PAGE);
    const { csrf_token: _own, ...withoutToken } = victimForm.fields;

    // The attacker's own (valid) token, sent from the victim's browser with the victim's cookie.
    expectRefused(
      await postForm(t.app, victim, '/account/sign-in', { ...victimForm.fields, csrf_token: attackerForm.fields.csrf_token!, ...ATTACKER }),
      victim,
    );
    // The victim's token, but no cookie (another browser, or cookies cleared).
    const bare = new CookieJar();
    expectRefused(await postForm(t.app, bare, '/account/sign-in', { ...victimForm.fields, ...ATTACKER }), bare);
    // The cookie, but no token.
    expectRefused(await postForm(t.app, victim, '/account/sign-in', { ...withoutToken, ...ATTACKER }), victim);
    // The cookie's value itself, or a made-up token.
    expectRefused(await postForm(t.app, victim, '/account/sign-in', { ...withoutToken, csrf_token: victim.get('app.csrf')!, ...ATTACKER }), victim);
    expectRefused(await postForm(t.app, victim, '/account/sign-in', { ...withoutToken, csrf_token: 'A'.repeat(43), ...ATTACKER }), victim);
    // A made-up cookie with a made-up token.
    const forged = new CookieJar();
    forged.cookies.set('app.csrf', 'B'.repeat(43));
    expectRefused(await postForm(t.app, forged, '/account/sign-in', { ...withoutToken, csrf_token: 'C'.repeat(43), ...ATTACKER }), forged);
  });

  it('guards every form the service accepts (read from the OpenAPI document), before any field is looked at', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json<{
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    }>();
    const formRoutes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method, op]) => method === 'post' && op.requestBody?.content['application/x-www-form-urlencoded'])
        .map(() => path),
    );
    expect(formRoutes).toEqual(
      expect.arrayContaining([
        '/account/sign-in',
        '/account/register',
        '/account/register/resend',
        '/account/password',
        '/account/forgot-password',
        '/account/reset-password',
        '/account/confirm-email',
        '/account/second-step',
        '/account/second-step/recovery',
        '/account/second-step/set-up',
        '/account/second-step/continue',
        '/app/logout/',
      ]),
    );
    const user = await signIn(t.app, DEMO.alex.email);
    for (const path of formRoutes) {
      // Signed in, with the cookie, from the portal's origin: only the token is missing.
      const res = await postForm(t.app, user.jar, path, { client_id: CLIENT_ID });
      expect({ path, status: res.statusCode }).toEqual({ path, status: 403 });
    }
    // None of it signed Alex out.
    expect((await request(t.app, user.jar, { url: '/app/me/' })).statusCode).toBe(200);
  });

  it('uses a __Host- cookie, Secure, when the portal is served over HTTPS', async () => {
    const secure = await createTestApp({ publicUrl: 'https://pay.example.co.uk', allowedRedirectOrigins: ['https://pay.example.co.uk'] });
    try {
      const jar = new CookieJar();
      const page = await request(secure.app, jar, { url: `/account/sign-in?client_id=${CLIENT_ID}` });
      const cookie = setCookieHeader(page, '__Host-app.csrf')!;
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).not.toMatch(/Domain=/);
      // The plain name is not read there: a cookie planted under it does not count.
      const { action, fields } = await openForm(secure.app, jar, `/account/sign-in?client_id=${CLIENT_ID}`);
      const planted = new CookieJar();
      planted.cookies.set('app.csrf', jar.get('__Host-app.csrf')!);
      const res = await postForm(secure.app, planted, action, { ...fields, ...ATTACKER }, { origin: 'https://pay.example.co.uk' });
      expect(res.statusCode).toBe(403);
    } finally {
      await secure.close();
    }
  });
});
