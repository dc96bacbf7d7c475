import { test, expect } from '../support/fixtures';

test('a signed-out visitor sees the landing page, and other paths come back to it keeping the token', async ({ page, visit }) => {
  await visit('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create an account' })).toBeVisible();

  await page.goto('/payslips?token=INVITE-2026-DEMO');
  await expect(page).toHaveURL(/\/\?token=INVITE-2026-DEMO$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('INVITE-2026-DEMO');
});
