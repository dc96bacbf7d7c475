// remote-pay against the real API: Home (the 'Latest Payslip' card and 'Recent Updates'), the
// payslips list (/payslips) and the payslip detail (/payslips/{id}). Alex picks 'Northwind Logistics
// Ltd' on the account picker; the expected figures are read from the API with the page's own session.
// Nothing here changes data.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { demoUser, weeklyUser } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { pdfText } from '../support/pdf-text';
import { chooseEmployment, signIn } from '../support/session';

type Payslip = { ID: string; payDate: string; netPay: number; grossPay: number; totalDeductions: number };
type RecentUpdate = { ID: string; updateHeader: string; updateFrom: string; created: string };

const money = (pounds: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pounds);
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
const shortDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

/** The inner `data` of an enveloped `/api/users/...` answer, read with the page's session. */
async function readEnvelope<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  const body = (await response.json()) as { data: string };
  return (JSON.parse(body.data) as { data: T }).data;
}

/** Signs Alex in and picks Northwind on the account picker; returns the ids the pages use. */
async function openNorthwind(page: Page, checkA11y: (label?: string) => Promise<void>) {
  await signIn(page, demoUser.email, demoUser.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Select your account' })).toBeVisible();
  await checkA11y('account picker');
  await chooseEmployment(page, demoUser.activeEmployer);
  const ids = await page.evaluate(() => ({ userId: localStorage.getItem('currentUserID'), employmentId: localStorage.getItem('employmentID') }));
  if (!ids.userId || !ids.employmentId) throw new Error('The picker did not store the user and employment');
  const base = `/api/users/${ids.userId}/employments/${ids.employmentId}`;
  const payslips = await readEnvelope<Payslip[]>(page, `${base}/payslips`);
  const updates = await readEnvelope<RecentUpdate[]>(page, `${base}/updates`);
  expect(payslips.length, 'the demo employment has a year of payslips').toBeGreaterThan(2);
  return { ...ids, payslips, updates };
}

/** The figures of a payslip card (its dt/dd pairs), term -> value. */
async function figures(page: Page, container: ReturnType<Page['locator']>): Promise<Record<string, string>> {
  return container.evaluate((element) =>
    Object.fromEntries(Array.from(element.querySelectorAll('dt')).map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? ''])),
  );
}

test('Home: the latest payslip is hidden until Show, Highcharts loads only then, and Recent Updates are listed', async ({ page, checkA11y }) => {
  const highchartsRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/highcharts(\.[^/]+)?\.js$/.test(new URL(request.url()).pathname)) highchartsRequests.push(request.url());
  });
  const { payslips, updates } = await openNorthwind(page, checkA11y);
  const [latest] = payslips;
  if (!latest) throw new Error('no payslips');

  const card = page.getByRole('region', { name: 'Latest Payslip' });
  await expect(card.getByText('Warning: Sensitive')).toBeVisible();
  await expect(card.getByText('The following contains sensitive information')).toBeVisible();
  await expect(card.getByText(money(latest.netPay))).toHaveCount(0);
  await checkA11y('home, card hidden');
  expect(highchartsRequests, 'Highcharts is not part of the first page').toEqual([]);

  // Recent Updates: header, source and created date ('31 Oct 2026') of each update.
  const recent = page.getByRole('region', { name: 'Recent Updates' });
  if (updates.length > 0) {
    await expect(recent.getByText("See what's changed.")).toBeVisible();
    const items = recent.getByRole('listitem');
    await expect(items).toHaveCount(updates.length);
    const [first] = updates;
    await expect(items.first().getByRole('heading', { name: first!.updateHeader })).toBeVisible();
    await expect(items.first()).toContainText(first!.updateFrom);
    await expect(items.first()).toContainText(shortDate(first!.created));
  } else {
    await expect(recent).toHaveCount(0);
  }

  await card.getByRole('button', { name: 'Show' }).click();
  const shown = card.getByRole('group', { name: 'Latest payslip figures' });
  await expect(shown).toBeFocused();
  await expect
    .poll(() => figures(page, shown))
    .toEqual({
      'Net pay': money(latest.netPay),
      'Pay date': longDate(latest.payDate),
      'Gross pay': money(latest.grossPay),
      'Total deductions': money(latest.totalDeductions),
    });
  const chart = shown.getByRole('img', {
    name: `Net pay ${money(latest.netPay)} of gross pay ${money(latest.grossPay)}; deductions ${money(latest.totalDeductions)}`,
  });
  await expect(chart.locator('svg .highcharts-point')).toHaveCount(2);
  expect(highchartsRequests).toHaveLength(1);
  await checkA11y('home, card shown');

  await card.getByRole('button', { name: 'Hide' }).click();
  await expect(card.getByText('Warning: Sensitive')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Show' })).toBeFocused();
  await card.getByRole('button', { name: 'Show' }).click();
  await card.getByRole('link', { name: 'View more details' }).click();
  await expect(page).toHaveURL(new RegExp(`/payslips/${latest.ID}$`));
  await expect(page.getByRole('heading', { level: 1, name: longDate(latest.payDate) })).toBeVisible();
  await checkA11y('payslip detail');
});

test("Payslip detail: the explained payslip — pay details, earnings, HMRC's month-1 code explained, and What is this? by keyboard", async ({
  page,
  checkA11y,
}) => {
  const { payslips } = await openNorthwind(page, checkA11y);
  type Explained = Payslip & { taxCode: string; taxPeriod: number; earnings: { name: string; amount: number; hours?: number; rate?: number }[] };
  const explained = payslips as Explained[];
  const withOvertime = explained.find((payslip) => payslip.earnings.some((line) => line.hours !== undefined));
  const nonCumulative = explained.find((payslip) => / (M1|W1|X)$/.test(payslip.taxCode));
  if (!withOvertime || !nonCumulative) throw new Error('the demo has a month with overtime and a month-1 code');

  await page.goto(`/payslips/${withOvertime.ID}`);
  const details = page.getByRole('region', { name: 'Pay details' });
  await expect(details).toContainText('Northwind Logistics Ltd');
  await expect(details).toContainText(`Month ${withOvertime.taxPeriod}`);
  await expect(details.getByRole('link', { name: 'Check your tax code with HMRC' })).toHaveAttribute(
    'href',
    'https://www.gov.uk/check-income-tax-current-year',
  );
  await expect(details).toContainText(withOvertime.taxCode);
  const overtime = withOvertime.earnings.find((line) => line.hours !== undefined)!;
  const earnings = page.getByRole('region', { name: 'Earnings' });
  await expect(earnings).toContainText(`${overtime.name} (${overtime.hours} hours × ${money(overtime.rate!)})`);
  await expect(earnings).toContainText(`Gross pay${money(withOvertime.grossPay)}`);
  await checkA11y('explained payslip');

  // Keyboard only: Tab reaches 'What is this?' for the tax code, Enter opens it.
  const help = details.locator('summary', { hasText: 'Tax code' });
  for (let step = 0; step < 30 && !(await help.evaluate((element) => element === document.activeElement)); step += 1) await page.keyboard.press('Tab');
  await expect(help).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(details.getByText(/before you pay Income Tax/)).toBeVisible();
  await checkA11y('explained payslip, help open');

  // 1097L M1 is a code HMRC issued, worked out on each month alone: explained, not flagged as an emergency.
  await page.goto(`/payslips/${nonCumulative.ID}`);
  const monthOne = page.getByRole('region', { name: 'Pay details' });
  await expect(monthOne).toContainText(nonCumulative.taxCode);
  await expect(monthOne.getByRole('status')).toHaveCount(0);
  await monthOne.locator('summary', { hasText: 'Tax code' }).click();
  await expect(monthOne.getByText(/worked out on each pay period alone \(non-cumulative\)/)).toBeVisible();
  await checkA11y('explained payslip, month-1 code');
});

test('Payslip detail: What changed says how net pay moved since the payslip before, and why', async ({ page, checkA11y }) => {
  const { payslips } = await openNorthwind(page, checkA11y);
  // The payslip whose pay before deductions rose most over the one before it (the demo's December bonus).
  const pairs = payslips.slice(0, -1).map((payslip, index) => ({ payslip, previous: payslips[index + 1]! }));
  const { payslip, previous } = pairs.reduce((best, pair) =>
    pair.payslip.grossPay - pair.previous.grossPay > best.payslip.grossPay - best.previous.grossPay ? pair : best,
  );
  const grossRise = Math.round((payslip.grossPay - previous.grossPay) * 100) / 100;
  const netChange = Math.round((payslip.netPay - previous.netPay) * 100) / 100;
  expect(grossRise, 'the demo has a month with more pay').toBeGreaterThan(0);

  await page.goto(`/payslips/${payslip.ID}`);
  const changes = page.getByRole('region', { name: 'What changed' });
  await expect(changes).toContainText(
    `Your net pay is ${money(Math.abs(netChange))} ${netChange >= 0 ? 'more' : 'less'} than on your payslip of ${longDate(previous.payDate)}.`,
  );
  // The one earnings line that grew (overtime, a bonus) leads, its effect the whole rise in pay.
  const first = changes.getByRole('list', { name: 'Changes, largest first' }).getByRole('listitem').first();
  await expect(first).toContainText(`${money(grossRise)} more in your pay`);
  await checkA11y('payslip detail, what changed');

  const oldest = payslips[payslips.length - 1]!;
  await page.goto(`/payslips/${oldest.ID}`);
  await expect(page.getByRole('heading', { level: 1, name: longDate(oldest.payDate) })).toBeVisible();
  await expect(page.getByRole('region', { name: 'What changed' })).toHaveCount(0);
});

test('Payslip detail: previous and next, and View payslip saves the real PDF as Payslip.pdf', async ({ page, checkA11y }) => {
  const { payslips } = await openNorthwind(page, checkA11y);
  const [newest, older, oldest] = payslips;
  if (!newest || !older || !oldest) throw new Error('not enough payslips');

  await page.getByRole('button', { name: 'Show' }).click();
  await page.getByRole('link', { name: 'View more details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: longDate(newest.payDate) })).toBeVisible();
  const card = page.getByRole('region', { name: 'Payslip summary' });
  await expect.poll(() => figures(page, card)).toMatchObject({ 'Net pay': money(newest.netPay), 'Pay date': longDate(newest.payDate) });
  const deductions = page.getByRole('region', { name: 'Deductions' });
  await expect(deductions.locator('dt', { hasText: 'Income Tax' })).toBeVisible();
  await expect(deductions.locator('dt', { hasText: 'National Insurance' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Other' })).toBeVisible();
  await checkA11y('payslip detail, newest');

  // The newest has no next payslip; previous goes one older.
  const others = page.getByRole('navigation', { name: 'Other payslips' });
  await expect(others.getByRole('link', { name: /Next payslip/ })).toHaveCount(0);
  await others.getByRole('link', { name: `Previous payslip ${longDate(older.payDate)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/payslips/${older.ID}$`));
  await expect(page.getByRole('heading', { level: 1, name: longDate(older.payDate) })).toBeFocused();
  await expect.poll(() => figures(page, card)).toMatchObject({ 'Net pay': money(older.netPay) });
  await expect(others.getByRole('link', { name: `Next payslip ${longDate(newest.payDate)}` })).toBeVisible();
  await checkA11y('payslip detail, previous');

  await others.getByRole('link', { name: `Previous payslip ${longDate(oldest.payDate)}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: longDate(oldest.payDate) })).toBeVisible();
  await others.getByRole('link', { name: `Next payslip ${longDate(older.payDate)}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: longDate(older.payDate) })).toBeVisible();

  // The oldest payslip of the list has no previous one.
  const last = payslips[payslips.length - 1]!;
  await page.goto(`/payslips/${last.ID}`);
  await expect(page.getByRole('heading', { level: 1, name: longDate(last.payDate) })).toBeVisible();
  await expect(others.getByRole('link', { name: /Next payslip/ })).toBeVisible();
  await expect(others.getByRole('link', { name: /Previous payslip/ })).toHaveCount(0);
  await checkA11y('payslip detail, oldest');

  // View payslip: a real PDF, named Payslip.pdf, with this payslip's net pay in it.
  await page.goto(`/payslips/${older.ID}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'View payslip' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Payslip.pdf');
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await pdfText(pdf);
  expect(text).toContain(money(older.netPay));
  expect(text).toContain(longDate(older.payDate));
  // Who issued it and under which references, as HMRC expects a payslip to say.
  expect(text).toContain('Unit 4, Meridian Park, Leicester, LE19 1WX');
  expect(text).toContain('123/NW45678');
  expect(text).toContain('NW-1042');
  expect(text).toContain('Tax year to date');
  await expect(page.getByRole('alert')).toHaveCount(0);

  // A failed download says so in a dismissible banner. The context's routes also see what the
  // service worker fetches (it keeps opened PDFs for offline); a page's routes do not.
  await page
    .context()
    .route('**/api/users/*/file/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 500, error: 'Broken' }) }),
    );
  await page.getByRole('button', { name: 'View payslip' }).click();
  const banner = page.getByRole('alert', { name: 'Error loading payslip' });
  await expect(banner).toBeVisible();
  await checkA11y('payslip detail, download failed');
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
  await page.context().unroute('**/api/users/*/file/**');

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/payslips$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payslips' })).toBeVisible();
});

test('Payslip detail: View in browser opens the payslip PDF inline in a new tab, beside View payslip', async ({ page, checkA11y }) => {
  const { payslips, userId, employmentId } = await openNorthwind(page, checkA11y);
  const [, older] = payslips;
  if (!older) throw new Error('not enough payslips');
  await page.goto(`/payslips/${older.ID}`);
  await expect(page.getByRole('heading', { level: 1, name: longDate(older.payDate) })).toBeVisible();
  const view = page.getByRole('link', { name: 'View in browser (opens in a new tab)' });
  await expect(view).toBeVisible();
  await expect(page.getByRole('button', { name: 'View payslip' })).toBeVisible();
  await checkA11y('payslip detail with View in browser');
  const opening = page.waitForEvent('popup');
  const served = page.context().waitForEvent('response', (response) => response.url().includes('?disposition=inline'));
  await view.click();
  const popup = await opening;
  const response = await served;
  expect(new URL(popup.url()).pathname + new URL(popup.url()).search).toBe(
    `/api/users/${userId}/file/${older.ID}/employment/${employmentId}?disposition=inline`,
  );
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['content-disposition']).toMatch(/^inline; filename="Payslip\.pdf"/);
  expect(response.headers()['cache-control']).toBe('private, no-store');
  await popup.close();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('Payslips list: columns, rows linking to their detail, and search on pay date or net pay', async ({ page, checkA11y, visit }) => {
  const { payslips } = await openNorthwind(page, checkA11y);
  await visit('/payslips');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Pay date', 'Net pay']);
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(payslips.length + 1);

  const target = payslips.find((slip) => payslips.filter((other) => other.netPay === slip.netPay).length === 1 && slip.netPay >= 1000) ?? payslips[1]!;
  const search = page.getByRole('searchbox', { name: 'Search payslips by pay date or net pay' });
  const shown = money(target.netPay); // '£1,234.56'
  for (const typed of [shown, shown.replace('£', ''), shown.replace(/[£,]/g, '')]) {
    await search.fill(typed);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(shown);
  }
  await checkA11y('payslips, searched');

  await search.fill(longDate(target.payDate));
  await expect(rows).toHaveCount(2);
  await search.fill('no such payslip');
  // The header, then the message in a row of the table itself.
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toHaveText('No payslips match your search.');
  await checkA11y('payslips, nothing found');
  await search.fill('');
  await expect(rows).toHaveCount(payslips.length + 1);

  await table.getByRole('link', { name: longDate(target.payDate) }).click();
  await expect(page).toHaveURL(new RegExp(`/payslips/${target.ID}$`));
  await expect(page.getByRole('heading', { level: 1, name: longDate(target.payDate) })).toBeVisible();
  await checkA11y('payslip detail from the list');
});

test('Payslips list: a moment of server overload (503 with Retry-After) is asked again, not shown', async ({ page, context, checkA11y, visit }) => {
  const { payslips } = await openNorthwind(page, checkA11y);
  await visit('/payslips');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(payslips.length + 1);
  // The API's answer when its database has no connection free in time, once; then the real API.
  // (The context's routes also see what the service worker fetches.)
  let asked = 0;
  await context.route('**/api/users/*/employments/*/payslips', async (route) => {
    asked += 1;
    if (asked > 1) return route.continue();
    return route.fulfill({
      status: 503,
      headers: { 'retry-after': '1' },
      contentType: 'application/json',
      body: JSON.stringify({ status: 503, error: 'The service is busy. Please try again in a moment.' }),
    });
  });
  await page.reload();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(payslips.length + 1);
  expect(asked).toBe(2);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await checkA11y('payslips after a busy answer');
});

test('Compare payslips: two payslips side by side from the list, chosen by the user, with what changed', async ({ page, checkA11y }) => {
  const { payslips } = await openNorthwind(page, checkA11y);
  const [newest, older, oldest] = payslips;
  if (!newest || !older || !oldest) throw new Error('not enough payslips');

  await page.getByRole('link', { name: 'Payslips' }).first().click();
  await page.getByRole('link', { name: 'Compare two payslips' }).click();
  await expect(page).toHaveURL(/\/payslips\/compare$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Compare payslips' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'First payslip' })).toHaveValue(older.ID);
  await expect(page.getByRole('combobox', { name: 'Second payslip' })).toHaveValue(newest.ID);
  const table = page.getByRole('table', { name: `Payslips of ${longDate(older.payDate)} and ${longDate(newest.payDate)} side by side` });
  await expect(table.getByRole('row', { name: /^Net pay/ })).toContainText(money(newest.netPay));
  await expect(table.getByRole('row', { name: /^Net pay/ })).toContainText(money(older.netPay));
  await checkA11y('compare payslips');

  // Chosen by keyboard: the first box, then the oldest payslip of the list.
  await page.getByRole('combobox', { name: 'First payslip' }).selectOption(oldest.ID);
  await expect(page).toHaveURL(new RegExp(`first=${oldest.ID}&second=${newest.ID}$`));
  const chosen = page.getByRole('table', { name: `Payslips of ${longDate(oldest.payDate)} and ${longDate(newest.payDate)} side by side` });
  await expect(chosen.getByRole('row', { name: /^Gross pay/ })).toContainText(money(oldest.grossPay));
  await expect(page.getByRole('region', { name: 'What changed' })).toContainText(`on your payslip of ${longDate(oldest.payDate)}.`);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'First payslip' })).toHaveValue(oldest.ID);
});

test('Tax year: the year at a glance from the navigation, a lazy chart with its table, and a finished year checked against its P60', async ({
  page,
  checkA11y,
}) => {
  const highchartsRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/highcharts(\.[^/]+)?\.js$/.test(new URL(request.url()).pathname)) highchartsRequests.push(request.url());
  });
  const { payslips } = await openNorthwind(page, checkA11y);
  expect(highchartsRequests, 'Home does not load Highcharts before Show').toHaveLength(0);
  const newest = payslips[0] as Payslip & { yearToDate: { grossPay: number; netPay: number } };

  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Tax year' }).click();
  await expect(page).toHaveURL(/\/tax-year$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tax year' })).toBeVisible();
  const totals = page.getByRole('region', { name: '2026/27 so far' });
  await expect(totals).toContainText(`Gross pay${money(newest.yearToDate.grossPay)}`);
  await expect(totals).toContainText(`Net pay${money(newest.yearToDate.netPay)}`);
  const months = page.getByRole('region', { name: 'Month by month' });
  const inYear = payslips.filter((payslip) => payslip.payDate >= '2026-04-06');
  await expect(months.getByRole('table').getByRole('row')).toHaveCount(inYear.length + 1);
  await expect(months.locator('.highcharts-series-group')).toBeVisible();
  expect(highchartsRequests).toHaveLength(1);
  await checkA11y('tax year 2026/27');

  await page.getByRole('combobox', { name: 'Tax year' }).selectOption({ label: '2025/26 (6 April 2025 to 5 April 2026)' });
  await expect(page).toHaveURL(/\?year=2025-26$/);
  await expect(page.getByRole('region', { name: '2025/26 in total' })).toContainText('Year-to-date figures from your payslip of 31 March 2026 (tax month 12).');
  await expect(page.getByRole('region', { name: 'Check against your P60' })).toContainText('Your payslips agree with your P60 for 2025/26');
  await checkA11y('tax year 2025/26');
});

type JsTransfer = { url: string; bytes: number; encoding: string | null };

/** Records the JavaScript a page downloads, as transferred (compressed body bytes). */
function recordJs(page: Page): { taken: () => Promise<JsTransfer[]> } {
  const transfers: Promise<JsTransfer>[] = [];
  page.on('requestfinished', (request) => {
    if (!/\.js(\?|$)/.test(new URL(request.url()).pathname)) return;
    transfers.push(
      (async () => {
        const sizes = await request.sizes();
        const response = await request.response();
        return { url: request.url(), bytes: sizes.responseBodySize, encoding: (await response?.headerValue('content-encoding')) ?? null };
      })(),
    );
  });
  return { taken: async () => Promise.all(transfers.splice(0)) };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const sum = (files: JsTransfer[]) => files.reduce((total, file) => total + file.bytes, 0);

test('budget: gzipped JavaScript of Home before and after Show (printed, Highcharts only after)', async ({ page, browser, checkA11y }) => {
  await openNorthwind(page, checkA11y);
  // A fresh context with the same session and an empty cache, asking for gzip only (the static
  // servers would otherwise pick Brotli): the figures are what a first visit to Home transfers. The
  // service worker is kept out: a file it answers shows the page no transfer size.
  const context = await browser.newContext({
    storageState: await page.context().storageState(),
    extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
    serviceWorkers: 'block',
  });
  try {
    const home = await context.newPage();
    const js = recordJs(home);
    await home.goto('/', { waitUntil: 'networkidle' });
    await expect(home.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await home.waitForLoadState('networkidle');
    const before = await js.taken();

    await home.getByRole('button', { name: 'Show' }).click();
    await expect(home.locator('.pay-ring-chart svg .highcharts-point')).toHaveCount(2);
    await home.waitForLoadState('networkidle');
    const after = await js.taken();

    const pay = (files: JsTransfer[]) => files.filter((file) => new URL(file.url).port === '3002');
    const figures = {
      beforeShow: {
        files: before.length,
        gzippedBytes: sum(before),
        remotePayBytes: sum(pay(before)),
        remotePay: pay(before).map((file) => `${new URL(file.url).pathname} ${file.bytes}`),
      },
      addedByShow: { files: after.length, gzippedBytes: sum(after), urls: after.map((file) => new URL(file.url).pathname) },
    };
    console.log(
      `Home JS (gzip): before Show ${kib(figures.beforeShow.gzippedBytes)} in ${before.length} files ` +
        `(remote-pay ${kib(figures.beforeShow.remotePayBytes)}); Show adds ${kib(figures.addedByShow.gzippedBytes)} ` +
        `in ${after.length} file(s): ${figures.addedByShow.urls.join(', ')}; total after Show ${kib(sum(before) + sum(after))}`,
    );
    test.info().annotations.push({ type: 'home-js', description: JSON.stringify(figures) });

    expect([...before, ...after].filter((file) => file.bytes > 1024).every((file) => file.encoding === 'gzip')).toBe(true);
    expect(
      before.some((file) => /highcharts/.test(file.url)),
      'Highcharts is not in the first page',
    ).toBe(false);
    expect(after.map((file) => new URL(file.url).pathname)).toEqual([expect.stringMatching(/\/highcharts(\.[^/]+)?\.js$/)]);
  } finally {
    await context.close();
  }
});

test('Payslip detail: a weekly payslip names its tax week, and week 53 says which days and pay day it is', async ({ page, checkA11y }) => {
  await signIn(page, weeklyUser.email, weeklyUser.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const ids = await page.evaluate(() => ({ userId: localStorage.getItem('currentUserID'), employmentId: localStorage.getItem('employmentID') }));
  const payslips = await readEnvelope<(Payslip & { payFrequency?: string; taxPeriod: number })[]>(
    page,
    `/api/users/${ids.userId}/employments/${ids.employmentId}/payslips`,
  );
  const week53 = payslips.find((payslip) => payslip.payDate === '2024-04-05');
  expect(week53, 'the demo pays Jamie weekly on Friday 5 April 2024').toMatchObject({ payFrequency: 'weekly', taxPeriod: 53 });

  await page.goto(`/payslips/${week53!.ID}`);
  const details = page.getByRole('region', { name: 'Pay details' });
  await expect(details).toContainText(weeklyUser.employer);
  await expect(details).toContainText('Weekly pay, paid on 5 April 2024');
  await expect(details).toContainText('Week 53 (4 April 2024 to 5 April 2024, the 53rd weekly pay day of the 2023 to 2024 tax year)');
  await expect(details).toContainText('S1257L');
  await checkA11y('a week 53 payslip');
});
