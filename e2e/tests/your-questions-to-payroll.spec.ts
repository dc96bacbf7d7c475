// Named to run after screens.spec.ts (files run in name order on one database): the answered question it leaves in Alex's Recent updates and the console must not reach the reviewed screenshots.
// Asking payroll about a payslip line, against the real API in Chromium: Alex asks about the Income
// Tax on his latest Northwind payslip; Northwind's admin, signed in with the second step, answers in
// the console; Alex sees the notice in Recent Updates and the answer beside the payslip. Axe runs on
// each new screen. Home never loads the chunk of the question form and thread.
import type { Browser, Page } from '@playwright/test';
import { demoUser } from '../support/accounts';
import { demoAdmin, signInAsAdmin } from '../support/admin';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { chooseEmployment, signIn } from '../support/session';

type Payslip = { ID: string; payDate: string };

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: 'http://localhost:8080' });
  return context.newPage();
}

/** The inner `data` of an enveloped `/api/users/...` answer, read with the page's session. */
async function readEnvelope<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  const body = (await response.json()) as { data: string };
  return (JSON.parse(body.data) as { data: T }).data;
}

test('Alex asks payroll about a line, the admin answers in the console, and Alex reads the answer', async ({ page, browser, checkA11y }) => {
  const question = `Why did my Income Tax change this month? (${Date.now()})`;
  const answer = 'Your tax code changed in October, so less of your pay is tax-free.';

  // Alex: Home loads nothing of asking payroll; the latest Northwind payslip, 'Ask payroll about this' on Income Tax.
  const askChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/ask-payroll\.[0-9a-f]+\.js$/.test(request.url())) askChunks.push(request.url());
  });
  await signIn(page, demoUser.email, demoUser.password);
  await chooseEmployment(page, demoUser.activeEmployer);
  await expect(page.getByRole('region', { name: 'Recent Updates' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(askChunks, 'the ask-payroll chunk on Home').toEqual([]);
  const ids = await page.evaluate(() => ({ userId: localStorage.getItem('currentUserID'), employmentId: localStorage.getItem('employmentID') }));
  const [latest] = await readEnvelope<Payslip[]>(page, `/api/users/${ids.userId}/employments/${ids.employmentId}/payslips`);
  await page.goto(`/payslips/${latest!.ID}`);
  await page.getByRole('region', { name: 'Deductions' }).getByRole('button', { name: 'Ask payroll about this: Income Tax' }).click();
  const form = page.getByRole('region', { name: 'Ask payroll about Income Tax' });
  await expect(form.getByRole('heading', { name: 'Ask payroll about Income Tax' })).toBeFocused();
  await expect(form).toContainText('Income Tax: £');
  expect(askChunks, 'the ask-payroll chunk, once on the payslip page').toHaveLength(1);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert', { name: 'There is a problem' })).toContainText('Enter your question');
  await checkA11y('the question form, refused');
  await form.getByRole('textbox', { name: 'Your question' }).fill(question);
  await expect(form).toContainText(`You have ${1000 - question.length} characters remaining`);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status', { name: 'Question sent' })).toBeVisible();
  const thread = page.getByRole('region', { name: 'Your questions to payroll' });
  await expect(thread.getByRole('listitem').filter({ hasText: question })).toContainText('Waiting for an answer from payroll.');
  await checkA11y('the payslip with a question sent');

  // The admin: the Questions page of the console, the answer.
  const admin = await newPage(browser);
  await signInAsAdmin(admin);
  await admin.goto('/employer/questions');
  await expect(admin.getByText(demoAdmin.employer).first()).toBeVisible();
  await expect(admin.getByRole('navigation', { name: 'Employer console' }).getByRole('link', { name: 'Questions' })).toHaveAttribute('aria-current', 'page');
  const asked = admin
    .getByRole('region', { name: /Waiting for an answer/ })
    .getByRole('listitem')
    .filter({ hasText: question });
  await expect(asked).toContainText('Income Tax: £');
  await checkA11yOf(admin, 'the console questions');
  await asked.getByRole('textbox', { name: 'Your answer' }).fill(answer);
  await asked.getByRole('button', { name: 'Send answer' }).click();
  await expect(admin.getByRole('status', { name: 'Answer sent' })).toBeVisible();
  await expect(
    admin
      .getByRole('region', { name: /Answered/ })
      .getByRole('listitem')
      .filter({ hasText: question }),
  ).toContainText(answer);
  await checkA11yOf(admin, 'the console questions, one answered');
  await admin.context().close();

  // Alex: the notice in Recent Updates, and the answer beside the payslip.
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Recent Updates' })).toContainText('Payroll answered your question about Income Tax');
  await checkA11y('Home with the answer notice');
  await page.goto(`/payslips/${latest!.ID}`);
  const answered = page.getByRole('region', { name: 'Your questions to payroll' }).getByRole('listitem').filter({ hasText: question });
  await expect(answered).toContainText('Answered by payroll on');
  await expect(answered).toContainText(answer);
  await checkA11y('the payslip with its answer');
});

/** Axe on another page than the test's own (the admin's, in a context of its own). */
async function checkA11yOf(page: Page, label: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page, label);
}
