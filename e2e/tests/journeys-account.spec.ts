// Issue 13, item 6: account safety a user expects. 'Show password' on the sign-in service's
// password fields; 'Forgot your password?' with a single-use link by email.
import type { Page } from '@playwright/test';
import { secondUser } from '../support/accounts';
import { test, expect } from '../support/fixtures';

/** Any Content-Security-Policy complaint the page makes from now on (the toggle is a script the strict CSP must allow). */
function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|integrity/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test.describe('issue 13 journeys: account safety', () => {
  test('6: Show password: a toggle button beside each password field, by mouse and by keyboard, under the pages’ strict CSP', async ({ page, checkA11y }) => {
    const violations = collectCspViolations(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).click();
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

    // Registration: both fields have their own toggle, each acting on its own field.
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    const toggles = page.getByRole('button', { name: 'Show password' });
    await expect(toggles).toHaveCount(2);
    await page.getByLabel('Confirm password').fill('typed-here');
    await toggles.nth(1).click();
    await expect(page.getByLabel('Confirm password')).toHaveAttribute('type', 'text');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    await checkA11y('registration page, one password shown');

    // Shown or not, signing in works (the field is a password again before the form is sent).
    await page.goBack();
    await page.getByLabel('Email address').fill(secondUser.email);
    await page.getByLabel('Password', { exact: true }).fill(secondUser.password);
    await page.getByRole('button', { name: 'Show password' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.port === '8080' && !url.pathname.startsWith('/account'));
    expect(violations).toEqual([]);
  });
});
