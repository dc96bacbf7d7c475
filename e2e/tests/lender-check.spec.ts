// A lender checks a proof of income: Alex downloads the pack, the verification code is read from the
// PDF's own text, and a fresh browser with no session opens the address printed on the pages (the
// host's server passes /verify to the API), types the code and uploads the file: genuine and
// unchanged; the same file with one byte changed: changed. axe on the form and on each answer.
import { readFile } from 'node:fs/promises';
import { demoUser, PORTAL_URL } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { test, expect } from '../support/fixtures';
import { pdfText } from '../support/pdf-text';
import { chooseEmployment, signIn } from '../support/session';

const CODE = /at (\S+\/verify) with code ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})\./;

test('a lender checks Alex’s proof of income without signing in: genuine as issued, changed once altered', async ({ page, browser, visit }) => {
  await signIn(page, demoUser.email, demoUser.password);
  await chooseEmployment(page, demoUser.activeEmployer);
  await visit('/payslips');
  const downloading = page.waitForEvent('download');
  await page.getByRole('region', { name: 'Proof of income' }).getByRole('button', { name: 'Download proof of income' }).click();
  const pdf = await readFile(await (await downloading).path());

  // The code and the address are on every page; the lender reads them off any one.
  const { pages } = await pdfText(pdf);
  const found = pages.map((text) => CODE.exec(text.replace(/\s+/g, ' ')));
  expect(found.every((match) => match !== null)).toBe(true);
  const [, address, code] = found[0]!;
  expect(address).toBe(`${PORTAL_URL}/verify`);
  expect(new Set(found.map((match) => match![2]))).toEqual(new Set([code]));

  const lender = await browser.newContext();
  try {
    const check = await lender.newPage();
    await check.goto(address!);
    await expect(check.getByRole('heading', { level: 1, name: 'Check a proof of income' })).toBeVisible();
    await expectNoAxeViolations(check, 'the check page');

    await check.getByLabel('Verification code').fill(code!);
    await check.getByLabel('The proof of income PDF').setInputFiles({ name: 'proof-of-income.pdf', mimeType: 'application/pdf', buffer: pdf });
    await check.getByRole('button', { name: 'Check the proof of income' }).click();
    const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(new Date());
    await expect(check.getByRole('status')).toContainText(`Genuine and unchanged: issued by the pay portal on ${today}`);
    // Nothing of Alex or the pay.
    await expect(check.locator('main')).not.toContainText('Alex');
    await expect(check.locator('main')).not.toContainText('£');
    await expectNoAxeViolations(check, 'the answer: genuine');

    const altered = Buffer.from(pdf);
    altered[Math.floor(altered.length / 2)]! ^= 0x01;
    await check.getByLabel('Verification code').fill(code!);
    await check.getByLabel('The proof of income PDF').setInputFiles({ name: 'proof-of-income.pdf', mimeType: 'application/pdf', buffer: altered });
    await check.getByRole('button', { name: 'Check another proof of income' }).click();
    await expect(check.getByRole('status')).toContainText('The code is genuine but this file has been changed since it was issued');
    await expectNoAxeViolations(check, 'the answer: changed');
  } finally {
    await lender.close();
  }
});
