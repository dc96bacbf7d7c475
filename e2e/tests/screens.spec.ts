// Screenshot comparisons of every screen at a desktop (1366×900) and a phone (390×844) size: a
// style change shows in review as a changed baseline in tests/screens.spec.ts-snapshots/.
// Update them on purpose with `pnpm --filter e2e exec playwright test tests/screens.spec.ts --update-snapshots`.
// Each screen is taken at both sizes in one visit (shoot), so one walk through set-up covers both.
import type { Locator, Page } from '@playwright/test';
import { demoUser, emailLinkRecords } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { chooseEmployment, readLatestCode, registerAccount, signIn, signInInWelsh } from '../support/session';
import { signInAsAdmin } from '../support/admin';
import { offerLanguages } from '../support/runtime-config';

const SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

// A linking record no other journey uses (onboarding uses new.starter and starter1, identity 2 and 4).
const starter3 = emailLinkRecords.find((record) => record.email === 'starter3@example.com');
if (!starter3) throw new Error('The demo linking record starter3 is missing.');

/**
 * The screen at both sizes. `ready` is what must be on screen first (data loaded); `mask` hides what
 * depends on today's date or a random value. Fonts and images are settled before each shot.
 */
async function shoot(page: Page, name: string, ready: Locator, mask: Locator[] = []): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await expect(ready).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    // Nothing keeps focus for the shot (a focused heading or field would draw differently by path).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect(page).toHaveScreenshot(`${name}-${size.name}.png`, { fullPage: true, animations: 'disabled', caret: 'hide', mask });
  }
  await page.setViewportSize(SIZES[0]);
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** Answers Settings' security calls with fixed sessions and sign-ins (what they hold is the API tests' business). */
async function fixedAccountSecurity(page: Page): Promise<void> {
  const enveloped = (data: unknown) => ({ json: { data: JSON.stringify({ status: 200, error: null, data }) } });
  const chrome = { browser: 'Chrome 131', system: 'Windows 10', secondStep: false };
  await page.route('**/api/users/*/two-step', (route) => route.fulfill(enveloped({ on: false, recoveryCodesLeft: 0, required: false })));
  await page.route('**/api/users/*/sessions', (route) =>
    route.fulfill(
      enveloped([
        { ...chrome, id: 'ses_here', current: true, ipAddress: '203.0.113.7', startedAt: '2026-03-05T09:00:00Z', lastUsedAt: '2026-03-05T14:05:00Z' },
        {
          id: 'ses_phone',
          current: false,
          browser: 'Safari 17',
          system: 'iOS 17.5',
          secondStep: false,
          ipAddress: '198.51.100.23',
          startedAt: '2026-03-04T08:30:00Z',
          lastUsedAt: '2026-03-04T18:12:00Z',
        },
      ]),
    ),
  );
  await page.route('**/api/users/*/sign-ins', (route) =>
    route.fulfill(
      enveloped([
        { ...chrome, id: 'sie_3', at: '2026-03-05T09:00:00Z', result: 'signed-in', method: 'password', secondStep: null, ipAddress: '203.0.113.7' },
        { ...chrome, id: 'sie_2', at: '2026-03-05T08:59:00Z', result: 'wrong-password', method: 'password', secondStep: null, ipAddress: '203.0.113.7' },
        {
          id: 'sie_1',
          at: '2026-03-04T08:30:00Z',
          result: 'signed-in',
          method: 'password',
          secondStep: null,
          browser: 'Safari 17',
          system: 'iOS 17.5',
          ipAddress: '198.51.100.23',
        },
      ]),
    ),
  );
}

test.describe('screens', () => {
  test.use({ viewport: { width: SIZES[0].width, height: SIZES[0].height } });

  test('signed out: landing, the sign-in and registration pages, the start error', async ({ page, context }) => {
    await page.goto('/');
    await shoot(page, 'landing', heading(page, 'Your pay, in one place'));

    // The login trigger (/login) lands on the API's sign-in page; /sign-up on its registration page.
    await page.goto('/login');
    // Ready once its script has shown the passkey button (Chromium has passkeys).
    const passkey = page.getByRole('button', { name: 'Sign in with a passkey' });
    await shoot(page, 'sign-in', passkey);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await shoot(page, 'sign-in-errors', passkey);

    await page.goto('/sign-up');
    await shoot(page, 'register', page.getByRole('button', { name: /create/i }));

    // The sign-in page in Welsh, as its own switch leaves it (the cookie goes with this test's context).
    await page.goto('/login');
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Cymraeg' }).click();
    await shoot(page, 'sign-in-cy', page.getByRole('button', { name: 'Mewngofnodi ag allwedd mynediad' }));
    await context.clearCookies({ name: 'portal-language' });

    // The error page: the portal could not read its runtime config (at an address that loads the app:
    // the signed-out landing page at / is the HTML alone and reads no config).
    await context.route('**/config.json', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/payslips');
    await shoot(page, 'error-start', heading(page, 'The portal could not start'));
    await context.unroute('**/config.json');
  });

  test('set-up: checklist, link, code entry, confirm information, privacy, notifications', async ({ page, request }) => {
    const password = 'Screens-journey-2026';
    if ((await registerAccount(page, { email: starter3.email, password, firstName: 'Rae', lastName: 'Starter' })) === 'exists') {
      await signIn(page, starter3.email, password);
    }
    await shoot(page, 'setup', heading(page, 'Set up your account.'));

    await page.getByRole('link', { name: /Link to your employer/ }).click();
    await shoot(page, 'setup-link', page.getByRole('button', { name: 'Send linking code' }));

    await page.getByRole('button', { name: 'Send linking code' }).click();
    const countdown = page.getByText(/You can ask for a new linking code in \d+ seconds?\./);
    await shoot(page, 'setup-code', page.getByRole('group', { name: 'Enter the security code sent by email/text' }), [countdown]);

    await page.getByLabel('Digit 1 of 6', { exact: true }).focus();
    await page.keyboard.type(await readLatestCode(request, starter3.email));
    await page.getByRole('link', { name: /Confirm your information/ }).click();
    await shoot(page, 'setup-confirm', heading(page, 'Confirm your information.'));

    await page.getByLabel('National Insurance number', { exact: true }).fill(starter3.niNumber);
    await page.getByLabel('Last 4 digits of bank account', { exact: true }).fill(starter3.bankLast4);
    await page.getByLabel('Day', { exact: true }).fill(starter3.dob.day);
    await page.getByLabel('Month', { exact: true }).fill(starter3.dob.month);
    await page.getByLabel('Year', { exact: true }).fill(starter3.dob.year);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await shoot(page, 'setup-linked', heading(page, /Success!/));

    await page.getByRole('link', { name: 'Continue' }).click();
    const policy = page.getByRole('dialog', { name: 'Privacy policy' });
    await expect(policy.getByRole('region', { name: 'Privacy policy text' })).toContainText('Privacy notice');
    await shoot(page, 'setup-privacy', policy);

    await page.goto('/setup/notifications');
    await shoot(page, 'setup-notifications', heading(page, 'How would you like to receive notifications?'));
  });

  test('signed in: every screen of the shell, the pay and document lists, profile and help', async ({ page }) => {
    // About twenty screens, each shot at two sizes and compared: more than the default minute on a busy machine.
    test.slow();
    await signIn(page, demoUser.email, demoUser.password);
    await shoot(page, 'account-picker', page.getByRole('button', { name: new RegExp(demoUser.activeEmployer) }));
    await chooseEmployment(page, demoUser.activeEmployer);

    const main = page.getByRole('main');
    await shoot(page, 'home', main.getByText('Recent Updates'));
    // The latest payslip shown: its figures and 'View more details' (the chart is drawn by script, masked).
    await main.getByRole('button', { name: 'Show' }).click();
    await shoot(page, 'home-payslip-shown', main.getByRole('link', { name: 'View more details' }), [main.getByTestId('ring-chart-canvas')]);

    await page.goto('/payslips');
    const firstPayslip = main.getByRole('table').getByRole('link').first();
    await shoot(page, 'payslips', firstPayslip);
    await firstPayslip.click();
    await shoot(page, 'payslip', main.getByRole('link', { name: 'Back' }));

    await page.goto('/payslips/compare');
    await shoot(page, 'payslip-compare', main.getByRole('table'));
    await page.goto('/tax-year');
    await shoot(page, 'tax-year', main.getByRole('table'));

    for (const [path, name] of [
      ['/P60', 'p60'],
      ['/P11d', 'p11d'],
      ['/P45', 'p45'],
      ['/pension-letters', 'pension-letters'],
      ['/documents', 'documents'],
    ] as const) {
      await page.goto(path);
      await shoot(
        page,
        name,
        main
          .getByRole('table')
          .or(main.getByText(/no .* yet|nothing/i))
          .first(),
      );
    }

    await page.goto('/profile');
    await shoot(page, 'profile', heading(page, 'Profile'));
    for (const row of ['full name', 'email address', 'mobile number', 'date of birth', 'national insurance']) {
      await page.getByRole('button', { name: new RegExp(`^Change ${row}`, 'i') }).click();
      await shoot(page, `profile-edit-${row.replace(/ /g, '-')}`, page.getByRole('button', { name: 'Save' }));
      await page.getByRole('button', { name: 'Back' }).click();
    }

    await page.goto('/support');
    await shoot(page, 'support', main.getByRole('link', { name: 'Contact details' }));
    await page.goto('/FAQs');
    await shoot(page, 'faqs', heading(page, 'Frequently asked questions'));
    await page.goto('/contact-details');
    await shoot(page, 'contact-details', heading(page, 'Contact details'));

    // The phone's menu, open.
    await page.setViewportSize(SIZES[1]);
    await page.goto('/support');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect(page).toHaveScreenshot('menu-phone.png', { animations: 'disabled', caret: 'hide' });
  });

  test('in Welsh: the screens translated so far', async ({ page }) => {
    const restoreConfig = offerLanguages(['en', 'cy']);
    try {
      await signInInWelsh(page);
      const main = page.getByRole('main');
      await shoot(page, 'home-cy', main.getByText('Diweddariadau diweddar'));
      await main.getByRole('button', { name: 'Dangos' }).click();
      await shoot(page, 'home-payslip-shown-cy', main.getByRole('link', { name: 'Gweld rhagor o fanylion' }), [main.getByTestId('ring-chart-canvas')]);
      await page.goto('/payslips');
      await shoot(page, 'payslips-cy', page.getByRole('main').getByRole('table').getByRole('link').first());
      await page.getByRole('main').getByRole('table').getByRole('link').first().click();
      await shoot(page, 'payslip-cy', page.getByRole('main').getByRole('navigation', { name: 'Slipiau cyflog eraill' }), [
        page.getByTestId('ring-chart-canvas'),
      ]);
      await page.goto('/P60');
      await shoot(page, 'p60-cy', page.getByRole('main').getByRole('table'));
      await page.goto('/documents');
      await shoot(page, 'documents-cy', page.getByRole('main').getByRole('table'));
      await page.goto('/tax-year');
      await shoot(page, 'tax-year-cy', page.getByRole('main').getByRole('table'));
      await page.goto('/payslips/compare');
      await shoot(page, 'compare-cy', page.getByRole('main').getByRole('table'));
      await page.goto('/profile');
      await shoot(page, 'profile-cy', page.getByRole('main').getByRole('button', { name: 'Newid enw llawn' }));
      // Back to English on the account, as the other journeys expect it.
      await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    } finally {
      restoreConfig();
    }
  });

  test('the employer console: employees, a record, publishing and an update to staff', async ({ page }) => {
    await signInAsAdmin(page);
    // A record no journey changes (Alex, linked since the seed), so the list and the record hold still.
    await page.getByRole('searchbox', { name: 'Search employees' }).fill('Alex Morgan');
    const table = page.getByRole('table', { name: 'Employees' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await shoot(page, 'console-employees', table.getByRole('link', { name: 'Alex Morgan' }));
    await table.getByRole('link', { name: 'Alex Morgan' }).click();
    // Both of its lists loaded (Alex's record has no history or messages: nothing dated on screen).
    await expect(page.getByText('No messages have been sent about this record.')).toBeVisible();
    await shoot(page, 'console-record', page.getByText('Nothing has happened to this record yet.'));
    const consoleMenu = page.getByRole('navigation', { name: 'Employer console' });
    await consoleMenu.getByRole('link', { name: 'Publish' }).click();
    await shoot(page, 'console-publish', page.getByRole('region', { name: 'Publish documents in bulk' }));
    await page.goto('/employer/updates');
    await shoot(page, 'console-updates', page.getByRole('button', { name: 'Post update' }));
  });
});

// Settings' sessions and sign-ins change with every run: the shot shows fixed ones, answered here
// (with the service worker kept out, so the page's requests reach these routes).
test.describe('settings screen', () => {
  test.use({ viewport: { width: SIZES[0].width, height: SIZES[0].height }, serviceWorkers: 'block' });

  test('settings, with fixed sessions and sign-ins', async ({ page }) => {
    await fixedAccountSecurity(page);
    await signIn(page, demoUser.email, demoUser.password);
    await chooseEmployment(page, demoUser.activeEmployer);
    await page.goto('/settings');
    await shoot(page, 'settings', page.getByRole('main').getByRole('table', { name: 'Sign-ins, newest first' }).getByText('Safari 17 on iOS 17.5'));
  });

  test('settings in Welsh, with its language section', async ({ page }) => {
    const restoreConfig = offerLanguages(['en', 'cy']);
    try {
      await fixedAccountSecurity(page);
      await signIn(page, demoUser.email, demoUser.password);
      await chooseEmployment(page, demoUser.activeEmployer);
      await page.goto('/settings');
      await page.getByRole('region', { name: 'Language' }).getByText('Cymraeg').click();
      await page.getByRole('button', { name: 'Save language' }).click();
      await shoot(page, 'settings-cy', page.getByRole('region', { name: 'Iaith' }).getByRole('radio', { name: 'Cymraeg', checked: true }));
      // Back to English on the account, as the other journeys expect it.
      await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    } finally {
      restoreConfig();
    }
  });
});
