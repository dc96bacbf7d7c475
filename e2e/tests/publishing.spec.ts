// An employer publishes a payslip through its API while the employee is signed in. The
// notice reaches the employee's outbox (sent by the API's poller after the publication committed,
// with no pay figure in it), and the payslip is the one on Home after a reload. Sam at Brightwater
// (one employment, so the host goes straight to Home); the pay run gets a new date after Sam's
// latest payslip, so it becomes the latest.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { API_URL, secondUser } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { signIn } from '../support/session';

const ROOT = path.resolve(__dirname, '..', '..');
const money = (pounds: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pounds);
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

/** A key for Brightwater, made by the real command on the database the e2e API uses. */
function brightwaterKey(): string {
  const out = execFileSync('pnpm', ['--silent', '--filter', 'api', 'employer-key', 'create', 'er_brightwater'], {
    cwd: ROOT,
    env: { ...process.env, SQLITE_PATH: process.env.PORTAL_E2E_DB, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  const key = out.split('\n').find((line) => /^ek_[0-9a-f]+\./.test(line.trim()));
  if (!key) throw new Error(`no key printed:\n${out}`);
  return key.trim();
}

/** UK tax month of a date: 1 from 6 April to 5 May, … 12 from 6 March to 5 April. */
function taxMonth(iso: string): number {
  const [, month, day] = iso.split('-').map(Number) as [number, number, number];
  const fromApril = month - 4 - (day < 6 ? 1 : 0);
  return (((fromApril % 12) + 12) % 12) + 1;
}

async function latestPayDate(page: Page): Promise<string> {
  const authorised = JSON.parse(((await (await page.request.get('/api/users/authorised')).json()) as { data: string }).data) as {
    data: { userID: string; employments: { ID: string }[] }[];
  };
  const [me] = authorised.data;
  const res = await page.request.get(`/api/users/${me!.userID}/employments/${me!.employments[0]!.ID}/payslips`);
  const payslips = (JSON.parse(((await res.json()) as { data: string }).data) as { data: { payDate: string }[] }).data;
  return payslips
    .map((p) => p.payDate.slice(0, 10))
    .sort()
    .at(-1)!;
}

test('a payslip published through the employer API while Sam is signed in: the notice in the outbox, the payslip on Home after a reload', async ({
  page,
  request,
  checkA11y,
}) => {
  test.setTimeout(120_000);
  const key = brightwaterKey();
  await signIn(page, secondUser.email, secondUser.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  const payDate = new Date(Date.parse(`${await latestPayDate(page)}T00:00:00Z`) + 31 * 86_400_000).toISOString().slice(0, 10);
  const id = `E2E-${Date.now()}`;
  const payslip = {
    payslipId: id,
    employmentId: 'em_sam_brightwater',
    payDate,
    taxCode: '1257L',
    niCategory: 'A',
    taxPeriod: taxMonth(payDate),
    earnings: [{ kind: 'basic', name: 'Basic salary', amountPence: 312_345 }],
    grossPence: 312_345,
    taxablePence: 312_345,
    deductions: [
      { name: 'Income Tax', amountPence: 41_519 },
      { name: 'National Insurance', amountPence: 16_608 },
    ],
    totalDeductionsPence: 58_127,
    netPence: 254_218,
    yearToDate: {
      grossPence: 312_345 * 12,
      taxablePence: 312_345 * 12,
      incomeTaxPence: 41_519 * 12,
      nationalInsurancePence: 16_608 * 12,
      pensionPence: 0,
      studentLoanPence: 0,
      netPence: 254_218 * 12,
    },
  };
  const published = await request.put(`${API_URL}/employer-api/v1/pay-runs/${id}`, {
    headers: { authorization: `Bearer ${key}` },
    data: { payslips: [payslip] },
  });
  expect(published.status(), await published.text()).toBe(201);

  // The API's poller sends the notice after the commit: once, to Sam's notification address.
  const notices = async () => {
    const res = await request.get(`${API_URL}/dev/outbox.json`, { params: { to: secondUser.email } });
    const messages = (await res.json()) as { subject: string; body: string }[];
    return messages.filter((m) => m.subject === 'Your new payslip is ready' && m.body.includes(longDate(payDate)));
  };
  await expect.poll(async () => (await notices()).length, { timeout: 20_000 }).toBe(1);
  const [notice] = await notices();
  expect(notice!.body).toContain('Your payslip from Brightwater Foods plc');
  expect(notice!.body).not.toMatch(/£|2,542\.18|3,123\.45/);

  await page.reload();
  const card = page.getByRole('region', { name: 'Latest Payslip' });
  await card.getByRole('button', { name: 'Show' }).click();
  const shown = card.getByRole('group', { name: 'Latest payslip figures' });
  await expect(shown).toContainText(longDate(payDate));
  await expect(shown).toContainText(money(2542.18));
  await checkA11y('home after a payslip was published');
});
