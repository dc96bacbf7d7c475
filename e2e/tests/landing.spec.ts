import { test, expect } from '../support/fixtures';

test('a signed-out visitor sees the landing page, and other paths come back to it keeping the token', async ({ page, visit }) => {
  await visit('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create an account' })).toBeVisible();

  await page.goto('/payslips?token=INVITE-2026-DEMO');
  await expect(page).toHaveURL(/\/\?token=INVITE-2026-DEMO$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('INVITE-2026-DEMO');
});

test('signed out, the landing page is the HTML alone: no script but its own, and its buttons and links work', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
  // The page's own boot script (host/src/static-landing/boot.js), and no app: no main, no config.json.
  expect(scripts).toEqual([expect.stringMatching(/^\/boot\.[0-9a-f]{10}\.js$/)]);
  // Help is Support at its own address (the same place on every page), and leads back.
  await page.getByRole('banner').getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
  // Sign in is a full page load of the login trigger, which loads the app and starts sign-in.
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your pay portal' })).toBeVisible();
});

test('the invite link shows the landing page before the app has loaded, and Sign in keeps the token', async ({ page }) => {
  // Hold the app's scripts back: what shows is the page the build rendered (host/src/static-landing).
  await page.route(/\/main\.[0-9a-f]+\.js$/, (route) => route.abort());
  await page.goto('/?token=INVITE-2026-DEMO');
  await expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create an account' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?token=INVITE-2026-DEMO$/);
});

test('with the invite link the app loads, keeps the token and takes the landing page over without moving anything', async ({ page }) => {
  await page.goto('/?token=INVITE-2026-DEMO');
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('INVITE-2026-DEMO');
  // The app has replaced the built page: its buttons start sign-in themselves.
  await expect(page.locator('#static-landing')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
  // It says whose invitation it is, drawn with the page (the first render waits for the answer).
  await expect(page.getByRole('region', { name: 'An invitation from Brightwater Foods plc' })).toContainText('The invitation works until');
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          resolve(list.getEntries().reduce((sum, entry) => sum + (entry as PerformanceEntry & { value: number }).value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        // No entry at all means no shift.
        setTimeout(() => resolve(0), 500);
      }),
  );
  expect(shift).toBe(0);
});

test('an invitation link that is no longer live says so and what to do, and the page still signs in', async ({ page, checkA11y }) => {
  await page.goto('/?token=NO-SUCH-INVITATION');
  const panel = page.getByRole('region', { name: 'This invitation link no longer works' });
  await expect(panel).toContainText('Ask your employer to send you a new one');
  await checkA11y('landing page of a spent invitation link');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});
