// Onboarding journeys against the real API: register, link by email or by invitation (phone), confirm
// identity, accept the privacy policy, reach Home. Axe runs on every screen visited.
import { test, expect, type Page } from '../support/fixtures';
import { emailLinkRecords, invitationRecord } from '../support/accounts';
import { readLatestCode, registerAccount, signIn } from '../support/session';

const PASSWORD = 'Onboarding-journey-2026';

const [newStarter, starter1] = emailLinkRecords;
if (!newStarter || !starter1) throw new Error('The demo linking records are missing.');

/** Registers the account, or signs in when a previous run on the same server already registered it. */
async function registerOrSignIn(page: Page, email: string, firstName: string): Promise<void> {
  if ((await registerAccount(page, { email, password: PASSWORD, firstName, lastName: 'Starter' })) === 'exists') await signIn(page, email, PASSWORD);
}

/** A paste event carrying `text` into the element, as the browser fires it for Ctrl+V. */
async function pasteInto(page: Page, label: string, text: string): Promise<void> {
  const box = page.getByLabel(label, { exact: true });
  await box.focus();
  await box.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

async function expectSetupPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your account.' })).toBeVisible();
}

async function sendCode(page: Page, checkA11y: (label?: string) => Promise<void>): Promise<void> {
  await page.getByRole('link', { name: /Link to your employer/ }).click();
  await expect(page).toHaveURL(/\/setup\/link$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Please enter your employer code' })).toBeVisible();
  await checkA11y('link to employer');
  await page.getByRole('button', { name: 'Send linking code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Code sent' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Enter the security code sent by email/text' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend linking code' })).toBeDisabled();
  await expect(page.getByText(/You can ask for a new linking code in \d+ seconds?\./)).toBeVisible();
  await checkA11y('code sent');
}

test.describe('onboarding', () => {
  test('a new account links by email, confirms its identity, accepts the policy and reaches Home', async ({ page, context, request, checkA11y }) => {
    // The policy panel will show a policy that holds scripts: they must not run. Installed before the
    // first screen, since the portal keeps the policy text once it has fetched it.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // On the context: its routes also see what the service worker fetches (a page's routes do not).
    await context.route('**/api/users/*/privacy_policy_text', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          data: JSON.stringify({
            status: 200,
            error: null,
            data: '<h2>Privacy notice</h2><p>Injected policy</p><script>window.__policyScriptRan = true; alert("script")</script><img src="/nothing.png" onerror="window.__policyScriptRan = true; alert(\'onerror\')">',
          }),
        }),
      }),
    );
    await registerAccount(page, { email: newStarter.email, password: PASSWORD, firstName: 'Nia', lastName: 'Starter' });
    await expectSetupPage(page);
    await checkA11y('setup checklist');
    await expect(page.getByRole('link', { name: /Confirm your information/ })).toHaveAttribute('aria-disabled', 'true');

    await sendCode(page, checkA11y);
    const code = await readLatestCode(request, newStarter.email);
    // Pasted into a middle box: all six fill and the code is confirmed at once.
    await pasteInto(page, 'Digit 3 of 6', code);

    await expectSetupPage(page);
    await checkA11y('setup checklist, linked');
    await page.getByRole('link', { name: /Confirm your information/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your information.' })).toBeVisible();
    await checkA11y('confirm information');
    await page.getByLabel('National Insurance number', { exact: true }).fill(newStarter.niNumber.toLowerCase());
    await expect(page.getByLabel('National Insurance number', { exact: true })).toHaveValue(newStarter.niNumber);
    await page.getByLabel('Last 4 digits of bank account', { exact: true }).fill(newStarter.bankLast4);
    await page.getByLabel('Day', { exact: true }).pressSequentially(newStarter.dob.day);
    await expect(page.getByLabel('Month', { exact: true })).toBeFocused();
    await page.keyboard.type(newStarter.dob.month);
    await expect(page.getByLabel('Year', { exact: true })).toBeFocused();
    await page.keyboard.type(newStarter.dob.year);
    await page.getByRole('button', { name: 'Confirm' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Success! Your account has been successfully linked to your employer' })).toBeVisible();
    await checkA11y('confirm information, success');

    // The policy panel (installed above) holds the injected policy.
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/setup\/select-company$/);
    const dialog = page.getByRole('dialog', { name: 'Privacy policy' });
    await expect(dialog).toBeVisible();
    const policyText = dialog.getByRole('region', { name: 'Privacy policy text' });
    await expect(policyText).toContainText('Injected policy');
    await page.waitForTimeout(500); // time for an image error handler to fire, were it there
    expect(await policyText.locator('script').count()).toBe(0);
    expect(await policyText.locator('[onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __policyScriptRan?: boolean }).__policyScriptRan)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await context.unroute('**/api/users/*/privacy_policy_text');

    // The real policy (a reload keeps the picker: one employment, policy not yet accepted).
    await page.reload();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Privacy policy text' })).toContainText('Privacy notice');
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await checkA11y('privacy policy panel');
    // It cannot be dismissed, and focus stays inside.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }

    await dialog.getByRole('button', { name: 'Accept' }).click();
    // One employment and the policy accepted: the host picks it and opens Home.
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await checkA11y('home');

    // The NI number confirmed at set-up is on Profile at once, not 'Not given'.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('main').getByRole('link', { name: 'Profile' }).click();
    const niNumber = page
      .locator('.profile-overview__row', { has: page.getByRole('term').filter({ hasText: 'National insurance' }) })
      .getByRole('definition')
      .first();
    await expect(niNumber).toHaveText(newStarter.niNumber);
  });

  test("a wrong code shows 'Incorrect code'", async ({ page, request, checkA11y }) => {
    await registerOrSignIn(page, starter1.email, 'Sol');
    await expectSetupPage(page);
    await sendCode(page, checkA11y);
    const code = await readLatestCode(request, starter1.email);
    const wrong = code === '111111' ? '222222' : '111111';
    await page.getByLabel('Digit 1 of 6', { exact: true }).focus();
    await page.keyboard.type(wrong);
    const alert = page.getByRole('alert').filter({ hasText: 'Incorrect code' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Please enter a correct linking code.');
    await expect(page).toHaveURL(/\/setup\/link$/);
    await checkA11y('incorrect code');
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(alert).toBeHidden();
  });

  test('an invitation token sends the code by text to the phone number', async ({ page, request, visit, checkA11y }) => {
    // The employer's text message links to the portal with the invitation token.
    await page.goto(`/?token=${invitationRecord.token}`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBe(invitationRecord.token);
    await registerAccount(page, {
      email: `invited.${Date.now()}@example.com`,
      password: PASSWORD,
      firstName: 'Ivo',
      lastName: 'Invited',
      mobilePhone: invitationRecord.phone,
    });
    await expectSetupPage(page);
    await page.getByRole('link', { name: /Link to your employer/ }).click();
    await expect(page.getByText(invitationRecord.phone)).toBeVisible();
    await checkA11y('link to employer, phone channel');
    await page.getByRole('button', { name: 'Send linking code' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Code sent' })).toContainText(invitationRecord.phone);

    const code = await readLatestCode(request, invitationRecord.phone);
    await pasteInto(page, 'Digit 1 of 6', code);
    // Confirmed: the link is stored. The journey stops here, so the invitation record stays unlinked.
    await expectSetupPage(page);
    await expect(page.getByRole('link', { name: /Link to your employer/ })).toContainText('Done');
    await expect(page.getByRole('link', { name: /Confirm your information/ })).not.toHaveAttribute('aria-disabled');
    await checkA11y('setup checklist after phone link');

    // Notification preferences: real switches saved to the server, the Email row, and 'Continue' to the account picker.
    await visit('/setup/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'How would you like to receive notifications?' })).toBeVisible();
    const sms = page.getByRole('switch', { name: 'SMS' });
    await expect(sms).toBeEnabled(); // the saved choices have arrived
    await sms.focus();
    await page.keyboard.press('Space');
    await expect(sms).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'Your choice is saved.' })).toBeVisible();
    // WhatsApp, coming soon, cannot be turned on: not by the switch, not by the API.
    const whatsApp = page.getByRole('switch', { name: 'WhatsApp' });
    await expect(whatsApp).toHaveAttribute('aria-disabled', 'true');
    await expect(whatsApp).toHaveAccessibleDescription('Coming soon: WhatsApp messages are not available yet, so they cannot be turned on.');
    await page.keyboard.press('Tab');
    await expect(whatsApp).toBeFocused();
    await page.keyboard.press('Enter');
    await whatsApp.click({ force: true }); // a click, though Playwright waits for aria-disabled controls to be enabled
    await expect(whatsApp).toHaveAttribute('aria-checked', 'false');
    const { sub: userId } = (await (await page.request.get('/app/me/')).json()) as { sub: string };
    const turnedOn = await page.request.put(`/api/users/${userId}/notification-preferences`, {
      data: { email: true, sms: true, whatsApp: true },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(turnedOn.status()).toBe(400);
    expect(await turnedOn.json()).toMatchObject({ code: 'notifications.channel_unavailable' });
    await page.reload();
    await expect(page.getByRole('switch', { name: 'SMS' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('switch', { name: 'Email' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('button', { name: 'Set up' }).click();
    await expect(page.getByText(/Email notifications go to/)).toContainText('@example.com');
    await checkA11y('notification preferences');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/select-company$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Select your account', includeHidden: true })).toBeAttached();
    await expect(page.getByRole('dialog', { name: 'Privacy policy' })).toBeVisible();
    await checkA11y('account picker with the privacy panel');
  });
});
