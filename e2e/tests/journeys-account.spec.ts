// Account safety a user expects. 'Show password' on the sign-in service's
// password fields; 'Forgot your password?' with a single-use link by email; a new sign-in email
// that takes effect only through the link sent to it.
import type { Browser, Page } from '@playwright/test';
import { PORTAL_URL, demoUser, secondUser } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { chooseEmployment, readLatestLink, registerAccount, restoreSignInEmail, signIn } from '../support/session';

/** Any Content-Security-Policy complaint the page makes from now on (the toggle is a script the strict CSP must allow). */
function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|integrity/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** Tries the sign-in form in a browser of its own: 'signed in', or the form's error. */
async function trySignIn(browser: Browser, email: string, password: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const error = page.getByRole('alert');
    await expect(error.or(page.getByRole('heading', { level: 1, name: /^(Select your account|Home)$/ }))).toBeVisible();
    return (await error.isVisible()) ? ((await error.textContent()) ?? '') : 'signed in';
  } finally {
    await context.close();
  }
}

test.describe('journeys: account safety', () => {
  test('Show password: a toggle button beside each password field, by mouse and by keyboard, under the pages’ strict CSP', async ({ page, checkA11y }) => {
    const violations = collectCspViolations(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your pay portal' })).toBeVisible();

    const password = page.getByLabel('Password', { exact: true });
    const toggle = page.getByRole('button', { name: 'Show password' });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await password.fill(secondUser.password);
    await expect(password).toHaveAttribute('type', 'password');

    await toggle.click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(password).toHaveValue(secondUser.password);
    // The name stays; the state is in aria-pressed, and a status says what changed.
    await expect(page.getByRole('button', { name: 'Show password', pressed: true })).toBeVisible();
    await expect(page.getByText('Your password is shown')).toBeAttached();
    await checkA11y('sign-in page, password shown');

    // By keyboard: Tab from the field reaches the button; Space and Enter press it.
    await password.focus();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Space');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('Enter');
    await expect(password).toHaveAttribute('type', 'text');

    // Registration: the form asks no password; the link's page asks for it, each field with its own toggle.
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show password' })).toHaveCount(0);
    const newcomer = `toggles.${Date.now()}@example.com`;
    await page.getByLabel(/first name/i).fill('Toggle');
    await page.getByLabel(/last name/i).fill('Tester');
    await page.getByLabel(/email/i).fill(newcomer);
    await page.getByRole('button', { name: /create/i }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await page.goto(await readLatestLink(page.request, newcomer));
    const toggles = page.getByRole('button', { name: 'Show password' });
    await expect(toggles).toHaveCount(2);
    await page.getByLabel('Confirm password').fill('typed-here');
    await toggles.nth(1).click();
    await expect(page.getByLabel('Confirm password')).toHaveAttribute('type', 'text');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    await checkA11y('registration link page, one password shown');

    // Shown or not, signing in works (the field is a password again before the form is sent).
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('Email address').fill(secondUser.email);
    await page.getByLabel('Password', { exact: true }).fill(secondUser.password);
    await page.getByRole('button', { name: 'Show password' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.port === '8080' && !url.pathname.startsWith('/account'));
    expect(violations).toEqual([]);
  });

  test("signing in before opening the registration link says to open it, and 'Send the link again' sends a new one that works", async ({ page, checkA11y }) => {
    const email = `unfinished.${Date.now()}@example.com`;
    await page.goto('/');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel(/first name/i).fill('Robin');
    await page.getByLabel(/last name/i).fill('Hale');
    await page.getByLabel(/email/i).fill(email);
    await page.getByRole('button', { name: /create/i }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    const firstLink = await readLatestLink(page.request, email);

    // Not opened yet: the sign-in page says to open it and offers it again.
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a-password-not-chosen-yet');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('The email address or password is not right');
    const unfinished = page.getByRole('region', { name: 'Have you just created your account?' });
    await expect(unfinished).toContainText('Open the link we emailed you when you created it');
    await checkA11y('sign in before the registration link is opened');
    await unfinished.getByRole('button', { name: 'Send the link again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(`we have sent you a new link`);
    await checkA11y('registration link sent again');

    // The new link finishes the account; the first no longer works.
    const newLink = await readLatestLink(page.request, email);
    expect(newLink).not.toBe(firstLink);
    await page.goto(firstLink);
    await expect(page.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible();
    await page.goto(newLink);
    await page.getByLabel(/^password/i).fill('a-chosen-password-2026');
    await page.getByLabel(/^confirm password/i).fill('a-chosen-password-2026');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.waitForURL((url) => url.port === '8080' && !url.pathname.startsWith('/account'));
    expect((await page.request.get('/app/me/')).status()).toBe(200);
  });

  test('Forgot your password? A link by email sets a new password once, ends every session, and the user signs in with it', async ({
    page,
    browser,
    checkA11y,
  }) => {
    const account = { email: `forgetful.${Date.now()}@example.com`, password: 'first-password-1', firstName: 'Robin', lastName: 'Hale' };
    // Signed in here, in another browser: the session a reset must end.
    const elsewhere = await browser.newContext();
    const elsewherePage = await elsewhere.newPage();
    expect(await registerAccount(elsewherePage, account)).toBe('registered');
    expect((await elsewherePage.request.get('/app/me/')).status()).toBe(200);

    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await checkA11y('forgot your password');

    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('alert')).toContainText('Enter your email address');
    await checkA11y('forgot your password, no address');

    await page.getByLabel('Email address').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(`If an account uses that address, we have sent a link to ${account.email}.`);
    await checkA11y('reset link sent');

    const link = await readLatestLink(page.request, account.email);
    expect(link).toMatch(/^http:\/\/localhost:8080\/account\/reset-password\?token=/);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await checkA11y('choose a new password');
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
    await page.getByLabel('Confirm new password').fill('not-the-same-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert')).toContainText('The passwords do not match');
    await checkA11y('choose a new password, not matching');
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
    await page.getByLabel('Confirm new password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Change password' }).click();

    // Told, on the sign-in page, with the address filled in.
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your pay portal' })).toBeVisible();
    // (The passkey section below the form has a status line of its own, empty until it is used.)
    await expect(page.getByRole('status').filter({ hasText: 'Your password' })).toHaveText(
      'Your password has been changed and you have been signed out everywhere. Sign in with your new password.',
    );
    await expect(page.getByLabel('Email address')).toHaveValue(account.email);
    await checkA11y('sign in after a reset');
    // The other browser's session has ended.
    expect((await elsewherePage.request.get('/app/me/')).status()).toBe(401);
    await elsewhere.close();

    await page.getByLabel('Password', { exact: true }).fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.port === '8080' && !url.pathname.startsWith('/account'));
    expect((await page.request.get('/app/me/')).status()).toBe(200);

    // The link works once.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible();
    await checkA11y('reset link used');
  });

  test('a new sign-in email takes effect only when the link sent to it is opened; the old address signs in until then', async ({
    page,
    browser,
    checkA11y,
  }) => {
    const newEmail = `alex.moved.${Date.now()}@example.com`;
    await signIn(page, demoUser.email, demoUser.password);
    await chooseEmployment(page, demoUser.activeEmployer);
    const { sub } = (await (await page.request.get('/app/me/')).json()) as { sub: string };
    try {
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Change email address' }).click();
      await page.getByRole('textbox', { name: 'Current email address', exact: true }).fill(demoUser.email);
      await page.getByRole('textbox', { name: 'New email address', exact: true }).fill(newEmail);
      await page.getByLabel('Current password', { exact: true }).fill(demoUser.password);
      await page.getByRole('button', { name: 'Save' }).click();
      const notice = page.getByRole('status').filter({ hasText: `We have sent a link to ${newEmail}` });
      await expect(notice).toContainText('Your sign-in email changes when you open it. Until then, sign in with your current email address.');
      await checkA11y('profile, link sent to the new email');

      // Until the link is opened: the old address signs in, the new one does not.
      expect(await trySignIn(browser, newEmail, demoUser.password)).toContain('The email address or password is not right');
      expect(await trySignIn(browser, demoUser.email, demoUser.password)).toBe('signed in');

      // The link asks first (a mail scanner only opens it), then moves the address.
      await page.goto(await readLatestLink(page.request, newEmail));
      await expect(page.getByRole('heading', { level: 1, name: 'Confirm your new email address' })).toBeVisible();
      await checkA11y('confirm the new email');
      await page.getByRole('button', { name: 'Confirm email address' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Your email address has been changed' })).toBeVisible();
      await expect(page.getByRole('status')).toHaveText(`You now sign in with ${newEmail}.`);
      await checkA11y('new email confirmed');
      expect(await trySignIn(browser, newEmail, demoUser.password)).toBe('signed in');
      expect(await trySignIn(browser, demoUser.email, demoUser.password)).toContain('The email address or password is not right');

      // The link works once.
      await page.goBack();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible();
    } finally {
      await restoreSignInEmail(page, sub, demoUser.email, PORTAL_URL, demoUser.password);
    }
    await expect.poll(() => trySignIn(browser, demoUser.email, demoUser.password)).toBe('signed in');
  });
});
