// Tables fit the screen they are on: at a desktop's 1366 × 900 they use the page's width, and at a
// phone's 390 × 844 nothing needs a sideways scroll: Payslips leads with pay date and net pay, Compare
// and the tax year show each row as a card of labelled figures, as do Settings' sessions and sign-ins. The tax-year chart keeps a readable
// plot on a phone. Nothing here changes data.
import type { Locator, Page } from '@playwright/test';
import { demoUser } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { chooseEmployment, signIn } from '../support/session';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** Neither the page nor the table's own container scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, table: Locator): Promise<void> {
  const page_ = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(page_.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(page_.client);
  const container = await table.evaluate((element) => {
    const box = element.closest('.ui-responsive-table') ?? element.parentElement!;
    return { scroll: box.scrollWidth, client: box.clientWidth };
  });
  expect(container.scroll, "the table's container scrolls sideways").toBeLessThanOrEqual(container.client);
}

/** Wholly on screen from left to right, without scrolling sideways. */
async function expectWithinWidth(page: Page, element: Locator): Promise<void> {
  await expect(element).toBeVisible();
  const box = (await element.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** The width the page gives its content: the main area less its padding. */
async function contentWidth(page: Page): Promise<number> {
  return page
    .locator('main')
    .first()
    .evaluate((main) => {
      const style = getComputedStyle(main);
      return main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    });
}

async function openTable(page: Page, visit: (path: string) => Promise<void>, path: string, name?: string | RegExp): Promise<Locator> {
  await visit(path);
  const table = name ? page.getByRole('table', { name }) : page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  return table;
}

for (const [screen, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`tables on a ${screen} (${viewport.width} × ${viewport.height})`, () => {
    test.use({ viewport });

    test.beforeEach(async ({ page }) => {
      await signIn(page, demoUser.email, demoUser.password);
      await chooseEmployment(page, demoUser.activeEmployer);
    });

    test('Payslips, Compare, the tax year and the document lists fit without a sideways scroll', async ({ page, visit }) => {
      const payslips = await openTable(page, visit, '/payslips', 'Your payslips, newest first');
      await expectNoSidewaysScroll(page, payslips);
      const firstPayslip = payslips.getByRole('row').nth(1);
      await expectWithinWidth(page, firstPayslip.getByRole('link'));
      await expectWithinWidth(page, firstPayslip.getByRole('cell').nth(1)); // Net pay

      const compare = await openTable(page, visit, '/payslips/compare', /side by side$/);
      await expectNoSidewaysScroll(page, compare);
      for (const cell of await compare
        .getByRole('row', { name: /^Net pay/ })
        .getByRole('cell')
        .all())
        await expectWithinWidth(page, cell);

      const months = await openTable(page, visit, '/tax-year', /^Each payslip of /);
      await expectNoSidewaysScroll(page, months);
      const firstMonth = months.getByRole('row').nth(1);
      await expectWithinWidth(page, firstMonth.getByRole('cell').last()); // Net pay
      for (const column of ['Pension', 'Student loan', 'Net pay']) await expect(months.getByRole('columnheader', { name: column })).toBeAttached();
      if (screen === 'phone') {
        // Each figure under its column's name.
        await expect(firstMonth.getByRole('cell').last()).toHaveAttribute('data-label', 'Net pay');
        const chart = page.getByTestId('tax-year-chart');
        const plot = chart.locator('.highcharts-plot-background');
        await expect(plot).toBeVisible();
        expect((await chart.boundingBox())!.height).toBeGreaterThanOrEqual(440);
        expect((await plot.boundingBox())!.height).toBeGreaterThanOrEqual(220);
        const labelSize = await chart
          .locator('.highcharts-xaxis-labels text')
          .first()
          .evaluate((label) => parseFloat(getComputedStyle(label).fontSize));
        expect(labelSize).toBeGreaterThanOrEqual(12);
      }

      const p60s = await openTable(page, visit, '/P60');
      await expectNoSidewaysScroll(page, p60s);

      await visit('/documents');
      await page.getByRole('tab', { name: 'Shared with me' }).click();
      const shared = page.getByRole('table');
      await expect(shared.getByRole('row').nth(1)).toBeVisible();
      await expectNoSidewaysScroll(page, shared);
      await expectWithinWidth(page, shared.getByRole('row').nth(1).getByRole('button'));

      // Settings: the sessions and the sign-ins, with each session's button in reach.
      await visit('/settings');
      for (const name of ['Your active sessions', 'Sign-ins, newest first']) {
        const table = page.getByRole('table', { name });
        await expect(table.getByRole('row').nth(1)).toBeVisible();
        await expectNoSidewaysScroll(page, table);
      }
      for (const button of await page.getByRole('button', { name: /^Sign out of this one/ }).all()) await expectWithinWidth(page, button);
    });

    if (screen === 'desktop') {
      test('each table uses the page’s width, not a reading column’s', async ({ page }) => {
        for (const [path, name] of [
          ['/payslips', 'Your payslips, newest first'],
          ['/payslips/compare', /side by side$/],
          ['/tax-year', /^Each payslip of /],
          ['/P60', undefined],
          ['/P11d', undefined],
          ['/P45', undefined],
          ['/pension-letters', undefined],
          ['/documents', undefined],
        ] as const) {
          await page.goto(path);
          if (path === '/documents') await page.getByRole('tab', { name: 'Shared with me' }).click();
          const table = name ? page.getByRole('table', { name }) : page.getByRole('table');
          await expect(table.or(page.getByText(/^You have no|^There are no/)).first()).toBeVisible();
          if (!(await table.isVisible())) continue;
          const width = await contentWidth(page);
          expect((await table.boundingBox())!.width, path).toBeGreaterThan(width * 0.9);
          await expectNoSidewaysScroll(page, table);
        }
      });
    }
  });
}
