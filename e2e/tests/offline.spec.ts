// Installable and offline: after a first visit the service worker (host/dist/sw.js) keeps the shell,
// the remotes' chunks and what the signed-in user saw; offline, a reload shows them with the 'You are
// offline' banner. The copy belongs to the session: signing out deletes it, a session ended elsewhere
// or past its absolute end shows nothing offline, an answer arriving after sign-out is not kept, and
// a second user of the same browser never sees the first one's pay. Against the real API; nothing
// here changes data.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { request as newRequest } from '@playwright/test';
import type { BrowserContext, Download, Page } from '@playwright/test';
import { PORTAL_URL, demoUser, secondUser } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { untilControlled } from '../support/service-worker';
import { chooseEmployment, signIn } from '../support/session';

const BANNER = 'You are offline; showing what you saw last';
const USER_CACHE_PREFIX = 'portal-user-data-v1:';
const LANDING = { level: 1, name: 'Your pay, in one place' } as const;

/** Every URL held in the per-user caches, by cache name. */
function userCaches(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async (prefix) => {
    const names = (await caches.keys()).filter((name) => name.startsWith(prefix));
    const entries = await Promise.all(names.map(async (name) => [name, (await (await caches.open(name)).keys()).map((request) => request.url)] as const));
    return Object.fromEntries(entries);
  }, USER_CACHE_PREFIX);
}

test('the web app manifest names the portal, its theme colour and icons, linked from the page', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await page.request.get(href!);
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as { name: string; theme_color: string; display: string; icons: { src: string; sizes: string }[] };
  expect(manifest).toMatchObject({ name: 'Pay portal', theme_color: '#cb3493', display: 'standalone' });
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).ok(), icon.src).toBe(true);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#cb3493');
  // The worker itself is never kept by the browser's HTTP cache: a new build is seen at once.
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

test("offline after a first visit: the shell, a payslip seen and the banner show; sign-out deletes the copy and a second user never sees the first one's pay", async ({
  page,
  context,
  checkA11y,
}) => {
  await signIn(page, demoUser.email, demoUser.password);
  await chooseEmployment(page, demoUser.activeEmployer);
  await untilControlled(page);
  const alexId = await page.evaluate(() => localStorage.getItem('currentUserID'));
  if (!alexId) throw new Error('no user id after sign-in');

  // Seen online, with the worker in control: Home, the payslips list, one payslip, the documents list.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payslips' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payslips' })).toBeVisible();
  await page.getByRole('table').getByRole('rowgroup').nth(1).getByRole('row').first().getByRole('link').first().click();
  const details = page.getByRole('region', { name: 'Pay details' });
  await expect(details).toContainText(demoUser.activeEmployer);
  const payslipUrl = page.url();
  await page.waitForLoadState('networkidle');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goto(payslipUrl);
  await expect(details).toContainText(demoUser.activeEmployer);
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(BANNER)).toHaveCount(0);

  // No network: a reload still shows the shell, the payslip and the banner.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: BANNER })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(details).toContainText(demoUser.activeEmployer);
  await checkA11y('payslip offline, with the banner');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: BANNER })).toBeVisible();

  // Back online: the banner goes; signing out deletes every user's copy.
  await context.setOffline(false);
  await expect(page.getByText(BANNER)).toHaveCount(0);
  expect(Object.keys(await userCaches(page))).toEqual([`${USER_CACHE_PREFIX}${alexId}`]);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
  expect(await userCaches(page)).toEqual({});

  // Sam signs in on the same browser, sees Home, and goes offline: nothing of Alex's is there.
  await signIn(page, secondUser.email, secondUser.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(secondUser.employer);
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: BANNER })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(secondUser.employer);
  await page.goto(payslipUrl);
  await expect(page.getByRole('status').filter({ hasText: BANNER })).toBeVisible();
  await expect(page.getByText(demoUser.activeEmployer)).toHaveCount(0);
  const cached = await userCaches(page);
  expect(Object.keys(cached)).toHaveLength(1);
  expect(Object.keys(cached)[0]).not.toBe(`${USER_CACHE_PREFIX}${alexId}`);
  expect(
    Object.values(cached)
      .flat()
      .filter((url) => url.includes(`/users/${alexId}/`)),
  ).toEqual([]);
  await context.setOffline(false);
});

/** The first bytes of a download, as text ('%PDF-' for a PDF). */
async function firstBytes(download: Download): Promise<string> {
  return (await readFile(await download.path())).subarray(0, 5).toString('latin1');
}

/** What the page gets for a URL through the service worker: its status, disposition and first bytes, or the failure. */
function fetchThroughWorker(page: Page, url: string) {
  return page.evaluate(async (address) => {
    try {
      const response = await fetch(address, { credentials: 'include' });
      const bytes = new Uint8Array(await response.arrayBuffer()).subarray(0, 5);
      return { status: response.status, disposition: response.headers.get('Content-Disposition'), start: String.fromCharCode(...bytes) };
    } catch (error) {
      return { failed: String(error) };
    }
  }, url);
}

test("a payslip PDF opened online opens again offline, from the user's own copy; signed out, a second user is never served it", async ({ page, context }) => {
  await signIn(page, demoUser.email, demoUser.password);
  await chooseEmployment(page, demoUser.activeEmployer);
  await untilControlled(page);
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payslips' }).click();
  await page.getByRole('table').getByRole('rowgroup').nth(1).getByRole('row').first().getByRole('link').first().click();
  await expect(page.getByRole('region', { name: 'Pay details' })).toContainText(demoUser.activeEmployer);
  const inlineUrl = await page.getByRole('link', { name: 'View in browser (opens in a new tab)' }).getAttribute('href');
  if (!inlineUrl) throw new Error('no View in browser link');

  // Online: the spec's button saves the PDF, which the worker keeps in this user's cache only.
  let downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'View payslip' }).click();
  expect(await firstBytes(await downloading)).toBe('%PDF-');
  const fileUrl = inlineUrl.replace('?disposition=inline', '');
  const kept = await userCaches(page);
  expect(
    Object.values(kept)
      .flat()
      .filter((url) => url.includes('/file/')),
  ).toEqual([new URL(fileUrl, page.url()).href]);

  // Offline: the same button saves it again, and View in browser gets it inline, from the one copy.
  await context.setOffline(true);
  downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'View payslip' }).click();
  const offlineCopy = await downloading;
  expect(offlineCopy.suggestedFilename()).toBe('Payslip.pdf');
  expect(await firstBytes(offlineCopy)).toBe('%PDF-');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: BANNER })).toBeVisible();
  expect(await fetchThroughWorker(page, inlineUrl)).toMatchObject({
    status: 200,
    start: '%PDF-',
    disposition: expect.stringMatching(/^inline; filename="Payslip\.pdf"/),
  });

  // Signed out, the copy is gone; Sam, on the same browser, is served none of Alex's PDF, offline or not.
  await context.setOffline(false);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
  expect(await userCaches(page)).toEqual({});
  await signIn(page, secondUser.email, secondUser.password);
  await expect(page.getByRole('banner')).toContainText(secondUser.employer);
  await untilControlled(page);
  await context.setOffline(true);
  expect(await fetchThroughWorker(page, fileUrl)).toEqual({ failed: expect.any(String) });
  expect(await fetchThroughWorker(page, inlineUrl)).toEqual({ failed: expect.any(String) });
  await context.setOffline(false);
  const online = await fetchThroughWorker(page, fileUrl);
  expect(online).not.toMatchObject({ start: '%PDF-' });
  expect(
    Object.values(await userCaches(page))
      .flat()
      .filter((url) => url.includes('/file/')),
  ).toEqual([]);
});

test('offline with an expired access token: Home as last seen with the banner, not the landing page; online again, asked to sign in', async ({
  page,
  context,
}) => {
  await signIn(page, demoUser.email, demoUser.password);
  await chooseEmployment(page, demoUser.activeEmployer);
  await untilControlled(page);
  await page.reload();
  const home = page.getByRole('heading', { level: 1, name: 'Home' });
  await expect(home).toBeVisible();
  await page.waitForLoadState('networkidle');

  // The SDK's readable expiry cookie says the access token ran out a minute ago.
  const expiry = (await context.cookies()).find((cookie) => cookie.name === '__Host-app.at_exp');
  if (!expiry) throw new Error('no __Host-app.at_exp cookie after sign-in');
  await context.addCookies([{ ...expiry, value: String(Math.floor(Date.now() / 1000) - 60) }]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: BANNER })).toBeVisible();
  await expect(home).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(demoUser.activeEmployer);
  await expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toHaveCount(0);

  // Back online the expired session cannot go on: the landing page asks them to sign in again.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
  await expect(page.getByText(BANNER)).toHaveCount(0);
});

test('the landing page alone installs no worker; the first visit that loads the app does (printed: its script and the precached shell)', async ({ page }) => {
  // Signed out at /, the page is the HTML alone (host/src/static-landing/boot.js): no app, no worker.
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((registrations) => registrations.length))).toBe(0);
  // The invite link loads the app (to keep the token), which registers the worker.
  await page.goto('/?token=INVITE-2026-DEMO');
  await expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
  await untilControlled(page);
  // The precache lists the host's files; those the page did not load itself are the bytes the worker adds.
  const { precachedPaths, loadedByPage } = await page.evaluate(async () => {
    const loaded = performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname);
    const paths: string[] = [];
    for (const name of (await caches.keys()).filter((cacheName) => cacheName.startsWith('workbox-precache'))) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return { precachedPaths: paths, loadedByPage: loaded };
  });
  const dist = path.resolve(__dirname, '..', '..', 'host', 'dist');
  const sizes = (paths: string[]) =>
    paths.reduce(
      (total, urlPath) => {
        const bytes = readFileSync(path.join(dist, urlPath === '/' ? 'index.html' : urlPath));
        return { raw: total.raw + bytes.length, gzip: total.gzip + gzipSync(bytes).length };
      },
      { raw: 0, gzip: 0 },
    );
  const worker = sizes(['/sw.js']);
  const precached = sizes(precachedPaths);
  const added = sizes(precachedPaths.filter((urlPath) => !loadedByPage.includes(urlPath)));
  console.log(
    `service worker on the first visit: sw.js ${worker.raw} B (${worker.gzip} B gzip); precache ${precachedPaths.length} files, ${precached.raw} B (${precached.gzip} B gzip), ` +
      `of which not loaded by the page itself ${added.raw} B (${added.gzip} B gzip). First visit adds sw.js + that: ${worker.gzip + added.gzip} B gzip`,
  );
  expect(precachedPaths).toContain('/index.html');
  expect(precachedPaths.some((urlPath) => /^\/main\.[0-9a-f]{10}\.js$/.test(urlPath))).toBe(true);
});

/** Alex signs in, the worker controls the page, and Home is seen online (so the worker keeps a copy). */
async function alexSeesHome(page: Page): Promise<void> {
  await signIn(page, demoUser.email, demoUser.password);
  await chooseEmployment(page, demoUser.activeEmployer);
  await untilControlled(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(demoUser.activeEmployer);
  await page.waitForLoadState('networkidle');
  expect(Object.values(await userCaches(page)).flat()).toContain(new URL('/app/me/', page.url()).href);
}

/** Offline, a load of Home and the worker's answers show nothing of Alex: no name, e-mail or employer, no claims, no copy. */
async function expectNothingOfAlexOffline(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  try {
    await page.goto('/').catch(() => undefined);
    // The landing page, or the shell with nothing in it: 'We could not load your account'.
    await expect(page.getByRole('heading', LANDING).or(page.getByText('We could not load your account'))).toBeVisible();
    await expect(page.getByText(demoUser.activeEmployer)).toHaveCount(0);
    await expect(page.getByText(demoUser.email)).toHaveCount(0);
    await expect(page.getByText('Alex')).toHaveCount(0);
    expect(await fetchThroughWorker(page, '/app/me/')).toEqual({ failed: expect.any(String) });
    expect(await fetchThroughWorker(page, '/api/users/authorised')).toEqual({ failed: expect.any(String) });
    expect(await userCaches(page)).toEqual({});
  } finally {
    await context.setOffline(false);
  }
}

test('a session ended from another browser (signed out everywhere): once the portal hears so online, offline shows nothing of the user', async ({
  page,
  context,
}) => {
  await alexSeesHome(page);

  // Another browser holding this session signs it out: this browser keeps its cookies, now dead.
  const elsewhere = await newRequest.newContext({ baseURL: PORTAL_URL, storageState: { cookies: await context.cookies(), origins: [] } });
  try {
    const signedOut = await elsewhere.post('/app/logout/', { data: { client_id: 'portal-web' }, headers: { Origin: PORTAL_URL } });
    expect(signedOut.status()).toBe(204);
  } finally {
    await elsewhere.dispose();
  }

  // Online, the server's 401 for /app/me/ deletes the copy; the landing page asks to sign in.
  await page.reload();
  await expect(page.getByRole('heading', LANDING)).toBeVisible();
  await expect.poll(() => userCaches(page)).toEqual({});
  await expectNothingOfAlexOffline(page, context);
});

test('an answer still on its way when the user signs out is not kept: the user cache is not made again', async ({ page, context }) => {
  await alexSeesHome(page);

  // A second tab asks for the user's record; its answer is held until after the sign-out.
  let answerHeld!: () => void;
  const held = new Promise<void>((resolve) => (answerHeld = resolve));
  let releaseAnswer!: () => void;
  const released = new Promise<void>((resolve) => (releaseAnswer = resolve));
  await context.route('**/api/users/authorised', async (route) => {
    const response = await route.fetch();
    answerHeld();
    await released;
    await route.fulfill({ response });
  });
  const tab = await context.newPage();
  await tab.goto('/config.json');
  await untilControlled(tab);
  await tab.evaluate(() => {
    (window as unknown as { lateAnswer: Promise<number> }).lateAnswer = fetch('/api/users/authorised', { credentials: 'include' }).then((r) => r.status);
  });
  await held;

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', LANDING)).toBeVisible();
  expect(await userCaches(page)).toEqual({});

  // The answer arrives (200, asked while signed in); the worker hands it on, and keeps nothing.
  releaseAnswer();
  expect(await tab.evaluate(() => (window as unknown as { lateAnswer: Promise<number> }).lateAnswer)).toBe(200);
  await context.unrouteAll();
  expect(await userCaches(page)).toEqual({});
  await tab.close();
  await expectNothingOfAlexOffline(page, context);
});

/** The worker's note on the session (host/src/offline/offline-session.ts), as the page can read it. */
type SessionNote = { userId: string; endsAtMs: number; expiresAtMs: number };
const SESSION_NOTE = { cache: 'portal-offline-session-v1', key: '/__portal-offline/session' };

function readSessionNote(page: Page): Promise<SessionNote | null> {
  return page.evaluate(async ({ cache, key }) => {
    const stored = await (await caches.open(cache)).match(key);
    return stored ? ((await stored.json()) as SessionNote) : null;
  }, SESSION_NOTE);
}

/**
 * Time passes until one of the session's ends (`expiresAtMs` idle, `endsAtMs` absolute) was a minute
 * ago: the worker's clock cannot be moved, so its note is moved back by as much.
 */
async function passSessionEnd(page: Page, end: 'expiresAtMs' | 'endsAtMs'): Promise<void> {
  await page.evaluate(
    async ({ cache, key, end: field }) => {
      const notes = await caches.open(cache);
      const stored = await notes.match(key);
      if (!stored) return; // nothing noted, nothing to move
      const note = (await stored.json()) as Record<string, number>;
      await notes.put(key, new Response(JSON.stringify({ ...note, [field]: Date.now() - 60_000 }), { headers: { 'Content-Type': 'application/json' } }));
    },
    { ...SESSION_NOTE, end },
  );
}

test('a session past its absolute end (30 days after sign-in) shows nothing offline, and its copy goes', async ({ page, context }) => {
  await alexSeesHome(page);

  // The worker noted the ends /app/me/ gave: 24 hours unless refreshed, 30 days after this sign-in.
  const noted = await readSessionNote(page);
  expect(noted?.userId).toBe(await page.evaluate(() => localStorage.getItem('currentUserID')));
  const day = 24 * 3600 * 1000;
  expect((noted?.endsAtMs ?? 0) - Date.now()).toBeGreaterThan(29.9 * day);
  expect((noted?.endsAtMs ?? 0) - Date.now()).toBeLessThanOrEqual(30 * day);
  expect((noted?.expiresAtMs ?? 0) - Date.now()).toBeGreaterThan(0.9 * day);
  expect((noted?.expiresAtMs ?? 0) - Date.now()).toBeLessThanOrEqual(day);

  await passSessionEnd(page, 'endsAtMs');
  await expectNothingOfAlexOffline(page, context);
});

test('cookies gone with the session unrefreshed past its idle end (24 hours): offline shows nothing of the user', async ({ page, context }) => {
  await alexSeesHome(page);
  await passSessionEnd(page, 'expiresAtMs');
  await context.clearCookies();
  await expectNothingOfAlexOffline(page, context);
});
