// The employer console against the real API, in Chromium: an admin signs in with the second step,
// invites a new employee by text, who registers and links with the texted code; an employee who locked
// their record with five wrong answers is unlocked by the admin with a reason, and links. Axe runs on
// each console screen.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { demoAdmin, signInAsAdmin } from '../support/admin';
import { readLatestCode, readLatestLink, registerAccount, signIn } from '../support/session';
import { API_URL } from '../support/accounts';

const PASSWORD = 'Console-journey-2026';
/** Two Northwind records no other journey uses (api/README.md "Demo sign-ins"). */
const casey = {
  name: 'Casey Lewis',
  email: 'casey.lewis@example.com',
  phone: '07700900789',
  niNumber: 'AB200001D',
  bankLast4: '2468',
  dob: ['22', '03', '1994'],
};
const robin = { name: 'Robin Hughes', email: 'robin.hughes@example.com', niNumber: 'AB200002D', bankLast4: '1357', dob: ['30', '11', '1979'] };

const CODE_PROMPT = 'Enter the security code sent by email/text';

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: 'http://localhost:8080' });
  return context.newPage();
}

async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Digit 1 of 6', { exact: true }).focus();
  await page.keyboard.type(code);
}

async function confirmIdentity(page: Page, record: { niNumber: string; bankLast4: string; dob: string[] }, bankLast4 = record.bankLast4): Promise<void> {
  await page.getByRole('link', { name: /Confirm your information/ }).click();
  await page.getByLabel('National Insurance number', { exact: true }).fill(record.niNumber);
  await page.getByLabel('Last 4 digits of bank account', { exact: true }).fill(bankLast4);
  await page.getByLabel('Day', { exact: true }).fill(record.dob[0]!);
  await page.getByLabel('Month', { exact: true }).fill(record.dob[1]!);
  await page.getByLabel('Year', { exact: true }).fill(record.dob[2]!);
  await page.getByRole('button', { name: 'Confirm' }).click();
}

/** The newest code sent to `to` (other than `not`), once it is there: codes go out just after the answer. */
async function codeSentTo(request: APIRequestContext, to: string, not?: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      code = await readLatestCode(request, to).catch(() => '');
      return code !== '' && code !== not;
    })
    .toBe(true);
  return code;
}

/** The console's employees table, searched for one name: that person's row. */
async function findEmployee(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search employees' }).fill(name);
  const table = page.getByRole('table', { name: 'Employees' });
  await expect(table.getByRole('row')).toHaveCount(2);
  return table.getByRole('row', { name: new RegExp(name) });
}

/** One payslip row of a payroll export's CSV for a demo record (figures as in api/examples/import.csv). */
function csvRow(
  record: { id: string; name: string; email: string; phone: string; ni: string; bank: string; born: string },
  payslipId: string,
  overrides: Record<string, string> = {},
): string {
  const row: Record<string, string> = {
    employmentId: record.id,
    employeeName: record.name,
    email: record.email,
    mobilePhone: record.phone,
    niNumber: record.ni,
    bankLast4: record.bank,
    birthDate: record.born,
    startDate: '2026-11-02',
    endDate: '',
    payRunId: 'console-2026-11',
    payslipId,
    payDate: '2026-11-27',
    taxCode: '1257L',
    niCategory: 'A',
    taxPeriod: '8',
    basicPayPence: '250000',
    overtimePence: '',
    overtimeHours: '',
    overtimeRatePence: '',
    bonusPence: '',
    grossPence: '250000',
    taxablePence: '237500',
    incomeTaxPence: '26580',
    nationalInsurancePence: '11616',
    pensionPence: '12500',
    studentLoanPence: '',
    totalDeductionsPence: '50696',
    netPence: '199304',
    employerPensionPence: '7500',
    ytdGrossPence: '250000',
    ytdTaxablePence: '237500',
    ytdIncomeTaxPence: '26580',
    ytdNationalInsurancePence: '11616',
    ytdPensionPence: '12500',
    ytdStudentLoanPence: '0',
    ytdNetPence: '199304',
    ...overrides,
  };
  return CSV_COLUMNS.map((column) => row[column] ?? '').join(',');
}
const CSV_COLUMNS = [
  'employmentId',
  'employeeName',
  'email',
  'mobilePhone',
  'niNumber',
  'bankLast4',
  'birthDate',
  'startDate',
  'endDate',
  'payRunId',
  'payslipId',
  'payDate',
  'taxCode',
  'niCategory',
  'taxPeriod',
  'basicPayPence',
  'overtimePence',
  'overtimeHours',
  'overtimeRatePence',
  'bonusPence',
  'grossPence',
  'taxablePence',
  'incomeTaxPence',
  'nationalInsurancePence',
  'pensionPence',
  'studentLoanPence',
  'totalDeductionsPence',
  'netPence',
  'employerPensionPence',
  'ytdGrossPence',
  'ytdTaxablePence',
  'ytdIncomeTaxPence',
  'ytdNationalInsurancePence',
  'ytdPensionPence',
  'ytdStudentLoanPence',
  'ytdNetPence',
];
const caseyRecord = {
  id: 'em_nw_casey',
  name: casey.name,
  email: casey.email,
  phone: casey.phone,
  ni: casey.niNumber,
  bank: casey.bankLast4,
  born: '1994-03-22',
};
const robinRecord = { id: 'em_nw_robin', name: robin.name, email: robin.email, phone: '', ni: robin.niNumber, bank: robin.bankLast4, born: '1979-11-30' };

/** Signs an employee in (a context of its own) and opens their Payslips. */
async function employeePayslips(browser: Browser, email: string): Promise<Page> {
  const page = await newPage(browser);
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto('/payslips');
  return page;
}

test.describe('employer console', () => {
  // Each journey builds on the one before: Casey linked in the first is paid in the third.
  test.describe.configure({ mode: 'serial' });

  test('an admin invites a new employee by text; the employee opens the texted link, registers and links with the texted code', async ({
    page,
    browser,
    request,
    checkA11y,
  }) => {
    test.setTimeout(180_000);
    await signInAsAdmin(page);
    // An admin who is no employee anywhere starts on the console.
    await expect(page).toHaveURL(/\/employer$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Employer console' })).toBeVisible();
    await expect(page.getByText(demoAdmin.employer).first()).toBeVisible();
    const row = await findEmployee(page, casey.name);
    await expect(row).toContainText('Not invited');
    await checkA11y('console: employees');

    await page.getByRole('checkbox', { name: `Select ${casey.name}` }).check();
    await page.getByRole('button', { name: 'Invite by text' }).click();
    await expect(page.getByRole('status', { name: 'Invited 1 employee by text message' })).toBeVisible();
    await expect(row).toContainText('Invited');
    await checkA11y('console: invited');

    // The record's page: its history says who invited, how; never the link itself.
    await row.getByRole('link', { name: casey.name }).click();
    await expect(page).toHaveURL(/\/employer\/employees\//);
    const history = page.getByRole('list', { name: 'History' });
    await expect(history).toContainText(demoAdmin.name);
    await expect(history).not.toContainText('token');
    await checkA11y('console: record');

    // The employee, on their phone: the texted link opens the portal with the invitation token.
    const link = await readLatestLink(request, casey.phone);
    expect(link).toMatch(/^http:\/\/localhost:8080\/\?token=[\w-]+$/);
    const phone = await newPage(browser);
    await phone.goto(link);
    await expect.poll(() => phone.evaluate(() => localStorage.getItem('token'))).toBe(new URL(link).searchParams.get('token'));
    await registerAccount(phone, { email: casey.email, password: PASSWORD, firstName: 'Casey', lastName: 'Lewis', mobilePhone: casey.phone });
    await expect(phone).toHaveURL(/\/setup$/);
    await phone.getByRole('link', { name: /Link to your employer/ }).click();
    await expect(phone.getByText(casey.phone)).toBeVisible();
    await phone.getByRole('button', { name: 'Send linking code' }).click();
    await expect(phone.getByRole('group', { name: CODE_PROMPT })).toBeVisible();
    await typeCode(phone, await readLatestCode(request, casey.phone));
    await expect(phone).toHaveURL(/\/setup$/);
    await confirmIdentity(phone, casey);
    await expect(phone.getByRole('heading', { name: /Success!/ })).toBeVisible();
    await phone.getByRole('link', { name: 'Continue' }).click();
    await phone.getByRole('dialog', { name: 'Privacy policy' }).getByRole('button', { name: 'Accept' }).click();
    await expect(phone.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await phone.context().close();

    // The admin sees the record linked, and the history tells the story.
    await page.reload();
    await expect(history).toContainText(/linked/i);
    await page.getByRole('link', { name: /All employees/ }).click();
    await expect(await findEmployee(page, casey.name)).toContainText('Linked');
  });

  test('an employee locks their record with five wrong answers; the admin unlocks it with a reason; the employee links', async ({
    page,
    browser,
    request,
    checkA11y,
  }) => {
    test.setTimeout(240_000);
    const employee = await newPage(browser);
    await registerAccount(employee, { email: robin.email, password: PASSWORD, firstName: 'Robin', lastName: 'Hughes' });
    await expect(employee).toHaveURL(/\/setup$/);
    await employee.getByRole('link', { name: /Link to your employer/ }).click();
    await employee.getByRole('button', { name: 'Send linking code' }).click();
    await expect(employee.getByRole('group', { name: CODE_PROMPT })).toBeVisible();
    const code = await codeSentTo(request, robin.email);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await expect(employee.getByRole('group', { name: CODE_PROMPT })).toBeVisible();
      await typeCode(employee, code);
      await expect(employee).toHaveURL(/\/setup$/);
      await confirmIdentity(employee, robin, '0000');
      await expect(employee).toHaveURL(/localhost:8080\/$/);
      if (attempt < 5) await employee.getByRole('link', { name: 'Enter your code again' }).click();
    }
    await expect(employee.getByRole('alertdialog', { name: 'Your payroll record is locked' })).toBeVisible();

    // The admin finds the record locked and unlocks it, saying why.
    await signInAsAdmin(page);
    const row = await findEmployee(page, robin.name);
    await expect(row).toContainText('Locked');
    // No mobile number: the row says it cannot be invited by text.
    await expect(row).toContainText(/No mobile number/i);
    await row.getByRole('link', { name: robin.name }).click();
    await expect(page.getByRole('list', { name: 'History' })).toContainText(/locked/i);
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    const form = page.getByRole('region', { name: `Unlock ${robin.name}’s record` });
    await form.getByRole('button', { name: 'Unlock record' }).click();
    await expect(form.getByRole('alert', { name: 'There is a problem' })).toBeFocused();
    await checkA11y('console: unlock errors');
    await form.getByRole('checkbox', { name: 'I have checked this person’s identity' }).check();
    await form.getByRole('textbox', { name: 'Reason' }).fill('Checked passport and bank statement by video call');
    await form.getByRole('button', { name: 'Unlock record' }).click();
    await expect(page.getByRole('status').filter({ hasText: /unlocked/i })).toBeVisible();
    await expect(page.getByRole('list', { name: 'History' })).toContainText('Checked passport and bank statement by video call');
    await checkA11y('console: unlocked');

    // The employee is told by e-mail, and links this time.
    await expect
      .poll(async () => (await request.get('http://127.0.0.1:4000/dev/outbox.json', { params: { to: robin.email } })).json())
      .toEqual(expect.arrayContaining([expect.objectContaining({ subject: expect.stringMatching(/try again|unlocked/i) })]));
    await employee.goto('/setup/link');
    await employee.getByRole('button', { name: /Send linking code|Resend linking code/ }).click();
    await expect(employee.getByRole('group', { name: CODE_PROMPT })).toBeVisible();
    await typeCode(employee, await codeSentTo(request, robin.email, code));
    await expect(employee).toHaveURL(/\/setup$/);
    await confirmIdentity(employee, robin);
    await expect(employee.getByRole('heading', { name: /Success!/ })).toBeVisible();
    await employee.context().close();

    // The audit log names the unlock, and its CSV downloads.
    await page.getByRole('navigation', { name: 'Employer console' }).getByRole('link', { name: 'Audit log' }).click();
    const audit = page.getByRole('table');
    await expect(audit).toContainText('Checked passport and bank statement by video call');
    await checkA11y('console: audit log');
    await page.getByRole('navigation', { name: 'Employer console' }).getByRole('link', { name: 'Admins' }).click();
    await expect(page.getByText(demoAdmin.email)).toBeVisible();
    await checkA11y('console: admins');
  });
  test('a CSV pay run with two bad rows is refused with both named, then published fixed; the employee sees the payslip', async ({
    page,
    browser,
    checkA11y,
  }) => {
    test.setTimeout(180_000);
    await signInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Employer console' }).getByRole('link', { name: 'Publish' }).click();
    const section = page.getByRole('region', { name: 'Publish a pay run' });
    const header = CSV_COLUMNS.join(',');
    const bad = [header, csvRow(caseyRecord, 'console-casey', { netPence: '199305' }), csvRow(robinRecord, 'console-robin', { payDate: '2026-13-40' })].join(
      '\n',
    );
    await section.getByLabel('Pay run file').setInputFiles({ name: 'november.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await section.getByRole('button', { name: 'Check the file' }).click();
    const problems = section.getByRole('table', { name: /problems? to correct/ });
    await expect(problems).toBeVisible();
    await expect(problems.getByRole('row', { name: /netPence/ })).toContainText('1');
    await expect(problems.getByRole('row', { name: /payDate/ })).toContainText('2');
    await expect(section.getByRole('button', { name: 'Publish pay run' })).toBeDisabled();
    await checkA11y('console: pay run with problems');

    const good = [header, csvRow(caseyRecord, 'console-casey'), csvRow(robinRecord, 'console-robin')].join('\n');
    await section.getByLabel('Pay run file').setInputFiles({ name: 'november-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await section.getByRole('button', { name: 'Check the file' }).click();
    const preview = section.getByRole('region', { name: 'Preview of november-fixed.csv' });
    await expect(preview).toContainText('Employees2');
    await expect(preview).toContainText('£5,000.00');
    await checkA11y('console: pay run preview');
    await preview.getByRole('button', { name: 'Publish pay run' }).click();
    await expect(section.getByRole('status', { name: 'Pay run published' })).toContainText('2 payslips published.');

    const employee = await employeePayslips(browser, casey.email);
    await expect(employee.getByText(/£1,993\.04/).first()).toBeVisible();
    await employee.context().close();
  });

  test('a key is created, publishes a pay run through the employer API, is revoked, and is refused', async ({ page, request, checkA11y }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Employer console' }).getByRole('link', { name: 'API keys' }).click();
    const form = page.getByRole('region', { name: 'Create a key' });
    await form.getByRole('textbox', { name: 'Name (optional)' }).fill('Payroll software');
    await form.getByRole('button', { name: 'Create a key' }).click();
    const panel = page.getByRole('region', { name: 'Your new key' });
    const secret = await panel.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(secret.length).toBeGreaterThan(20);
    await checkA11y('console: new key');
    await panel.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.getByText(secret)).toHaveCount(0);

    const payRun = (payslipId: string) => ({
      payslips: [
        {
          payslipId,
          employmentId: 'em_nw_casey',
          payDate: '2026-12-18',
          taxCode: '1257L',
          niCategory: 'A',
          taxPeriod: 9,
          earnings: [{ kind: 'basic', name: 'Basic salary', amountPence: 250000 }],
          grossPence: 250000,
          taxablePence: 237500,
          deductions: [
            { name: 'Income Tax', amountPence: 26580 },
            { name: 'National Insurance', amountPence: 11616 },
            { name: 'Pension', amountPence: 12500 },
          ],
          totalDeductionsPence: 50696,
          netPence: 199304,
          yearToDate: {
            grossPence: 500000,
            taxablePence: 475000,
            incomeTaxPence: 53160,
            nationalInsurancePence: 23232,
            pensionPence: 25000,
            studentLoanPence: 0,
            netPence: 398608,
          },
        },
      ],
    });
    const put = (id: string) =>
      request.put(`${API_URL}/employer-api/v1/pay-runs/${id}`, { headers: { authorization: `Bearer ${secret}` }, data: payRun(`${id}-casey`) });
    const published = await put('console-key-2026-12');
    expect(published.status(), await published.text()).toBeLessThan(300);

    // The list says when the key was last used.
    await page.reload();
    const row = page.getByRole('row', { name: /Payroll software/ });
    await expect(row).not.toContainText('Never');
    await row.getByRole('button', { name: /Revoke key Payroll software/ }).click();
    await page.getByRole('button', { name: 'Yes, revoke the key' }).click();
    // Revoked: the row gains its revocation time and loses its Revoke button.
    await expect(row.getByRole('button', { name: /Revoke key/ })).toHaveCount(0);
    expect((await put('console-key-2026-12-b')).status()).toBe(401);
  });
});
