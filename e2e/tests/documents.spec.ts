// remote-documents against the real API: Documents (/documents) and the pay information lists
// (/P60, /P11d, /P45, /pension-letters). Downloads are checked to be real PDF files, and a signed-in
// user is shown to be unable to fetch another user's files by editing the URL.
import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { demoUser, secondUser } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { pdfText } from '../support/pdf-text';
import { chooseEmployment, signIn } from '../support/session';

type Employment = { ID: string; name: string };
type AuthorisedUser = { userID: string; employments: Employment[] };

/** The inner `data` of an enveloped `/api/users/...` answer (docs/api-contract.md). */
async function readEnvelope<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  const body = (await response.json()) as { data: string };
  return (JSON.parse(body.data) as { data: T }).data;
}

async function authorisedUser(request: APIRequestContext): Promise<AuthorisedUser> {
  const [user] = await readEnvelope<AuthorisedUser[]>(request, '/api/users/authorised');
  if (!user) throw new Error('No authorised user');
  return user;
}

/** The saved file of a download starts with the PDF signature. */
async function expectPdf(download: Download, filename: string): Promise<void> {
  expect(download.suggestedFilename()).toBe(filename);
  const path = await download.path();
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(500);
}

/** The names and first bytes of every entry of a ZIP file. */
function listZip(bytes: Buffer): Promise<{ name: string; head: string }[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (error, zip?: ZipFile) => {
      if (error || !zip) return reject(error);
      const entries: { name: string; head: string }[] = [];
      zip.on('entry', (entry: Entry) =>
        zip.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError);
          void buffer(stream).then((content) => {
            entries.push({ name: entry.fileName, head: content.subarray(0, 5).toString('latin1') });
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

function bodyRows(page: Page) {
  return page.getByRole('table').getByRole('rowgroup').nth(1).getByRole('row');
}

test.describe('documents and pay information lists', () => {
  test.beforeEach(async ({ page }) => {
    // Alex has two employments: the account picker asks which one.
    await signIn(page, demoUser.email, demoUser.password);
    await chooseEmployment(page, demoUser.activeEmployer);
  });

  test('Documents: tabs, search and a shared document downloaded as a real PDF', async ({ page, visit, checkA11y }) => {
    await visit('/documents');
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Search documents by file name' });
    await expect(search).toHaveAttribute('placeholder', 'Search...');

    // It opens on 'Shared with me', the tab with files. 'My docs' is empty and says so.
    const mine = page.getByRole('tab', { name: 'My docs' });
    const shared = page.getByRole('tab', { name: 'Shared with me' });
    await expect(shared).toHaveAttribute('aria-selected', 'true');
    await expect(bodyRows(page)).toHaveCount(3);

    // Arrow keys move between the tabs.
    await shared.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(mine).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'My docs' })).toContainText('You have no documents of your own here yet.');
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.keyboard.press('ArrowRight');
    await expect(shared).toBeFocused();
    await expect(shared).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name: 'Shared with me' });
    await expect(panel.getByRole('columnheader', { name: 'Recent files' })).toBeVisible();
    await expect(panel.getByRole('columnheader', { name: 'Date' })).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(3);
    await expect(bodyRows(page).first()).toContainText('Staff handbook 2026.pdf');
    await expect(bodyRows(page).first()).toContainText('01/09/2026');
    await checkA11y('documents, shared with me');

    // Case-insensitive filename filter.
    await search.fill('HOLIDAY');
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText('Holiday policy.pdf');
    await expect(bodyRows(page).first()).toContainText('01/04/2026');
    await search.fill('no such file');
    await expect(panel).toContainText('No files match ‘no such file’.');
    await checkA11y('documents, no match');
    await search.fill('holiday');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Holiday policy.pdf' }).click();
    await expectPdf(await downloading, 'Holiday policy.pdf');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('P60s: listed by Type and Tax year; a click on the row downloads a real PDF, and so does Enter', async ({ page, visit }) => {
    await visit('/P60');
    await expect(page.getByRole('heading', { level: 1, name: 'P60s' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Type' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Tax year' })).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(1);
    const row = bodyRows(page).first();
    await expect(row).toContainText('P60');
    await expect(row).toContainText('2025/26');

    let downloading = page.waitForEvent('download');
    await row.getByRole('cell', { name: '2025/26', exact: true }).click();
    await expectPdf(await downloading, 'P60-2025-26.pdf');

    downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download P60 2025/26' }).focus();
    await page.keyboard.press('Enter');
    await expectPdf(await downloading, 'P60-2025-26.pdf');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a tax year in one ZIP from the P60s list: every payslip and document of the year, named for a person', async ({ page, visit, checkA11y }) => {
    await visit('/P60');
    const section = page.getByRole('region', { name: 'Download a tax year' });
    await expect(section).toBeVisible();
    await checkA11y('P60s with the tax-year download');
    const downloading = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Download 2025/26 (ZIP)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('2025-26 Pay documents - Northwind Logistics Ltd.zip');
    const entries = await listZip(await readFile(await download.path()));
    expect(entries.map((entry) => entry.name)).toEqual([
      '2025-11-28 Payslip - Northwind Logistics Ltd.pdf',
      '2025-12-31 Payslip - Northwind Logistics Ltd.pdf',
      '2026-01-30 Payslip - Northwind Logistics Ltd.pdf',
      '2026-02-27 Payslip - Northwind Logistics Ltd.pdf',
      '2026-03-31 Payslip - Northwind Logistics Ltd.pdf',
      '2025-26 P60 - Northwind Logistics Ltd.pdf',
      '2025-26 P11D - Northwind Logistics Ltd.pdf',
    ]);
    expect(entries.every((entry) => entry.head === '%PDF-')).toBe(true);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('proof of income from the payslips list: one real PDF, a cover naming the person and employer, then three payslips and the P60', async ({
    page,
    visit,
    checkA11y,
  }) => {
    await visit('/payslips');
    const section = page.getByRole('region', { name: 'Proof of income' });
    await expect(section).toContainText('Your last three payslips and your latest P60 in one PDF');
    await expect(page.getByRole('region', { name: 'Download a tax year' })).toBeVisible();
    await checkA11y('payslips with the proof-of-income download');
    const downloading = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Download proof of income' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^\d{4}-\d{2}-\d{2} Proof of income - Northwind Logistics Ltd\.pdf$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A cover page, the last three payslips (one page each) and the P60.
    const whole = await pdfText(bytes);
    expect(whole.pages).toHaveLength(5);
    const cover = whole.pages[0];
    expect(cover).toContain('Proof of income');
    // One spelling of the name throughout, the P60's; the employer's references; the pay added up.
    expect(cover).toContain('Alex Jordan Morgan');
    expect(whole.text).not.toContain('Alex Morgan');
    expect(cover).toContain('Northwind Logistics Ltd');
    expect(cover).toContain('123/NW45678');
    expect(cover).toContain('Income summary');
    expect(cover).toContain('What this pack holds');
    expect(cover).toContain('P60 End of Year Certificate, tax year 2025/26');
    expect(whole.text).toContain('This is a printed copy of an eP60.');
    expect(whole.text).not.toContain('Emergency tax code');
    expect(whole.text).toContain('Page 5 of 5.');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('View in browser: a P60 opens in a new tab as the PDF itself, served inline and never stored', async ({ page, visit, checkA11y }) => {
    await visit('/P60');
    const previews = page.getByRole('region', { name: 'View in your browser' });
    await expect(previews.getByRole('link')).toHaveCount(1);
    await checkA11y('P60s with the view-in-browser links');
    const opening = page.waitForEvent('popup');
    const served = page.context().waitForEvent('response', (response) => response.url().includes('?disposition=inline'));
    await previews.getByRole('link', { name: 'View P60 2025/26 (opens in a new tab)' }).click();
    const popup = await opening;
    const response = await served;
    expect(popup.url()).toMatch(/\/api\/users\/[^/]+\/file\/[^/]+\/employment\/[^/]+\?disposition=inline$/);
    expect(response.url()).toBe(popup.url());
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toMatch(/^inline; filename="P60-2025-26\.pdf"/);
    expect(response.headers()['cache-control']).toBe('private, no-store');
    await popup.close();
    // The spec's row is unchanged: a click still saves the file.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download P60 2025/26' }).click();
    await expectPdf(await downloading, 'P60-2025-26.pdf');
  });

  test('P11Ds, P45s and pension letters each list only their own type', async ({ page, visit }) => {
    await visit('/P11d');
    await expect(page.getByRole('heading', { level: 1, name: 'P11Ds' })).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText('P11D');
    await expect(bodyRows(page).first()).toContainText('2025/26');

    // Northwind (active) has issued no P45: an empty list says so instead of showing an empty table.
    await visit('/P45');
    await expect(page.getByRole('heading', { level: 1, name: 'P45s' })).toBeVisible();
    await expect(page.getByText('You have no P45s yet.')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);

    await visit('/pension-letters');
    await expect(page.getByRole('heading', { level: 1, name: 'Pension Letters' })).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText('Pension Letter');
    const downloading = page.waitForEvent('download');
    await bodyRows(page).first().click();
    await expectPdf(await downloading, 'Pension-letter-2026-27.pdf');
  });

  test("a failed download shows the dismissible banner 'Error viewing P60'", async ({ page, context, visit, checkA11y }) => {
    await visit('/P60');
    // The context's routes also see what the service worker fetches (it keeps opened PDFs for offline).
    await context.route('**/api/users/*/file/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 500, error: 'Storage unavailable' }) }),
    );
    await page.getByRole('button', { name: 'Download P60 2025/26' }).click();
    const banner = page.getByRole('alert');
    await expect(banner).toHaveText(/Error viewing P60/);
    await checkA11y('P60s with the error banner');
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test("a list that fails to load shows the banner of its own type ('Error viewing P45')", async ({ page, context, visit }) => {
    // The context's routes also see what the service worker fetches (a page's routes do not).
    await context.route('**/api/users/*/employments/*/documents', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 503, error: 'Unavailable' }) }),
    );
    await visit('/P45');
    const banner = page.getByRole('alert');
    await expect(banner).toHaveText(/Error viewing P45/);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('Your P45s could not be loaded.')).toBeVisible();
    // The server is back: 'Try again' loads the (empty) list.
    await context.unroute('**/api/users/*/employments/*/documents');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('You have no P45s yet.')).toBeVisible();
  });
});

test("a signed-in user cannot download another user's file by editing the URL", async ({ browser }) => {
  // Alex's own file addresses, read from the API as the portal reads them.
  const alexContext = await browser.newContext();
  const alexPage = await alexContext.newPage();
  await signIn(alexPage, demoUser.email, demoUser.password);
  const alex = await authorisedUser(alexPage.request);
  const northwind = alex.employments.find((employment) => employment.name === demoUser.activeEmployer);
  if (!northwind) throw new Error('Alex has no Northwind employment');
  const [p60] = (
    await readEnvelope<{ ID: string; fileType: string }[]>(alexPage.request, `/api/users/${alex.userID}/employments/${northwind.ID}/documents`)
  ).filter((document) => document.fileType === 'P60');
  const [intranet] = await readEnvelope<{ ID: string }[]>(alexPage.request, `/api/users/${alex.userID}/employments/${northwind.ID}/intranet`);
  if (!p60 || !intranet) throw new Error('Alex has no P60 or shared document');
  const alexP60 = `/api/users/${alex.userID}/file/${p60.ID}/employment/${northwind.ID}`;
  const alexIntranet = `/api/users/${alex.userID}/file/intranet/${intranet.ID}/employment/${northwind.ID}`;
  // Control: Alex may download them.
  for (const url of [alexP60, alexIntranet]) {
    const response = await alexPage.request.get(url);
    expect(response.status(), url).toBe(200);
    expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }
  await alexContext.close();

  // Sam, signed in, edits the URL: Alex's user id, or Sam's own id with Alex's employment and file.
  const samContext = await browser.newContext();
  const samPage = await samContext.newPage();
  await signIn(samPage, secondUser.email, secondUser.password);
  const sam = await authorisedUser(samPage.request);
  expect(sam.userID).not.toBe(alex.userID);
  const attempts = [
    alexP60,
    alexIntranet,
    `/api/users/${sam.userID}/file/${p60.ID}/employment/${northwind.ID}`,
    `/api/users/${sam.userID}/file/intranet/${intranet.ID}/employment/${northwind.ID}`,
  ];
  for (const url of attempts) {
    const response = await samPage.request.get(url);
    expect([403, 404], `${url} answered ${response.status()}`).toContain(response.status());
    const body = await response.body();
    expect(body.subarray(0, 5).toString('latin1')).not.toBe('%PDF-');
    expect(response.headers()['content-type'] ?? '').not.toContain('application/pdf');
  }
  // Sam's own employment with Alex's file id is refused too.
  const samEmployment = sam.employments[0];
  if (samEmployment) {
    const response = await samPage.request.get(`/api/users/${sam.userID}/file/${p60.ID}/employment/${samEmployment.ID}`);
    expect([403, 404]).toContain(response.status());
  }
  await samContext.close();
});
