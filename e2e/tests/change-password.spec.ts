// Changing the password in Settings against the real API: a common password is refused with its
// message, a strong one is taken; the person signs out and signs in with the new password, and the
// old one no longer works. The employee is one of this file's own: an employment record imported for
// Northwind by the real import command on the run's database, then registered and linked as a
// person does, so no other journey's account changes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { readLatestCode, registerAccount, signIn } from '../support/session';

const ROOT = path.resolve(__dirname, '..', '..');
const FIRST_PASSWORD = 'Settings-journey-2026';
const NEW_PASSWORD = 'Mulberry-payslip-ledger-7431';
const COMMON = 'This password is too common. Choose one that is harder to guess.';

const stamp = Date.now();
const employee = {
  employmentId: `em_pw_${stamp}`,
  email: `password.changer.${stamp}@example.com`,
  niNumber: 'AB300001C',
  bankLast4: '2580',
  dob: { day: '09', month: '07', year: '1991' },
};

/** An employment record at Northwind for the employee, by `pnpm --filter api import` on the e2e database. */
function importEmploymentRecord(): void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-import-'));
  const file = path.join(dir, 'employee.json');
  writeFileSync(
    file,
    JSON.stringify({
      employments: [
        {
          employmentId: employee.employmentId,
          employeeName: 'Morgan Keyes',
          email: employee.email,
          mobilePhone: null,
          niNumber: employee.niNumber,
          bankLast4: employee.bankLast4,
          birthDate: `${employee.dob.year}-${employee.dob.month}-${employee.dob.day}`,
          taxCode: '1257L',
          startDate: '2026-09-01',
          endDate: null,
        },
      ],
    }),
  );
  try {
    execFileSync('pnpm', ['--silent', '--filter', 'api', 'run', 'import', file, '--employer', 'er_northwind'], {
      cwd: ROOT,
      env: { ...process.env, SQLITE_PATH: process.env.PORTAL_E2E_DB, LOG_LEVEL: 'warn' },
      stdio: 'pipe',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Registers the employee, links the record by the code e-mailed, confirms their details and accepts the privacy policy: Home. */
async function becomeEmployee(page: Page): Promise<void> {
  await registerAccount(page, { email: employee.email, password: FIRST_PASSWORD, firstName: 'Morgan', lastName: 'Keyes' });
  await expect(page).toHaveURL(/\/setup$/);
  await page.getByRole('link', { name: /Link to your employer/ }).click();
  await page.getByRole('button', { name: 'Send linking code' }).click();
  await page.getByLabel('Digit 1 of 6', { exact: true }).focus();
  await page.keyboard.type(await readLatestCode(page.request, employee.email));
  await page.getByRole('link', { name: /Confirm your information/ }).click();
  await page.getByLabel('National Insurance number', { exact: true }).fill(employee.niNumber);
  await page.getByLabel('Last 4 digits of bank account', { exact: true }).fill(employee.bankLast4);
  await page.getByLabel('Day', { exact: true }).fill(employee.dob.day);
  await page.getByLabel('Month', { exact: true }).fill(employee.dob.month);
  await page.getByLabel('Year', { exact: true }).fill(employee.dob.year);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.getByRole('dialog', { name: 'Privacy policy' }).getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
}

async function fillIn(page: Page, current: string, next: string): Promise<void> {
  await page.getByLabel('Current password', { exact: true }).fill(current);
  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByLabel('Confirm new password', { exact: true }).fill(next);
  await page.getByRole('button', { name: 'Change password' }).click();
}

test('a password changed in Settings: a common one refused with its message, a strong one taken, then signed in with it', async ({
  page,
  visit,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  importEmploymentRecord();
  await becomeEmployee(page);

  await visit('/settings');
  const section = page.getByRole('region', { name: 'Change your password' });
  await expect(section).toBeVisible();

  // One of the most common passwords: refused on its field and in the summary, nothing changed.
  await fillIn(page, FIRST_PASSWORD, 'Qwerty123456');
  const summary = section.getByRole('alert', { name: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: COMMON })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await checkA11y('settings, a common password refused');

  // 'Show password' shows what was typed, and the password is hidden again when sent.
  const newPassword = page.getByLabel('New password', { exact: true });
  await newPassword.fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  const toggle = section.locator(`button[aria-controls="${await newPassword.getAttribute('id')}"]`);
  await toggle.click();
  await expect(newPassword).toHaveAttribute('type', 'text');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByRole('status', { name: 'Your password has been changed' })).toContainText('You have been signed out everywhere else.');
  await expect(newPassword).toHaveAttribute('type', 'password');
  await expect(newPassword).toHaveValue('');
  await checkA11y('settings, password changed');

  // Signed out, the old password no longer signs in; the new one does.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel(/email/i).fill(employee.email);
  await page.getByLabel(/^password/i).fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('The email address or password is not right');

  await signIn(page, employee.email, NEW_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});
