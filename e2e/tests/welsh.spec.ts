// Cymraeg where the config offers it: the switch in every header names the other language in itself,
// reloads the page in it and is remembered (a cookie, so also before sign-in, and on the account once
// signed in, so it follows the person to another device); a first visit from a
// browser that asks for Welsh (Accept-Language: cy) starts in Welsh. The frame of every page (header,
// navigation, menu, footer) speaks the page's language; <html lang> says which.
import { readFile } from 'node:fs/promises';
import { secondUser } from '../support/accounts';
import { pdfText } from '../support/pdf-text';
import { test, expect } from '../support/fixtures';
import { offerLanguages } from '../support/runtime-config';
import { registerAccount, signIn, signInInWelsh } from '../support/session';

let restoreConfig: () => void;
test.beforeEach(() => {
  restoreConfig = offerLanguages(['en', 'cy']);
});
test.afterEach(async ({ page }) => {
  // A journey that stopped half-way must not leave the demo account in Welsh for the next one.
  const backToEnglish = page.getByRole('banner').getByRole('button', { name: 'English' });
  if (await backToEnglish.isVisible().catch(() => false)) {
    await backToEnglish.click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  }
  restoreConfig();
});

test('the switch turns the frame Welsh, is remembered through sign-in, and turns it back', async ({ page, context, checkA11y }) => {
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('banner').getByRole('button', { name: 'Cymraeg' }).click();

  await expect(page.locator('html')).toHaveAttribute('lang', 'cy');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Datganiad hygyrchedd' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
  expect((await context.cookies()).find((cookie) => cookie.name === 'portal-language')?.value).toBe('cy');
  await checkA11y('support, in Welsh');

  // The sign-in service's own pages follow the choice.
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Mewngofnodi i'ch porth cyflog" })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'cy-GB');
  await checkA11y('the sign-in page, in Welsh');

  await signIn(page, secondUser.email, secondUser.password);
  const nav = page.getByRole('navigation', { name: 'Prif ddewislen' });
  await expect(nav.getByRole('link', { name: 'Gosodiadau' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Allgofnodi' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Hafan' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Preifatrwydd a chwcis' })).toBeVisible();
  await checkA11y('Home, in Welsh');

  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the sign-in page has its own switch: Cymraeg turns the page Welsh, is remembered, and English turns it back', async ({ page, context, checkA11y }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your pay portal' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Cymraeg' }).click();

  await expect(page.getByRole('heading', { level: 1, name: "Mewngofnodi i'ch porth cyflog" })).toBeVisible();
  expect((await context.cookies()).find((cookie) => cookie.name === 'portal-language')?.value).toBe('cy');
  // A form refused in Welsh: the summary takes focus and names the field.
  await page.getByRole('button', { name: 'Mewngofnodi', exact: true }).click();
  await expect(page.getByRole('alert').getByRole('heading', { name: 'Mae problem wedi codi' })).toBeVisible();
  await expect(page.getByRole('alert').getByRole('link', { name: 'Rhowch eich cyfeiriad e-bost' })).toBeVisible();
  await checkA11y('the sign-in page refused, in Welsh');

  await page.goBack();
  await page.reload();
  await page.getByRole('navigation', { name: 'Iaith' }).getByRole('link', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your pay portal' })).toBeVisible();
  expect((await context.cookies()).find((cookie) => cookie.name === 'portal-language')?.value).toBe('en');
});

test('Home in Welsh: the sensitive card, its figures and chart, and the recent updates', async ({ page, checkA11y }) => {
  await signInInWelsh(page);

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Hafan' })).toBeVisible();
  const card = main.getByRole('region', { name: 'Slip cyflog diweddaraf' });
  await expect(card.getByText('Rhybudd: Sensitif')).toBeVisible();
  await expect(card.getByText("Mae'r canlynol yn cynnwys gwybodaeth sensitif")).toBeVisible();
  const updates = main.getByRole('region', { name: 'Diweddariadau diweddar' });
  await expect(updates.getByText('Gweld beth sydd wedi newid.')).toBeVisible();
  await expect(updates.locator('time').first()).toHaveText(/^\d{1,2} (Ion|Chwef|Maw|Ebr|Mai|Meh|Gorff|Awst|Medi|Hyd|Tach|Rhag) \d{4}$/);
  await card.getByRole('button', { name: 'Dangos' }).click();
  const figures = card.getByRole('group', { name: 'Ffigurau eich slip cyflog diweddaraf' });
  await expect(figures).toBeFocused();
  await expect(figures.locator('dt')).toHaveText(['Cyflog net', 'Dyddiad talu', 'Cyflog gros', 'Cyfanswm y didyniadau']);
  await expect(figures.getByRole('img', { name: /^Cyflog net £[\d,.]+ o gyflog gros £[\d,.]+; didyniadau £[\d,.]+$/ })).toBeVisible();
  await expect(main.getByText('Latest Payslip', { exact: true })).toHaveCount(0);
  await checkA11y('Home with its payslip shown, in Welsh');
  await figures.getByRole('button', { name: 'Cuddio' }).click();
  await expect(card.getByRole('button', { name: 'Dangos' })).toBeFocused();

  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});

test('a remote’s page in Welsh: the payslips list, its downloads and its dates, before it first shows', async ({ page, checkA11y }) => {
  await signInInWelsh(page);

  await page.goto('/payslips');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Slipiau cyflog' })).toBeVisible();
  const table = main.getByRole('table', { name: 'Eich slipiau cyflog, y diweddaraf yn gyntaf' });
  await expect(table.getByRole('columnheader')).toHaveText(['Dyddiad talu', 'Cyflog net']);
  await expect(table.getByRole('link').first()).toHaveText(
    /^\d{1,2} (Ionawr|Chwefror|Mawrth|Ebrill|Mai|Mehefin|Gorffennaf|Awst|Medi|Hydref|Tachwedd|Rhagfyr) \d{4}$/,
  );
  await expect(main.getByRole('searchbox', { name: 'Chwilio slipiau cyflog yn ôl dyddiad talu neu gyflog net' })).toBeVisible();
  await expect(
    main.getByRole('region', { name: 'Lawrlwytho blwyddyn dreth' }).getByRole('button', { name: /^Lawrlwytho \d{4}\/\d{2} \(ZIP\)$/ }),
  ).toBeVisible();
  await expect(main.getByRole('region', { name: 'Prawf o incwm' }).getByRole('button', { name: 'Lawrlwytho prawf o incwm' })).toBeVisible();
  await expect(main.getByText('Payslips', { exact: true })).toHaveCount(0);
  await checkA11y('payslips, in Welsh');

  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Payslips' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a payslip in Welsh: its actions, summary, pay details and what they mean, lines, the way to the others and its PDF', async ({ page, checkA11y }) => {
  await signInInWelsh(page);

  await page.goto('/payslips');
  const main = page.getByRole('main');
  await main.getByRole('table').getByRole('link').first().click();
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(
    /^\d{1,2} (Ionawr|Chwefror|Mawrth|Ebrill|Mai|Mehefin|Gorffennaf|Awst|Medi|Hydref|Tachwedd|Rhagfyr) \d{4}$/,
  );
  await expect(main.getByRole('button', { name: 'Gweld y slip cyflog' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Amcangyfrif eich slip cyflog nesaf' })).toBeVisible();
  await expect(main.getByRole('region', { name: "Crynodeb o'r slip cyflog" }).locator('dt')).toHaveText([
    'Cyflog net',
    'Dyddiad talu',
    'Cyflog gros',
    'Cyfanswm y didyniadau',
  ]);
  const details = main.getByRole('region', { name: 'Manylion cyflog' });
  await expect(details.locator('dt', { hasText: 'Cod treth' })).toBeVisible();
  await expect(details.getByRole('link', { name: 'Gwiriwch eich cod treth gyda CThEF' })).toBeVisible();
  // The explanations are Welsh too: the periods, and what the tax code means.
  await expect(details.locator('dd', { hasText: /^Mis \d{1,2} \(\d{1,2} [^ ]+ \d{4} i \d{1,2} [^ ]+ \d{4}\)$/ })).toBeVisible();
  await expect(
    details.locator('dd', { hasText: /^(Ionawr|Chwefror|Mawrth|Ebrill|Mai|Mehefin|Gorffennaf|Awst|Medi|Hydref|Tachwedd|Rhagfyr) \d{4}$/ }),
  ).toBeVisible();
  await details.getByText('Beth yw hwn? Cod treth').click();
  await expect(details.getByText(/^Gallwch ennill £[\d,]+ y flwyddyn dreth hon cyn i chi dalu Treth Incwm\./)).toBeVisible();
  await expect(main.getByRole('region', { name: 'Didyniadau' })).toBeVisible();
  await expect(main.getByRole('navigation', { name: 'Slipiau cyflog eraill' }).getByRole('link', { name: /^Y slip cyflog blaenorol / })).toBeVisible();
  await checkA11y('a payslip, in Welsh');

  // Its PDF is drawn in Welsh too: the labels, the explanations and the dates.
  const downloading = page.waitForEvent('download');
  await main.getByRole('button', { name: 'Gweld y slip cyflog' }).click();
  const download = await downloading;
  const text = (await pdfText(await readFile((await download.path())!))).text.replace(/\s+/g, ' ');
  expect(text).toContain('Cyflog net');
  expect(text).toContain('Cod treth');
  expect(text).toMatch(/Gallwch ennill £[\d,]+ y flwyddyn dreth hon cyn i chi dalu Treth Incwm\./);
  expect(text).not.toContain('Net pay');

  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expect(main.getByRole('button', { name: 'View payslip' })).toBeVisible();
});

test('Compare and the next payslip in Welsh: the pickers, the table, what changed and the estimate', async ({ page, checkA11y }) => {
  await signInInWelsh(page);

  const main = page.getByRole('main');
  await page.goto('/payslips/compare');
  await expect(main.getByRole('heading', { level: 1, name: 'Cymharu slipiau cyflog' })).toBeVisible();
  await expect(main.getByRole('combobox', { name: 'Slip cyflog cyntaf' })).toBeVisible();
  const table = main.getByRole('table', { name: /^Slipiau cyflog .+ a .+ ochr yn ochr$/ });
  await expect(table.getByRole('columnheader').last()).toHaveText('Gwahaniaeth');
  await expect(table.getByRole('rowheader', { name: 'Cyflog net' })).toBeVisible();
  await expect(main.getByRole('region', { name: 'Beth sydd wedi newid' }).getByText(/^Mae eich cyflog net /)).toBeVisible();
  await checkA11y('compare, in Welsh');

  await page.goto('/payslips/forecast');
  await expect(main.getByRole('heading', { level: 1, name: 'Eich slip cyflog nesaf' })).toBeVisible();
  await expect(main.getByRole('region', { name: /^Slip cyflog .+ \(amcangyfrif\)$/ })).toBeVisible();
  await main.getByRole('textbox', { name: "Cyfraniad pensiwn (% o'r cyflog)" }).fill('8');
  await main.getByRole('button', { name: 'Dangos y gwahaniaeth' }).click();
  await expect(main.getByRole('region', { name: /^Gyda 8% i'ch pensiwn/ }).getByText(/^Byddai eich cyflog clir /)).toBeVisible();
  await checkA11y('the next payslip, in Welsh');
});

test('Profile and Settings in Welsh: the overview, an edit refused, and the security parts', async ({ page, checkA11y }) => {
  await signInInWelsh(page);

  const main = page.getByRole('main');
  await page.goto('/profile');
  await expect(main.getByRole('heading', { level: 1, name: 'Proffil' })).toBeVisible();
  await expect(main.getByRole('term')).toHaveText(['Enw llawn', 'Cyfeiriad e-bost', 'Rhif ffôn symudol', 'Dyddiad geni', 'Yswiriant Gwladol']);
  await main.getByRole('button', { name: 'Newid dyddiad geni' }).click();
  await expect(main.getByRole('heading', { level: 1, name: /^Newid eich dyddiad geni/ })).toBeVisible();
  await main.getByRole('textbox', { name: 'Blwyddyn' }).fill('');
  await main.getByRole('button', { name: 'Cadw' }).click();
  const summary = main.getByRole('alert', { name: 'Mae problem wedi codi' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText("Rhaid i'r dyddiad geni gynnwys blwyddyn");
  await checkA11y('a profile edit refused, in Welsh');
  await main.getByRole('button', { name: 'Yn ôl' }).click();

  await page.goto('/settings');
  await expect(main.getByRole('heading', { level: 1, name: 'Gosodiadau' })).toBeVisible();
  for (const part of [
    'Newid eich cyfrinair',
    'Allweddi mynediad',
    'Mewngofnodi dau gam',
    'Ble rydych chi wedi mewngofnodi',
    'Mewngofnodion diweddar',
    'Eich data',
  ]) {
    await expect(main.getByRole('heading', { level: 2, name: part })).toBeVisible();
  }
  await expect(main.getByRole('table', { name: 'Eich sesiynau gweithredol' }).getByText('Y ddyfais hon')).toBeVisible();
  await checkA11y('Settings, in Welsh');
});

test('set-up in Welsh for a new account: the checklist, its sign-out question, sending a code and a wrong code', async ({ page, checkA11y }) => {
  await registerAccount(page, { email: `cymraeg-${Date.now()}@example.com`, password: 'Cymraeg-journey-2026', firstName: 'Nia', lastName: 'Jones' });
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your account.' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Cymraeg' }).click();

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Sefydlu eich cyfrif.' })).toBeVisible();
  await expect(main.getByRole('link', { name: /^Cysylltu â'ch cyflogwr/ })).toBeVisible();
  await main.getByRole('button', { name: 'Sefydlu eich cyfrif.' }).click();
  await expect(main.getByRole('alertdialog', { name: /^Allgofnodi\?/ }).getByRole('button', { name: 'Aros' })).toBeFocused();
  await page.keyboard.press('Escape');
  await checkA11y('set-up, in Welsh');

  await main.getByRole('link', { name: /^Cysylltu â'ch cyflogwr/ }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Rhowch eich cod cyflogwr' })).toBeVisible();
  await main.getByRole('button', { name: 'Anfon cod cysylltu' }).click();
  await expect(main.getByText(/^Os .+ yw'r cyfeiriad sydd gan eich cyflogwr ar eich cyfer/)).toBeVisible();
  const code = main.getByRole('group', { name: 'Rhowch y cod diogelwch a anfonwyd drwy e-bost/neges destun' });
  await code.getByLabel('Digid 1 o 6').fill('0');
  await page.keyboard.type('00000');
  // No employer record is waiting for this address: the code is wrong, in Welsh.
  await expect(main.getByText('Cod anghywir')).toBeVisible();
  await expect(main.getByText(/^Rhowch god cysylltu cywir\./)).toBeVisible();
  await checkA11y('a wrong code, in Welsh');
});

test('the tax year in Welsh: HMRC’s Welsh tax words, the month-by-month table and its chart', async ({ page, checkA11y }) => {
  await signInInWelsh(page);

  await page.getByRole('navigation', { name: 'Prif ddewislen' }).getByRole('link', { name: 'Blwyddyn dreth' }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Blwyddyn dreth' })).toBeVisible();
  await expect(main.getByRole('combobox', { name: 'Blwyddyn dreth' })).toHaveValue(/^\d{4}\/\d{2}$/);
  const totals = main.getByRole('region', { name: /^(\d{4}\/\d{2} hyd yma|Cyfanswm \d{4}\/\d{2})$/ });
  await expect(totals.getByText('Treth Incwm', { exact: true })).toBeVisible();
  await expect(totals.getByText('Yswiriant Gwladol', { exact: true })).toBeVisible();
  const table = main.getByRole('table', { name: /^Pob slip cyflog yn \d{4}\/\d{2}/ });
  await expect(table.getByRole('columnheader').first()).toHaveText('Dyddiad talu');
  // The Welsh words are longer: the table still fits a desktop's width, with no sideways scroll.
  await page.setViewportSize({ width: 1366, height: 900 });
  const fits = await table.evaluate((element) => {
    const box = element.closest('.ui-responsive-table')!;
    return box.scrollWidth <= box.clientWidth;
  });
  expect(fits, 'the Welsh tax-year table scrolls sideways').toBe(true);
  // The chart's legend and months speak Welsh too.
  await expect(main.locator('.highcharts-legend')).toContainText('Yswiriant Gwladol');
  await expect(main.locator('.highcharts-xaxis-labels')).toContainText(/(Ion|Chwef|Maw|Ebr|Mai|Meh|Gorff|Awst|Medi|Hyd|Tach|Rhag) \d{4}/);
  await checkA11y('Tax year, in Welsh');

  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Tax year' })).toBeVisible();
});

test('the document lists in Welsh: P60s, pension letters and shared documents, their rows and their downloads', async ({ page, checkA11y }) => {
  await signInInWelsh(page);

  const main = page.getByRole('main');
  await page.getByRole('navigation', { name: 'Prif ddewislen' }).getByRole('link', { name: 'Ffurflenni P60' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Ffurflenni P60' })).toBeVisible();
  const table = main.getByRole('table', { name: "Ffurflenni P60, y diweddaraf yn gyntaf. Dewiswch res i'w lawrlwytho." });
  await expect(table.getByRole('columnheader')).toHaveText(['Math', 'Blwyddyn dreth']);
  const download = page.waitForEvent('download');
  await table
    .getByRole('button', { name: /^Lawrlwytho P60 \d{4}\/\d{2}$/ })
    .first()
    .click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await expect(main.getByRole('region', { name: 'Gweld yn eich porwr' })).toBeVisible();
  await checkA11y('P60s, in Welsh');

  await page.goto('/pension-letters');
  await expect(main.getByRole('heading', { level: 1, name: 'Llythyrau pensiwn' })).toBeVisible();
  await expect(main.getByRole('button', { name: /^Lawrlwytho Llythyr pensiwn \d{4}\/\d{2}$/ }).first()).toBeVisible();

  await page.getByRole('navigation', { name: 'Prif ddewislen' }).getByRole('link', { name: 'Dogfennau' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Dogfennau' })).toBeVisible();
  await expect(main.getByRole('tab', { name: "Wedi'u rhannu gyda mi", selected: true })).toBeVisible();
  await expect(main.getByRole('table').getByRole('columnheader')).toHaveText(['Ffeiliau diweddar', 'Dyddiad', 'Lawrlwytho']);
  await checkA11y('Documents, in Welsh');

  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
});

test('Settings has the language too: saving Cymraeg there turns the portal Welsh and keeps it on the account', async ({ page, checkA11y }) => {
  await signIn(page, secondUser.email, secondUser.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Language' });
  await expect(section.getByRole('radio', { name: 'English' })).toBeChecked();
  await section.getByText('Cymraeg').click();
  await section.getByRole('button', { name: 'Save language' }).click();

  const welsh = page.getByRole('region', { name: 'Iaith' });
  await expect(welsh.getByRole('radio', { name: 'Cymraeg' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('lang', 'cy');
  await expect(page.getByRole('navigation', { name: 'Prif ddewislen' }).getByRole('link', { name: 'Gosodiadau' })).toHaveAttribute('aria-current', 'page');
  await checkA11y('Settings, in Welsh');

  // Keyboard alone, back to English.
  await welsh.getByRole('radio', { name: 'Cymraeg' }).focus();
  await page.keyboard.press('ArrowUp');
  await expect(welsh.getByRole('radio', { name: 'English' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(welsh.getByRole('button', { name: "Cadw'r iaith" })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Language' }).getByRole('radio', { name: 'English' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the choice made signed in is kept on the account: signing in on another device brings Welsh there too', async ({ page, browser }) => {
  await signIn(page, secondUser.email, secondUser.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Cymraeg' }).click();
  await expect(page.getByRole('navigation', { name: 'Prif ddewislen' })).toBeVisible();

  // Another device: no cookie, an English browser.
  const other = await browser.newContext({ locale: 'en-GB' });
  const elsewhere = await other.newPage();
  await signIn(elsewhere, secondUser.email, secondUser.password);
  await expect(elsewhere.getByRole('navigation', { name: 'Prif ddewislen' }).getByRole('link', { name: 'Gosodiadau' })).toBeVisible();
  await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'cy');

  // Back to English there, which the account keeps for the next device.
  await elsewhere.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expect(elsewhere.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await other.close();
});

test.describe('a browser that asks for Welsh', () => {
  test.use({ locale: 'cy-GB' });

  test('starts in Welsh on a first visit, with no cookie yet', async ({ page, context }) => {
    await page.goto('/support');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Datganiad hygyrchedd' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'cy');
    expect((await context.cookies()).find((cookie) => cookie.name === 'portal-language')).toBeUndefined();
  });
});

test('English alone where the config does not offer Welsh, whatever the browser asks', async ({ browser }) => {
  restoreConfig();
  const context = await browser.newContext({ locale: 'cy-GB' });
  const page = await context.newPage();
  await page.goto('/support');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility statement' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cymraeg' })).toHaveCount(0);
  await context.close();
});
