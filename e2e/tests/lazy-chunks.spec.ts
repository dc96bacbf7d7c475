// The two chunks Home does not load, which keeps Home's bytes down: the host's landing and support pages
// (host-pages, host/src/app/HostPage.tsx) and the @portal/shared modules only some remote pages use
// (portal-shared-pages). Each test is a way moving them out of the first load could break what worked
// when they were in it; each test guards one such break.
import { readdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { demoUser, secondUser } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { loadedProviders } from '../support/federation';
import { untilControlled } from '../support/service-worker';
import { chooseEmployment, signIn } from '../support/session';

/** The contract's version: @portal/shared's package version, which each of its shared modules carries. */
const CONTRACT_VERSION: string = JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', 'shared', 'package.json'), 'utf8')).version;

const HOST_PAGES = /\/host-pages\.[0-9a-f]{10}\.js$/;

/** The host's lazily provided contract modules (tools/rspack/shared-dependencies.mjs HOST_LAZY_CONTRACT_MODULES). */
const LAZY_SHARED = (JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'tools', 'rspack', 'host-lazy-contract-modules.json'), 'utf8')) as string[]).map(
  (module) => `@portal/shared/${module}`,
);

/** Eager singletons whose second copy would split state (as in federation.spec.ts). */
const EAGER_SINGLETONS = [
  'react',
  'react-dom',
  'zustand',
  '@portal/shared/router',
  '@portal/shared/query',
  '@portal/shared/react/query-client',
  '@portal/shared/react/portal-query',
  '@portal/shared/stores/session',
  '@portal/shared/stores/account',
  '@portal/shared/api/client',
  '@portal/shared/runtime-config',
  '@portal/shared/contract',
];

test.describe('the host-pages chunk does not load (server down for that file, or a 404 after a redeploy)', () => {
  // No worker: the file comes from the network, as on a first visit or once a new build's worker has dropped the old precache.
  test.use({ serviceWorkers: 'block' });

  test('signed in, Help keeps the shell and offers Try again, as a remote page that does not load does', async ({ page, checkA11y }) => {
    await signIn(page, demoUser.email, demoUser.password);
    await chooseEmployment(page, demoUser.activeEmployer);
    let down = true;
    await page.route(HOST_PAGES, (route) => (down ? route.fulfill({ status: 404, body: 'Not found' }) : route.continue()));

    const asked: string[] = [];
    page.on('request', (request) => {
      if (HOST_PAGES.test(request.url())) asked.push(request.url());
    });
    await page.getByRole('banner').getByRole('link', { name: 'Help' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await page.waitForTimeout(2_000);
    expect(asked.length, 'requests for the host-pages chunk in 2 s').toBeLessThanOrEqual(2);
    // In main.js the support pages could not fail to load. From their chunk, a failure must stay inside the
    // page, as a remote page's does: not the route's error page in place of the shell, and with Try again.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await checkA11y('support while its chunk does not load');

    down = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  });

  test('signed out with the invite link, a chunk that does not load is asked for once or twice, not in a loop, and the page is not left blank', async ({
    page,
  }) => {
    const asked: string[] = [];
    await page.route(HOST_PAGES, (route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 404, body: 'Not found' });
    });
    await page.goto('/?token=INVITE-2026-DEMO');
    // A failed load is kept: not started again by every render (which asked for the chunk hundreds of
    // times a second and left an empty #root in place of the landing page boot.js showed).
    await page.waitForTimeout(3_000);
    expect(asked.length, 'requests for the host-pages chunk in 3 s').toBeLessThanOrEqual(2);
    await expect(page.getByText(/Loading chunk host-pages failed/)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' }).or(page.getByRole('button', { name: 'Try again' }))).toBeVisible();
  });
});

test('the invite link: the landing page boot.js showed stays on screen while the app takes it over (the host-pages chunk one round trip away)', async ({
  page,
}) => {
  // Whether #root ever had no landing heading once the page was up: the app's first commit replaces the built
  // page, so it must not come before the landing page's chunk (startSignedOutFirstPage).
  await page.addInitScript(() => {
    const seen = { blank: 0 };
    (window as unknown as { landingGaps: typeof seen }).landingGaps = seen;
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      if (!root) return;
      new MutationObserver(() => {
        if (!root.querySelector('h1')) seen.blank += 1;
      }).observe(root, { childList: true, subtree: true });
    });
  });
  // One round trip of a real network (100 ms) for the chunk; everything else as fast as localhost.
  await page.route(HOST_PAGES, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    await route.continue();
  });
  await page.goto('/?token=INVITE-2026-DEMO');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#static-landing')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { landingGaps: { blank: number } }).landingGaps.blank),
    'mutations that left #root with no heading',
  ).toBe(0);
});

/** Signed in as the second user, on Home, with the service worker controlling the page and its precache filled. */
async function onHomeUnderTheWorker(page: Page): Promise<void> {
  await signIn(page, secondUser.email, secondUser.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await untilControlled(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('a tab open across a redeploy of the host (output.clean removes the old chunks; the new worker drops their precache) still opens Help', async ({
  page,
}) => {
  await onHomeUnderTheWorker(page);

  // The redeploy, as this tab sees it: the new build's worker (skipWaiting, clients.claim) has dropped the
  // old build's precache entries, and the server no longer has the old hashed file.
  await page.evaluate(async () => {
    for (const name of (await caches.keys()).filter((cacheName) => cacheName.startsWith('workbox-precache'))) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) if (/\/host-pages\./.test(request.url)) await cache.delete(request);
    }
  });
  const dist = path.join(__dirname, '..', '..', 'host', 'dist');
  const file = readdirSync(dist).find((name) => /^host-pages\.[0-9a-f]{10}\.js$/.test(name));
  if (!file) throw new Error('no host-pages chunk in host/dist');
  renameSync(path.join(dist, file), path.join(dist, `${file}.old-build`));
  try {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (HOST_PAGES.test(request.url())) asked.push(request.url());
    });
    await page.getByRole('banner').getByRole('link', { name: 'Help' }).click();
    // In main.js, which this tab has, Help always opened; from its chunk it must still.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Support' }).or(page.getByRole('button', { name: 'Try again' }))).toBeVisible();
    expect(asked.length, 'requests for the old host-pages chunk').toBeLessThanOrEqual(2);
  } finally {
    renameSync(path.join(dist, `${file}.old-build`), path.join(dist, file));
  }
});

test.describe('the portal-shared-pages chunk does not load once (a dropped connection, a 404 mid-deploy)', () => {
  test.use({ serviceWorkers: 'block' });

  test("Payslips shows the unavailable panel, and 'Try again' loads it once the chunk is back, as for a remote that was down", async ({ page }) => {
    await signIn(page, demoUser.email, demoUser.password);
    await chooseEmployment(page, demoUser.activeEmployer);
    let down = true;
    await page.route(/\/portal-shared-pages\.[0-9a-f]{10}\.js$/, (route) => (down ? route.abort('connectionreset') : route.continue()));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payslips' }).click();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

    // Back: the federation runtime keeps a failed load on the host's share entry (setShared's `loading`), so
    // without host/src/runtime-plugin/retry-failed-shares.ts every later load of that module awaited the same
    // rejection and no page using it opened until a reload.
    down = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payslips' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  });
});

test('offline after a signed-in visit that never opened them: Support, the FAQs and contact details open from the worker', async ({ page, context }) => {
  await onHomeUnderTheWorker(page);
  try {
    await context.setOffline(true);
    await page.getByRole('banner').getByRole('link', { name: 'Help' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await page.getByRole('link', { name: 'Frequently asked questions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    await page.goto('/contact-details');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});

test('pages using the lazily provided shared modules, opened after Home, get one copy of each from the host', async ({ page }) => {
  const lazyChunkRequests: string[] = [];
  page.on('request', (request) => {
    if (/portal-shared-pages\.[0-9a-f]{10}\.js$/.test(request.url())) lazyChunkRequests.push(request.url());
  });
  await signIn(page, demoUser.email, demoUser.password);
  await chooseEmployment(page, demoUser.activeEmployer);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Payslips' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payslips' })).toBeVisible();
  await page.getByRole('table').getByRole('rowgroup').nth(1).getByRole('row').first().getByRole('link').first().click();
  await expect(page.getByRole('region', { name: 'Pay details' })).toContainText(demoUser.activeEmployer);
  await page.goto('/tax-year');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await nav.getByRole('link', { name: 'Documents' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const providers = await loadedProviders(page, [...EAGER_SINGLETONS, ...LAZY_SHARED]);
  const loadedLazy = LAZY_SHARED.filter((name) => providers[name]);
  expect(loadedLazy.length, 'the pages visited use lazily provided modules').toBeGreaterThan(3);
  for (const name of EAGER_SINGLETONS) {
    expect(providers[name], `${name} is loaded once, from the host`).toEqual([expect.stringMatching(/^host@/)]);
  }
  // A lazily provided module is the host's one entry too; the runtime's setShared writes the name of the
  // remote whose page loaded it first into `from` ('remote_pay@' and the contract's version): bookkeeping, not a second copy
  // (a production remote has import: false, no copy of its own). One version entry, loaded, per module.
  for (const name of loadedLazy) {
    expect(providers[name], `${name} is loaded once`).toEqual([expect.stringMatching(new RegExp(`@${CONTRACT_VERSION.replace(/\./g, '\\.')}$`))]);
  }
  // One request for the lazy chunk, however many pages use it.
  expect(new Set(lazyChunkRequests).size).toBe(1);
});
