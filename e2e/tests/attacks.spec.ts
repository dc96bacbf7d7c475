// Attacks in the browser, against the running system (spec: users see only their own data; every
// text they write is shown as text):
// - stored payloads (`<img onerror>`, `<script>`, `"><svg onload>`) in every free-text field a user
//   can write render as text on every screen that shows them, with no dialog and no injected element;
// - login CSRF: a page on another site that posts the attacker's credentials to the sign-in form
//   does not sign the victim's browser in as the attacker; a cross-site sign-out does not sign out;
// - open redirect: whatever redirect_uri the sign-in is started with, the browser ends on the portal.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, request as playwrightRequest } from '@playwright/test';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { PORTAL_URL as PORTAL, demoUser, secondUser } from '../support/accounts';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { confirmEmailChange, registerAccount, restoreSignInEmail, signIn } from '../support/session';

/** A change to /api names the portal's origin, as the browser does for the portal's own calls. */
const fromPortal = { origin: PORTAL };

// ---- helpers ------------------------------------------------------------------------------------

const PAYLOADS = {
  img: '<img src=x onerror=alert(1)>',
  script: '<script>alert(2)</script>',
  svg: '"><svg onload=alert(3)>',
  // The e-mail fields take no spaces: the same payloads, written without them.
  email: '"><svg/onload=alert(4)>@xss.example',
  notificationEmail: '<img/src=x/onerror=alert(5)>@xss.example',
};

/** Fails the test on any dialog (alert, confirm, prompt): a payload ran. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()} on ${page.url()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

/** No element a payload would have made: an image with src=x, an svg with onload, a script with alert. */
async function expectNoInjectedElements(page: Page, where: string): Promise<void> {
  const injected = await page.evaluate(() => [
    ...Array.from(document.querySelectorAll('img[src="x"], svg[onload], [onerror], [onload]'), (e) => e.outerHTML),
    ...Array.from(document.querySelectorAll('script'))
      .filter((s) => /alert\(\d\)/.test(s.textContent ?? ''))
      .map((s) => s.outerHTML),
  ]);
  expect(injected, `elements injected on ${where}`).toEqual([]);
}

type Who = { sub: string; email: string } | null;

/** Who the browser is signed in as, asked with its own cookies. */
async function whoAmI(page: Page): Promise<Who> {
  const me = await page.request.get(`${PORTAL}/app/me/`);
  if (!me.ok()) return null;
  const { sub, email } = (await me.json()) as { sub: string; email: string };
  return { sub, email };
}

/** On this machine: the portal, its remotes, the test's own sites. */
const isLocal = (url: string) => ['localhost', '127.0.0.1'].includes(new URL(url).hostname);

type Site = { origin: string; port: number; /** Every URL asked for, with its Host. */ hits: string[]; close(): Promise<void> };

/** Another site (another origin), serving the given pages (and a page for any other path). */
async function startOtherSite(pages: Record<string, string>): Promise<Site> {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(`http://${request.headers.host}${request.url}`);
    const body = pages[(request.url ?? '/').split('?')[0]!];
    response.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, port, hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * The attacker signs in with their own password over plain HTTP and keeps the sign-in link the
 * service answers with (/app/callback/?code=…) instead of following it; null when the service
 * refuses to start that sign-in at all.
 */
/** The hidden fields of the sign-in page as the attacker's own browser gets them (a CSRF token for its own cookie included); null when refused. */
async function attackerSignInFields(api: APIRequestContext, redirectUri: string): Promise<Record<string, string> | null> {
  const page = await api.get(`/account/sign-in?client_id=portal-web&redirect_uri=${encodeURIComponent(redirectUri)}&state=attacker`, {
    headers: { accept: 'text/html' },
  });
  if (!page.ok()) return null;
  const unescape = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return Object.fromEntries([...(await page.text()).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, unescape(m[2]!)]));
}

async function attackerSignInLink(redirectUri: string): Promise<string | null> {
  const api = await playwrightRequest.newContext({ baseURL: PORTAL });
  try {
    const hidden = await attackerSignInFields(api, redirectUri);
    if (!hidden) return null;
    const posted = await api.post('/account/sign-in', {
      form: { client_id: 'portal-web', redirect_uri: redirectUri, state: 'attacker', ...hidden, email: demoUser.email, password: demoUser.password },
      headers: { origin: PORTAL, accept: 'text/html' },
      maxRedirects: 0,
    });
    const location = posted.headers().location;
    if (posted.status() === 302 && location?.startsWith('/app/callback/')) return `${PORTAL}${location}`;
    expect(posted.status(), `the sign-in answered ${posted.status()}`).toBeGreaterThanOrEqual(400);
    return null;
  } finally {
    await api.dispose();
  }
}

// ---- stored payloads ----------------------------------------------------------------------------

test.describe('stored payloads render as text', () => {
  test.describe.configure({ timeout: 180_000 });

  test('in Sam’s name, sign-in email and notification email: Profile, the edit screens, Home, the top bar and /account/', async ({ page }) => {
    const dialogs = watchDialogs(page);
    await signIn(page, secondUser.email, secondUser.password);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    const me = (await whoAmI(page))!;
    const original = (
      (await (await page.request.get(`/api/user/${me.sub}`)).json()) as { user: Record<string, unknown> & { data?: { niNumber?: string | null } } }
    ).user;
    const originalRecord = JSON.parse(((await (await page.request.get('/api/users/authorised')).json()) as { data: string }).data) as {
      data: { email: string | null };
    };
    try {
      const saved = await page.request.patch(`/api/user/${me.sub}`, {
        headers: fromPortal,
        data: {
          user: { firstName: PAYLOADS.img, middleName: PAYLOADS.script, lastName: PAYLOADS.svg, email: PAYLOADS.email },
          currentPassword: secondUser.password,
        },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      // A new sign-in email takes effect through the link sent to it; its page shows the payload as text too.
      await confirmEmailChange(page, PAYLOADS.email);
      await expectNoInjectedElements(page, 'the new email confirmed');
      const notification = await page.request.patch(`/api/users/${me.sub}`, { headers: fromPortal, data: { email: PAYLOADS.notificationEmail } });
      // A new notification address is used once its link is opened.
      await confirmEmailChange(page, PAYLOADS.notificationEmail);
      expect(notification.status(), await notification.text()).toBe(200);
      // The fields with a format refuse the payloads outright, naming the field: nothing stored.
      for (const user of [{ mobilePhone: PAYLOADS.img }, { birthDate: PAYLOADS.script }, { data: { niNumber: PAYLOADS.svg } }]) {
        const refused = await page.request.patch(`/api/user/${me.sub}`, { headers: fromPortal, data: { user } });
        expect(refused.status(), JSON.stringify(user)).toBe(400);
        expect(await refused.json()).toEqual({ status: 400, error: expect.any(String), code: 'request.field_invalid', field: expect.any(String), data: null });
      }

      const fullName = `${PAYLOADS.img} ${PAYLOADS.script} ${PAYLOADS.svg}`;
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
      await expect(page.locator('.host-topbar')).toContainText(secondUser.employer);
      await page.waitForLoadState('networkidle');
      await expectNoInjectedElements(page, 'Home and the top bar');

      await page.goto('/profile');
      const overviewValue = (label: string) =>
        page
          .locator('.profile-overview__row', { has: page.getByRole('term').filter({ hasText: label }) })
          .getByRole('definition')
          .first();
      await expect(overviewValue('Full name')).toHaveText(fullName);
      await expect(overviewValue('Email address')).toHaveText(PAYLOADS.email);
      await expectNoInjectedElements(page, 'the Profile overview');

      await page.getByRole('button', { name: 'Change full name' }).click();
      await expect(page.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue(PAYLOADS.img);
      await expect(page.getByRole('textbox', { name: 'Middle name (optional)', exact: true })).toHaveValue(PAYLOADS.script);
      await expect(page.getByRole('textbox', { name: 'Last name', exact: true })).toHaveValue(PAYLOADS.svg);
      await expectNoInjectedElements(page, 'the name edit screen');
      // Saved through the screen too: what the user typed is what is stored and shown.
      await page.getByRole('textbox', { name: 'Middle name (optional)', exact: true }).fill(PAYLOADS.svg);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(overviewValue('Full name')).toHaveText(`${PAYLOADS.img} ${PAYLOADS.svg} ${PAYLOADS.svg}`);

      await page.getByRole('button', { name: 'Change email address' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/email address/);
      await expectNoInjectedElements(page, 'the email edit screen');
      await page.getByRole('button', { name: 'Back' }).click();

      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await expectNoInjectedElements(page, 'Settings');

      // The sign-in service's own account page.
      await page.goto('/account/?client_id=portal-web');
      await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
      await expect(page.getByText(`${PAYLOADS.img} ${PAYLOADS.svg} ${PAYLOADS.svg}`, { exact: true })).toBeVisible();
      await expect(page.getByText(PAYLOADS.email, { exact: true })).toBeVisible();
      await expectNoInjectedElements(page, '/account/');
    } finally {
      const { firstName, middleName, lastName, mobilePhone, birthDate, email, data } = original;
      await restoreSignInEmail(page, me.sub, String(email), PORTAL, secondUser.password);
      const restored = await page.request.patch(`/api/user/${me.sub}`, {
        headers: fromPortal,
        data: { user: { firstName, middleName, lastName, mobilePhone, birthDate, data: { niNumber: data?.niNumber ?? null } } },
      });
      expect(restored.ok(), await restored.text()).toBeTruthy();
      const record = await page.request.patch(`/api/users/${me.sub}`, { headers: fromPortal, data: { email: originalRecord.data.email ?? secondUser.email } });
      expect(record.ok(), await record.text()).toBeTruthy();
    }
    expect(dialogs).toEqual([]);
  });

  test('in the registration form’s names and the notification email: the set-up screens and /account/', async ({ page }) => {
    const dialogs = watchDialogs(page);
    const email = `xss.${Date.now()}@example.com`;
    await registerAccount(page, { email, password: 'Attack-surface-2026', firstName: PAYLOADS.script, lastName: PAYLOADS.img });
    await expect(page).toHaveURL(/\/setup$/);
    await expectNoInjectedElements(page, 'the set-up checklist');
    const me = (await whoAmI(page))!;
    const notification = await page.request.patch(`/api/users/${me.sub}`, { headers: fromPortal, data: { email: PAYLOADS.notificationEmail } });
    expect(notification.status(), await notification.text()).toBe(200);
    // A new notification address is used once its link is opened.
    await confirmEmailChange(page, PAYLOADS.notificationEmail);

    await page.goto('/setup/notifications');
    await page.getByRole('button', { name: 'Set up' }).click();
    await expect(page.getByText(PAYLOADS.notificationEmail, { exact: true })).toBeVisible();
    await expectNoInjectedElements(page, 'the notifications set-up');

    await page.goto('/account/?client_id=portal-web');
    await expect(page.getByText(`${PAYLOADS.script} ${PAYLOADS.img}`, { exact: true })).toBeVisible();
    await expectNoInjectedElements(page, '/account/');
    expect(dialogs).toEqual([]);
  });
});

// ---- login CSRF and cross-site sign-out -----------------------------------------------------------

/** A page of another site that posts a form to the portal as soon as it opens. */
function autoPostPage(action: string, fields: Record<string, string>, referrer: 'no-referrer' | 'origin'): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join('');
  return `<!doctype html><html><head><meta name="referrer" content="${referrer}"><title>You have won</title></head>
<body><form id="attack" method="post" action="${action}">${inputs}<button>Claim your prize</button></form>
<script>document.getElementById('attack').submit()</script></body></html>`;
}

test.describe('login CSRF', () => {
  const attackerCredentials = { client_id: 'portal-web', redirect_uri: `${PORTAL}/`, email: demoUser.email, password: demoUser.password };

  for (const referrer of ['no-referrer', 'origin'] as const) {
    test(`a form on another site (referrer policy ${referrer}) posting the attacker’s credentials does not sign the victim in as the attacker`, async ({
      browser,
    }) => {
      // The form carries the hidden fields of the attacker's own sign-in page (a CSRF token, where there is one).
      const api = await playwrightRequest.newContext({ baseURL: PORTAL });
      const hidden = (await attackerSignInFields(api, `${PORTAL}/`)) ?? {};
      await api.dispose();
      const site = await startOtherSite({ '/': autoPostPage(`${PORTAL}/account/sign-in`, { ...hidden, ...attackerCredentials }, referrer) });
      const context = await browser.newContext({ baseURL: PORTAL });
      try {
        const page = await context.newPage();
        // The victim: first signed out, then signed in as Sam.
        for (const victim of [null, secondUser]) {
          await context.clearCookies();
          if (victim) await signIn(page, victim.email, victim.password);
          const before = await whoAmI(page);
          await page.goto(`${site.origin}/`);
          // The page posts itself: wait until the browser is back on the portal (an error page or Home).
          await page.waitForURL((url) => url.origin === PORTAL);
          await page.waitForLoadState('networkidle');
          const after = await whoAmI(page);
          const who = `victim ${victim?.email ?? 'signed out'}`;
          expect.soft(after?.email, `${who}: signed in as the attacker`).not.toBe(demoUser.email);
          expect.soft(after?.sub ?? null, `${who}: the session changed`).toBe(before?.sub ?? null);
        }
      } finally {
        await context.close();
        await site.close();
      }
    });
  }

  test('a sign-in link the attacker made for themselves, opened by the victim, does not sign the victim in as the attacker', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: PORTAL });
    try {
      const page = await context.newPage();
      for (const victim of [null, secondUser]) {
        await context.clearCookies();
        if (victim) await signIn(page, victim.email, victim.password);
        const before = await whoAmI(page);
        const link = await attackerSignInLink(`${PORTAL}/`);
        if (link) await page.goto(link);
        await page.waitForLoadState('networkidle');
        const after = await whoAmI(page);
        const who = `victim ${victim?.email ?? 'signed out'}`;
        expect.soft(after?.email, `${who}: signed in as the attacker`).not.toBe(demoUser.email);
        expect.soft(after?.sub ?? null, `${who}: the session changed`).toBe(before?.sub ?? null);
      }
    } finally {
      await context.close();
    }
  });

  test('a cross-site GET or POST to sign-out does not sign the victim out', async ({ browser }) => {
    const logout = `${PORTAL}/app/logout/?client_id=portal-web&post_logout_redirect_uri=${encodeURIComponent(`${PORTAL}/`)}`;
    const site = await startOtherSite({
      '/navigate': `<!doctype html><meta name="referrer" content="no-referrer"><title>Hi</title><script>location.href = ${JSON.stringify(logout)}</script>`,
      '/link': `<!doctype html><meta name="referrer" content="no-referrer"><title>Hi</title><a href="${logout}">Read more</a>`,
      '/image': `<!doctype html><title>Hi</title><img alt="" src="${logout}">`,
      '/post': autoPostPage(logout, {}, 'no-referrer'),
    });
    const context = await browser.newContext({ baseURL: PORTAL });
    try {
      const page = await context.newPage();
      for (const attack of ['/navigate', '/link', '/image', '/post']) {
        // Each attack on a signed-in victim (an attack that worked signed Sam out).
        if ((await whoAmI(page))?.email !== secondUser.email) await signIn(page, secondUser.email, secondUser.password);
        await page.goto(`${site.origin}${attack}`);
        if (attack === '/link') await page.getByRole('link', { name: 'Read more' }).click();
        // A navigation or a form ends on the portal; the image leaves the page where it is.
        if (attack !== '/image') await page.waitForURL((url) => url.origin === PORTAL);
        await page.waitForLoadState('networkidle');
        expect.soft((await whoAmI(page))?.email, `still signed in after ${attack}`).toBe(secondUser.email);
      }
    } finally {
      await context.close();
      await site.close();
    }
  });
});

// ---- open redirect --------------------------------------------------------------------------------

test.describe('open redirect', () => {
  const targets = ['/..//evil.example/', '/.//evil.example/', '/%2e%2e//evil.example/', '/.\\evil.example/', '//evil.example', 'https://evil.example/'];
  // evil.example resolves to a local page of the test's own, so no navigation ever leaves the machine
  // (page.route does not see the hops of a redirect chain, where an open redirect happens).
  let evil: Site;
  let browser: Browser;
  test.beforeAll(async () => {
    evil = await startOtherSite({});
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: [...chromiumArgs, `--host-resolver-rules=MAP evil.example 127.0.0.1:${evil.port}`],
    });
  });
  test.afterAll(async () => {
    await browser.close();
    await evil.close();
  });

  /** A browser context that records every request off the portal and every navigation it gave up. */
  async function watchedContext() {
    const context = await browser.newContext({ baseURL: PORTAL });
    const offSite: string[] = [];
    const aborted: string[] = [];
    const hitsBefore = evil.hits.length;
    context.on('request', (request) => {
      if (!isLocal(request.url())) offSite.push(request.url());
    });
    // A navigation the browser gave up (Chromium stops a form's redirect chain that leaves the
    // origins of the page's CSP form-action): the server tried to send the user off the portal.
    context.on('requestfailed', (request) => {
      if (request.isNavigationRequest()) aborted.push(`${request.url()}: ${request.failure()?.errorText}`);
    });
    await context.route(
      (url) => !isLocal(url.href),
      (route) => route.abort('blockedbyclient'),
    );
    const expectStayedOnThePortal = (page: Page) => {
      expect(offSite, 'requests off the portal').toEqual([]);
      expect(evil.hits.slice(hitsBefore), 'navigations that reached evil.example').toEqual([]);
      expect(aborted, 'navigations stopped on the way').toEqual([]);
      expect(new URL(page.url()).origin).toBe(PORTAL);
    };
    return { context, aborted, expectStayedOnThePortal };
  }

  for (const target of targets) {
    test(`signing in with redirect_uri=${target} ends on the portal`, async () => {
      const { context, aborted, expectStayedOnThePortal } = await watchedContext();
      try {
        const page = await context.newPage();
        await page.goto(`${PORTAL}/app/login/?client_id=portal-web&redirect_uri=${encodeURIComponent(target)}&state=e2e-redirect`);
        // The sign-in form when the address was accepted; an error page (on the portal) when not.
        if (await page.getByLabel(/^password/i).isVisible()) {
          await page.getByLabel(/email/i).fill(secondUser.email);
          await page.getByLabel(/^password/i).fill(secondUser.password);
          await page.getByRole('button', { name: 'Sign in', exact: true }).click();
          await expect.poll(() => aborted.length > 0 || !page.url().includes('/account/sign-in'), { message: 'the sign-in did not finish' }).toBe(true);
        }
        await page.waitForLoadState('networkidle');
        expectStayedOnThePortal(page);
      } finally {
        await context.close();
      }
    });
  }

  // The same redirect without the sign-in form's CSP to stop it: the link the service hands out.
  for (const target of targets.slice(0, 3)) {
    test(`a sign-in link made with redirect_uri=${target} ends on the portal when opened`, async () => {
      const link = await attackerSignInLink(target);
      const { context, aborted, expectStayedOnThePortal } = await watchedContext();
      try {
        const page = await context.newPage();
        if (link) await page.goto(link).catch((error: Error) => aborted.push(error.message.split('\n')[0]!));
        await page.waitForLoadState('networkidle');
        if (link) expectStayedOnThePortal(page);
      } finally {
        await context.close();
      }
    });
  }
});
