// A person's own data in Settings, against the real API: "Download my data" saves one ZIP (listed
// here: a README, my-data.json, every payslip and document as a PDF in a folder per employer), and
// "Close your account" ends a freshly registered and linked account (a record of its own, made
// through the employer API): signed out to the confirmation page, its password then refused.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import type { Page } from '@playwright/test';
import { API_URL, demoUser } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { chooseEmployment, readLatestCode, registerAccount, signIn } from '../support/session';

const ROOT = path.resolve(__dirname, '..', '..');

/** The names and first bytes of every entry of a ZIP file, in order. */
function listZip(bytes: Buffer): Promise<{ name: string; content: Buffer }[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (error, zip?: ZipFile) => {
      if (error || !zip) return reject(error);
      const entries: { name: string; content: Buffer }[] = [];
      zip.on('entry', (entry: Entry) =>
        zip.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError);
          void buffer(stream).then((content) => {
            entries.push({ name: entry.fileName, content });
            zip.readEntry();
          }, reject);
        }),
      );
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A key for Northwind, made by the real command on the database the e2e API uses. */
function northwindKey(): string {
  const out = execFileSync('pnpm', ['--silent', '--filter', 'api', 'employer-key', 'create', 'er_northwind'], {
    cwd: ROOT,
    env: { ...process.env, SQLITE_PATH: process.env.PORTAL_E2E_DB, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  const key = out.split('\n').find((line) => /^ek_[0-9a-f]+\./.test(line.trim()));
  if (!key) throw new Error(`no key printed:\n${out}`);
  return key.trim();
}

async function openSettings(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

test('Download my data: one ZIP of the profile, the employments and every payslip and document', async ({ page, checkA11y }) => {
  test.setTimeout(120_000);
  await signIn(page, demoUser.email, demoUser.password);
  await chooseEmployment(page, demoUser.activeEmployer);
  await openSettings(page);
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toContainText('my-data.json');
  await checkA11y('settings: your data');

  const saving = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data (ZIP)' }).click();
  const download = await saving;
  expect(download.suggestedFilename()).toMatch(/^\d{4}-\d{2}-\d{2} My pay portal data\.zip$/);
  const entries = await listZip(await readFile(await download.path()));
  const names = entries.map((entry) => entry.name);
  expect(names.slice(0, 2)).toEqual(['README.txt', 'my-data.json']);
  expect(names).toEqual(
    expect.arrayContaining([
      `${demoUser.activeEmployer}/2026-10-30 Payslip - ${demoUser.activeEmployer}.pdf`,
      `${demoUser.activeEmployer}/2025-26 P60 - ${demoUser.activeEmployer}.pdf`,
      `${demoUser.endedEmployer}/2024-25 P45 - ${demoUser.endedEmployer}.pdf`,
    ]),
  );
  for (const entry of entries.slice(2))
    expect({ name: entry.name, head: entry.content.subarray(0, 5).toString('latin1') }).toEqual({ name: entry.name, head: '%PDF-' });
  const data = JSON.parse(entries[1]!.content.toString('utf8')) as {
    profile: { signIn: { email: string } };
    employments: { employer: string; files: string[] }[];
  };
  expect(data.profile.signIn.email).toBe(demoUser.email);
  expect(data.employments.map((e) => e.employer)).toEqual([demoUser.activeEmployer, demoUser.endedEmployer]);
  expect(data.employments.flatMap((e) => e.files)).toEqual(names.slice(2));
});

test('Close your account: a freshly linked account ends, is signed out to the confirmation, and its password no longer signs in', async ({
  page,
  request,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const person = { email: `leaver.${stamp}@example.com`, password: `Leaving-the-portal-${stamp}`, firstName: 'Lee', lastName: 'Leaver' };
  const record = { niNumber: 'AB300001C', bankLast4: '1357', dob: { day: '09', month: '03', year: '1991' } };

  // A record of its own at Northwind, as payroll software makes one.
  const made = await request.put(`${API_URL}/employer-api/v1/employments/E2E-LEAVER-${stamp}`, {
    headers: { authorization: `Bearer ${northwindKey()}` },
    data: {
      employeeName: 'Lee Leaver',
      email: person.email,
      niNumber: record.niNumber,
      bankLast4: record.bankLast4,
      birthDate: `${record.dob.year}-${record.dob.month}-${record.dob.day}`,
      taxCode: '1257L',
      startDate: '2024-09-02',
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  expect(await made.json()).toMatchObject({ created: true });

  // Registered and linked as a person does it.
  expect(await registerAccount(page, person)).toBe('registered');
  await page.getByRole('link', { name: /Link to your employer/ }).click();
  await page.getByRole('button', { name: 'Send linking code' }).click();
  await page.getByLabel('Digit 1 of 6', { exact: true }).focus();
  await page.keyboard.type(await readLatestCode(request, person.email));
  await page.getByRole('link', { name: /Confirm your information/ }).click();
  await page.getByLabel('National Insurance number', { exact: true }).fill(record.niNumber);
  await page.getByLabel('Last 4 digits of bank account', { exact: true }).fill(record.bankLast4);
  await page.getByLabel('Day', { exact: true }).fill(record.dob.day);
  await page.getByLabel('Month', { exact: true }).fill(record.dob.month);
  await page.getByLabel('Year', { exact: true }).fill(record.dob.year);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Success!/ })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.getByRole('dialog', { name: 'Privacy policy' }).getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  await openSettings(page);
  const closing = page.getByRole('region', { name: 'Close your account' });
  await closing.getByRole('button', { name: 'Close my account' }).click();
  await expect(closing.getByRole('heading', { name: 'What happens when you close your account' })).toBeFocused();
  await expect(closing).toContainText('Northwind Logistics Ltd keeps your payslips for 6 years after they were issued, as the law on pay records requires.');
  await expect(closing).toContainText('You cannot undo this.');
  await checkA11y('settings: close your account');

  await closing.getByRole('button', { name: 'Email me a code' }).click();
  await expect(closing.getByRole('status')).toContainText(`We have sent a code to ${person.email}.`);
  await closing.getByRole('textbox', { name: 'Code from the email' }).fill(await readLatestCode(request, person.email));
  await closing.getByLabel('Password', { exact: true }).fill(person.password);
  await closing.getByRole('button', { name: 'Close my account permanently' }).click();

  await page.waitForURL(/\/account\/closed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is closed' })).toBeVisible();
  await checkA11y('account closed');
  // Signed out on this device too: the portal shows its signed-out page, and the old password is refused.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel(/email/i).fill(person.email);
  await page.getByLabel(/^password/i).fill(person.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('The email address or password is not right').first()).toBeVisible();
  await expect(page).toHaveURL(/\/account\/sign-in/);
});
