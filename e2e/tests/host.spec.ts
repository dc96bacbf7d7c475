// The host's part of spec sections 2 and 4 end to end: where each sign-in state lands, the shell
// on a phone, the support pages and signing out.
import { demoUser, secondUser } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { chooseEmployment, registerAccount, signIn } from '../support/session';

test('a user with one employment lands on Home, with the shell, and signs out to the landing page', async ({ page, checkA11y, visit }) => {
  await signIn(page, secondUser.email, secondUser.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page).toHaveURL(/localhost:8080\/$/);
  await expect(page.getByRole('banner')).toContainText(secondUser.employer);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Add company' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Payslips' })).toBeVisible();
  await checkA11y('home (one employment)');

  // Any unknown path comes back to Home, keeping the token parameter.
  await page.goto('/no-such-page?token=abc');
  await expect(page).toHaveURL(/localhost:8080\/\?token=abc$/);

  await nav.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
  await visit('/');
  // Signed out again: a signed-in path goes back to the landing page.
  await page.goto('/payslips');
  await expect(page).toHaveURL(/localhost:8080\/$/);
});

test('a user with several employments sees the picker, then Home with Change company', async ({ page, checkA11y }) => {
  await signIn(page, demoUser.email, demoUser.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Select your account' })).toBeVisible();
  await checkA11y('account picker');
  await chooseEmployment(page, demoUser.activeEmployer);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Change company' })).toBeVisible();
  // The choice is remembered across a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});

test('a new account with no employment is sent to the set-up checklist', async ({ page, checkA11y, visit }) => {
  await registerAccount(page, {
    email: `host-check-${Date.now()}@example.com`,
    password: 'correct horse battery staple',
    firstName: 'Jamie',
    lastName: 'Rivers',
  });
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole('heading', { level: 1, name: /Set up your account\./ })).toBeVisible();
  await checkA11y('setup checklist');
  // Not linked: support shows the FAQs only.
  await visit('/support');
  await expect(page.getByRole('link', { name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact details' })).toHaveCount(0);
});

test('on a phone the navigation is a drawer that works by keyboard', async ({ page, checkA11y }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, secondUser.email, secondUser.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await menu.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await checkA11y('drawer open');
  await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(drawer.getByRole('button', { name: 'Sign out' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();

  await menu.click();
  await drawer.getByRole('link', { name: 'Payslips' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/payslips$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payslips' })).toBeVisible();
});

test('support, FAQs and contact details for a linked account', async ({ page, visit, checkA11y }) => {
  await signIn(page, secondUser.email, secondUser.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await visit('/support');
  await expect(page.getByRole('link', { name: 'Chat with the team' })).toHaveAttribute('href', /^mailto:/);
  await page.getByRole('link', { name: 'Frequently asked questions' }).click();
  const questions = page.getByRole('main').getByRole('button', { expanded: false });
  await expect(questions).toHaveCount(5);
  await questions.first().click();
  await expect(page.getByRole('main').getByRole('button', { expanded: true })).toHaveCount(1);
  await checkA11y('FAQs with an answer open');
  await page.getByRole('link', { name: 'Go back' }).click();
  await page.getByRole('link', { name: 'Contact details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact details' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^mailto|@/ })).toBeVisible();
  await checkA11y('contact details');
});
