// No open redirect, end to end: whatever redirect_uri or post_logout_redirect_uri a link carries
// (dot segments, slashes, backslashes, percent-encodings, hosts), every Location the server sends
// on the way through sign-in and sign-out resolves to the portal's origin or an allowed one.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { CLIENT_ID, CookieJar, DEMO, DEMO_PASSWORD, createTestApp, request } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { openForm, postForm } from '../test/forms';
import { redirectTargets } from '../test/redirect-targets';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The page a browser is on when it reads a Location: the API as these requests reach it. */
const PORTAL_PAGE = 'http://localhost:80/account/sign-in';

function expectStaysOnPortal(res: LightMyRequestResponse, target: string) {
  const location = res.headers.location;
  if (location === undefined) return;
  const origin = new URL(String(location), PORTAL_PAGE).origin;
  expect({ target, location, allowed: [new URL(PORTAL_PAGE).origin, ...t.config.allowedRedirectOrigins].includes(origin) }).toEqual({
    target,
    location,
    allowed: true,
  });
}

/** Sign in with redirect_uri = target, as the SDK starts it; checks every Location on the way. */
async function signInTo(target: string) {
  const jar = new CookieJar();
  const start = await request(t.app, jar, { url: `/app/login/?client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(target)}&state=x` });
  expectStaysOnPortal(start, target);
  if (start.statusCode !== 302) return;
  const { action, fields } = await openForm(t.app, jar, String(start.headers.location));
  const posted = await postForm(t.app, jar, action, { ...fields, email: DEMO.sam.email, password: DEMO_PASSWORD });
  expectStaysOnPortal(posted, target);
  if (posted.statusCode !== 302) return;
  const callback = await request(t.app, jar, { url: String(posted.headers.location) });
  expect(callback.statusCode).toBe(302);
  expectStaysOnPortal(callback, target);
}

/** Sign out with post_logout_redirect_uri = target: the page, then its form. */
async function signOutTo(target: string) {
  const jar = new CookieJar();
  const url = `/app/logout/?client_id=${CLIENT_ID}&post_logout_redirect_uri=${encodeURIComponent(target)}`;
  const page = await request(t.app, jar, { url });
  if (page.statusCode !== 200) return;
  const { action, fields } = await openForm(t.app, jar, url);
  expectStaysOnPortal(await postForm(t.app, jar, action, fields), target);
}

describe('every Location the sign-in service sends', () => {
  it.each(['/..//evil.example/', '/.//evil.example/', '/%2e%2e//evil.example/', '/.\\/evil.example/', '/..\\\\evil.example/'])(
    'stays on the portal for %s',
    async (target) => {
      await signInTo(target);
      await signOutTo(target);
      const refused = await t.app.inject({ url: `/app/login/?client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(target)}` });
      expect(refused.statusCode).toBe(400);
    },
  );

  it('stays on the portal or an allowed origin, whatever the target (property)', async () => {
    await fc.assert(
      fc.asyncProperty(redirectTargets, async (target) => {
        await signInTo(target);
        await signOutTo(target);
      }),
      { numRuns: 150 },
    );
  });
});
