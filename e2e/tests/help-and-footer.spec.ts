// Help, the accessibility statement and privacy at their own addresses signed out, the footer that
// links to them, and the notification preferences reached from Settings on a phone after set-up.
import { secondUser } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { signIn } from '../support/session';

test('signed out: help at its own address, Help in the same place, the statement from the footer', async ({ page, visit, checkA11y }) => {
  await visit('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/support');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility statement' })).toBeVisible();

  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(page).toHaveURL(/\/support$/);
  await checkA11y('support, signed out');
  await page.getByRole('link', { name: 'Frequently asked questions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await checkA11y('FAQs, signed out');
  await page.goto('/contact-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact details' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Help' })).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility statement' }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accessibility statement for the pay portal' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Enforcement procedure' })).toBeVisible();
  await checkA11y('accessibility statement, signed out');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy and cookies' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy and cookies' })).toBeVisible();
  await checkA11y('privacy and cookies, signed out');
});

test('on a phone, signed in: Settings through the menu, then the notification preferences', async ({ page, checkA11y }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, secondUser.email, secondUser.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByRole('link', { name: 'Notification preferences' }).click();
  await expect(page).toHaveURL(/\/settings\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How would you like to receive notifications?' })).toBeVisible();
  const sms = page.getByRole('switch', { name: /SMS/ });
  await expect(sms).toBeEnabled();
  const before = await sms.getAttribute('aria-checked');
  await sms.click();
  await expect(page.getByRole('status').filter({ hasText: 'Your choice is saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: /SMS/ })).not.toHaveAttribute('aria-checked', before ?? 'false');
  await checkA11y('notification preferences from Settings, phone');
  // Put the choice back for the other tests.
  await page.getByRole('switch', { name: /SMS/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your choice is saved.' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

test('signed in: the footer on every page of the shell leads to the statement, still inside the shell', async ({ page, checkA11y }) => {
  await signIn(page, secondUser.email, secondUser.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Privacy and cookies' })).toHaveAttribute('href', '/privacy');
  await footer.getByRole('link', { name: 'Accessibility statement' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accessibility statement for the pay portal' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible();
  await checkA11y('accessibility statement, signed in');
});
