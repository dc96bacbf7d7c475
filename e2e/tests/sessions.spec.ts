// Sessions in the browser: signing out ends the session on the server (cookies copied before no
// longer work), the account page signs out through a page that asks first, and another site's
// page cannot sign a visitor in as someone else (login CSRF).
import { request as newRequest } from '@playwright/test';
import { PORTAL_URL, demoUser, secondUser } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { signIn } from '../support/session';

const LANDING = { level: 1, name: 'Your pay, in one place' } as const;

test('signing out ends the session on the server: its cookies, copied before, stop working', async ({ page, context }) => {
  await signIn(page, secondUser.email, secondUser.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const copied = await newRequest.newContext({ baseURL: PORTAL_URL, storageState: { cookies: await context.cookies(), origins: [] } });
  try {
    expect((await copied.get('/app/me/')).status()).toBe(200);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', LANDING)).toBeVisible();
    expect((await copied.get('/app/me/')).status()).toBe(401);
    expect((await copied.get('/api/users/authorised')).status()).toBe(401);
  } finally {
    await copied.dispose();
  }
});

test('the account page signs out through a page that asks first', async ({ page, checkA11y }) => {
  await signIn(page, demoUser.email, demoUser.password);
  await page.goto('/account/?client_id=portal-web');
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign out of the pay portal?' })).toBeVisible();
  await checkA11y('sign-out page');
  // The page alone signs nobody out.
  expect((await page.request.get('/app/me/')).status()).toBe(200);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', LANDING)).toBeVisible();
  expect((await page.request.get('/app/me/')).status()).toBe(401);
});

test('another site’s page cannot sign a visitor in as the attacker (login CSRF)', async ({ page }) => {
  // The attacker's page posts the sign-in form with the attacker's credentials; no-referrer makes
  // the browser hide where the post comes from (Origin: null).
  const attackerForm = `<!doctype html><title>Win a prize</title>
<form method="post" action="${PORTAL_URL}/account/sign-in">
<input name="client_id" value="portal-web"><input name="redirect_uri" value="${PORTAL_URL}/">
<input name="email" value="${secondUser.email}"><input name="password" value="${secondUser.password}">
</form><script>document.forms[0].submit()</script>`;
  await page.route('http://attacker.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', headers: { 'Referrer-Policy': 'no-referrer' }, body: attackerForm }),
  );
  const posted = page.waitForResponse((response) => response.url() === `${PORTAL_URL}/account/sign-in` && response.request().method() === 'POST');
  await page.goto('http://attacker.test/');
  expect((await posted).status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'Sorry, that did not work' })).toBeVisible();
  expect((await page.request.get('/app/me/')).status()).toBe(401);
  await page.goto('/');
  await expect(page.getByRole('heading', LANDING)).toBeVisible();
});
