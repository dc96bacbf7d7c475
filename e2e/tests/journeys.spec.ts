// The places a new user trips, each a journey that failed before its fix.
import { demoUser } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { chooseEmployment, signIn } from '../support/session';

test.describe('journeys: load errors', () => {
  test('a load error on the payslips list is in plain words, never the server wording, and Try again loads the list', async ({ page, context, checkA11y }) => {
    let failing = true;
    // On the context: its routes also see what the service worker fetches (a page's routes do not).
    await context.route('**/api/users/*/employments/*/payslips', async (route) => {
      if (!failing) return route.fallback();
      // The API's own developer wording, as a route's validation gives it.
      return route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 400,
          error: 'params.employmentId must be an id: letters, digits, - or _, up to 64 characters',
          code: 'request.field_invalid',
          field: 'employmentId',
          data: null,
        }),
      });
    });
    await signIn(page, demoUser.email, demoUser.password);
    await chooseEmployment(page, demoUser.activeEmployer);
    await page.getByRole('link', { name: 'Payslips' }).first().click();
    await expect(page).toHaveURL(/\/payslips$/);
    const alert = page.getByRole('alert').filter({ hasText: 'Your payslips could not be loaded' });
    await expect(alert).toBeVisible();
    await expect(alert).not.toContainText('params.');
    await expect(alert).toContainText('Sorry, something went wrong. Try again.');
    await checkA11y('payslips load error');
    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
