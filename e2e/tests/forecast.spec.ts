// The estimate of the next payslip against the real API: Alex opens it from the Tax year page, reads
// the estimate, raises his pension to 8% and sees his take-home fall by the figure the API works out.
// Nothing here changes data.
import type { Page } from '@playwright/test';
import { demoUser } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { chooseEmployment, signIn } from '../support/session';

type Forecast = {
  next: { payDate: string; takeHome: number };
  year: { total: { takeHome: number } };
  whatIf: { takeHomeChangePerPeriod: number; takeHomeChangePerYear: number; next: { takeHome: number } } | null;
};

const money = (pounds: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pounds);
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

/** The API's forecast, read with the page's own session. */
async function readForecast(page: Page, query = ''): Promise<Forecast> {
  const ids = await page.evaluate(() => ({ userId: localStorage.getItem('currentUserID'), employmentId: localStorage.getItem('employmentID') }));
  const response = await page.request.get(`/api/users/${ids.userId}/employments/${ids.employmentId}/forecast${query}`);
  expect(response.status()).toBe(200);
  return (JSON.parse(((await response.json()) as { data: string }).data) as { data: Forecast }).data;
}

test('Alex estimates his next payslip from the Tax year page, and prices 8% into his pension', async ({ page, checkA11y }) => {
  await signIn(page, demoUser.email, demoUser.password);
  await chooseEmployment(page, demoUser.activeEmployer);
  const forecast = await readForecast(page);
  const withEight = (await readForecast(page, '?pensionPercent=8&salarySacrifice=false')).whatIf!;

  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Tax year' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tax year' })).toBeVisible();
  await page.getByRole('link', { name: 'Estimate your next payslip and this tax year’s total' }).click();
  await expect(page).toHaveURL(/\/payslips\/forecast$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your next payslip' })).toBeVisible();
  await expect(page.getByText(/^This is an estimate from your latest payslip/)).toBeVisible();

  const next = page.getByRole('region', { name: `Payslip of ${longDate(forecast.next.payDate)} (estimated)` });
  await expect(next).toContainText(`Take-home pay${money(forecast.next.takeHome)}`);
  await expect(page.getByRole('region', { name: /in total \(estimated\)$/ })).toContainText(`Take-home pay${money(forecast.year.total.takeHome)}`);
  await checkA11y('forecast');

  // A wrong figure first: the summary takes focus and names the problem.
  const percent = page.getByRole('textbox', { name: 'Pension contribution (% of pay)' });
  await percent.fill('eight');
  await page.getByRole('button', { name: 'Show the difference' }).click();
  await expect(page.getByRole('alert', { name: 'There is a problem' })).toBeFocused();
  await checkA11y('forecast, refused percentage');

  await percent.fill('8');
  await page.getByRole('button', { name: 'Show the difference' }).click();
  const result = page.getByRole('region', { name: 'With 8% into your pension' });
  expect(withEight.takeHomeChangePerPeriod).toBeLessThan(0);
  await expect(result).toContainText(
    `Your take-home pay would be ${money(-withEight.takeHomeChangePerPeriod)} less a month, and ${money(-withEight.takeHomeChangePerYear)} less a year.`,
  );
  await expect(result).toContainText(`Take-home pay${money(withEight.next.takeHome)}`);
  await checkA11y('forecast, 8% into the pension');
});
