// Budgets that hold: a first visit to the landing page (signed out) and to Home (signed
// in) may not download more gzipped JavaScript, nor make more requests, than bench/budgets.json
// allows. The figures are measured as `pnpm bench` measures them (e2e/bench/page-weight.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { measurePage, type PageWeight } from '../bench/page-weight';
import { demoUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { chooseEmployment, signIn } from '../support/session';

type Budget = { path: string; signedIn: boolean; jsBytes: number; requests: number };
const budgets = JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', 'bench', 'budgets.json'), 'utf8')) as Record<'landing' | 'home', Budget>;

function expectWithin(name: string, weight: PageWeight, budget: Budget) {
  const js = weight.transfers.filter((transfer) => transfer.kind === 'js');
  const summary = `${name}: ${weight.jsBytes} B of JS in ${js.length} files (budget ${budget.jsBytes}), ${weight.requests} requests (budget ${budget.requests})`;
  console.log(summary);
  test.info().annotations.push({ type: 'budget', description: summary });
  // Bytes as the budget counts them: every script of more than 1 KiB came gzipped.
  expect(js.filter((transfer) => transfer.bytes > 1024 && transfer.encoding !== 'gzip').map((transfer) => transfer.url)).toEqual([]);
  expect(weight.jsBytes, `${name}: gzipped JS bytes`).toBeLessThanOrEqual(budget.jsBytes);
  expect(weight.requests, `${name}: requests`).toBeLessThanOrEqual(budget.requests);
}

test('budget: the landing page, signed out, within its JS bytes and requests', async ({ browser, baseURL }) => {
  const weight = await measurePage(browser, new URL(budgets.landing.path, baseURL).href, {
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible(),
  });
  expectWithin('landing', weight, budgets.landing);
});

test('budget: Home, signed in, within its JS bytes and requests', async ({ page, browser, baseURL }) => {
  await signIn(page, demoUser.email, demoUser.password);
  await chooseEmployment(page, demoUser.activeEmployer);
  const weight = await measurePage(browser, new URL(budgets.home.path, baseURL).href, {
    storageState: await page.context().storageState(),
    ready: (home) => expect(home.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible(),
  });
  expectWithin('Home', weight, budgets.home);
});

test("Home, signed in: config.json once, and Home's remote entry once, requested while the app's main script is still held", async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, demoUser.email, demoUser.password);
  await chooseEmployment(page, demoUser.activeEmployer);
  const context = await browser.newContext({ storageState: await page.context().storageState(), serviceWorkers: 'block' });
  try {
    const home = await context.newPage();
    const requested: string[] = [];
    let mainReleased = false;
    let entryWhileMainHeld = false;
    home.on('request', (request) => {
      const { pathname, port } = new URL(request.url());
      requested.push(`${port}${pathname}`);
      if (pathname === '/remoteEntry.js' && !mainReleased) entryWhileMainHeld = true;
    });
    // The host's main script held back 1.5 s: the entry is requested from boot.js's preload, not from main.
    await home.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      mainReleased = true;
      await route.continue();
    });
    await home.goto(new URL('/', baseURL).href);
    await expect(home.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await home.waitForLoadState('networkidle');
    expect(requested.filter((url) => url.endsWith('/config.json'))).toHaveLength(1);
    expect(requested.filter((url) => url === '3002/remoteEntry.js')).toHaveLength(1);
    expect(requested.filter((url) => url.endsWith('/remoteEntry.js'))).toEqual(['3002/remoteEntry.js']);
    expect(entryWhileMainHeld).toBe(true);
  } finally {
    await context.close();
  }
});

test("the account picker after sign-in downloads no page of remote-pay (the first page started at boot is the picker's)", async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await signIn(page, demoUser.email, demoUser.password);
  await expect(page.getByRole('button', { name: new RegExp(demoUser.activeEmployer) })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const payChunks = requested.filter((url) => new URL(url).port === '3002' && !url.endsWith('/remoteEntry.js'));
  expect(payChunks).toEqual([]);
  await chooseEmployment(page, demoUser.activeEmployer);
});
