// Identity checks as a new user meets them against the real API: a wrong identity answer
// on Confirm information (one clear message, the tries left before the record locks, never under the
// privacy panel), and a reload on the link page (the boxes, the countdown and the channel come back;
// a wrong code clears the boxes and says the tries left). Axe runs on each new screen state.
import { test, expect, type Page } from '../support/fixtures';
import { emailLinkRecords } from '../support/accounts';
import { readLatestCode, registerAccount } from '../support/session';

const PASSWORD = 'Identity-journey-2026';
// Records no other journey uses: starter4 ends locked, starter2 is only confirmed, never linked.
const starter2 = emailLinkRecords.find((record) => record.email === 'starter2@example.com');
const starter4 = emailLinkRecords.find((record) => record.email === 'starter4@example.com');
if (!starter2 || !starter4) throw new Error('The demo linking records are missing.');

const CODE_PROMPT = 'Enter the security code sent by email/text';

async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Digit 1 of 6', { exact: true }).focus();
  await page.keyboard.type(code);
}

test.describe('journeys: identity', () => {
  test('a wrong identity answer says what happened, the tries left and what to do next, above the privacy panel', async ({ page, request, checkA11y }) => {
    test.setTimeout(180_000);
    await registerAccount(page, { email: starter4.email, password: PASSWORD, firstName: 'Kai', lastName: 'Starter' });
    await expect(page).toHaveURL(/\/setup$/);
    await page.getByRole('link', { name: /Link to your employer/ }).click();
    await page.getByRole('button', { name: 'Send linking code' }).click();
    await expect(page.getByRole('group', { name: CODE_PROMPT })).toBeVisible();
    const code = await readLatestCode(request, starter4.email);

    /** Links with the code (the page remembers it was sent), then confirms with a wrong bank number. */
    const failIdentityCheck = async () => {
      await expect(page.getByRole('group', { name: CODE_PROMPT })).toBeVisible();
      await typeCode(page, code);
      await expect(page).toHaveURL(/\/setup$/);
      await page.getByRole('link', { name: /Confirm your information/ }).click();
      await page.getByLabel('National Insurance number', { exact: true }).fill(starter4.niNumber);
      await page.getByLabel('Last 4 digits of bank account', { exact: true }).fill('0000');
      await page.getByLabel('Day', { exact: true }).fill(starter4.dob.day);
      await page.getByLabel('Month', { exact: true }).fill(starter4.dob.month);
      await page.getByLabel('Year', { exact: true }).fill(starter4.dob.year);
      await page.getByRole('button', { name: 'Confirm' }).click();
      // The spec's outcome: the link is reset and the user is at /.
      await expect(page).toHaveURL(/localhost:8080\/$/);
    };

    for (const triesLeft of [4, 3, 2, 1]) {
      await failIdentityCheck();
      const message = page.getByRole('alertdialog', { name: 'Your details did not match' });
      await expect(message).toBeVisible();
      await expect(message).toContainText('The details you entered do not match your employer’s records.');
      await expect(message).toContainText(`You have ${triesLeft === 1 ? '1 more try' : `${triesLeft} more tries`} before your payroll record is locked.`);
      if (triesLeft === 1) await expect(message).toContainText('If that try is wrong too, your employer will have to unlock it.');
      await expect(message).toContainText('To try again, go to ‘Link to your employer’ and enter the 6-digit linking code we sent you again');
      await expect(message).not.toContainText('link your account to your employer again');
      // One message that does not contradict itself, and nothing covers it.
      await expect(message).not.toContainText('Check them and try again');
      await expect(page.getByRole('dialog', { name: 'Privacy policy' })).toHaveCount(0);
      if (triesLeft === 4) await checkA11y('wrong identity answer, tries left');
      // Its next step is there to take (a covered link could not be clicked), and true: the code
      // already sent is asked for again and still works (failIdentityCheck types it).
      await message.getByRole('link', { name: 'Enter your code again' }).click();
      await expect(page).toHaveURL(/\/setup\/link$/);
    }

    // The 5th wrong answer locks the record: that message is readable too, at both sizes.
    await failIdentityCheck();
    const locked = page.getByRole('alertdialog', { name: 'Your payroll record is locked' });
    await expect(locked).toBeVisible();
    await expect(locked).toContainText('Your payroll record is locked after too many wrong answers. Contact your employer to unlock it.');
    await expect(locked.getByRole('link', { name: 'Enter your code again' })).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Privacy policy' })).toHaveCount(0);
    await checkA11y('identity record locked');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(locked.getByText(/Contact your employer to unlock it\./)).toBeInViewport();

    // Once read and closed, the blocking privacy panel appears as the spec has it.
    await locked.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog', { name: 'Privacy policy' })).toBeVisible();
  });

  test('a reload on the link page brings back the boxes, the countdown and the channel; a wrong code clears the boxes and says the tries left', async ({
    page,
    context,
    request,
    checkA11y,
  }) => {
    test.setTimeout(120_000);
    await registerAccount(page, { email: starter2.email, password: PASSWORD, firstName: 'Rae', lastName: 'Starter' });
    await expect(page).toHaveURL(/\/setup$/);
    await page.getByRole('link', { name: /Link to your employer/ }).click();
    await expect(page.getByRole('button', { name: 'Send linking code' })).toBeEnabled();

    // A second tab, open before the code is asked for (as a phone's other tab would be).
    const otherTab = await context.newPage();
    await otherTab.goto('/setup/link');
    await expect(otherTab.getByRole('button', { name: 'Send linking code' })).toBeEnabled();

    await page.getByRole('button', { name: 'Send linking code' }).click();
    await expect(page.getByRole('group', { name: CODE_PROMPT })).toBeVisible();

    // A reload (the phone switching to the mail app) brings the page back from what the server knows.
    await page.reload();
    await expect(page.getByRole('group', { name: CODE_PROMPT })).toBeVisible();
    await expect(page.getByLabel('Digit 6 of 6', { exact: true })).toBeVisible();
    await expect(page.getByText('We have sent you a linking code by email. It works for another 10 minutes.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend linking code' })).toBeDisabled();
    await expect(page.getByText(/You can ask for a new linking code in \d+ seconds?\./)).toBeVisible();
    await checkA11y('link page after a reload');

    // Asking again within 30 seconds (from the other tab) says how long to wait, not that sending failed.
    await otherTab.getByRole('button', { name: 'Send linking code' }).click();
    const onItsWay = otherTab.getByRole('status').filter({ hasText: 'Your code is on its way' });
    await expect(onItsWay).toContainText(/You asked for a code less than 30 seconds ago\. Check your messages, or wait \d+ seconds? and ask for a new one\./);
    await expect(otherTab.getByText('We could not send a code')).toHaveCount(0);
    await expect(otherTab.getByRole('group', { name: CODE_PROMPT })).toBeVisible();
    await otherTab.close();

    // A wrong code: 'Incorrect code' as the spec has it, the tries left, empty boxes, focus on the first.
    const code = await readLatestCode(request, starter2.email);
    await typeCode(page, code === '111111' ? '222222' : '111111');
    const incorrect = page.getByRole('alert').filter({ hasText: 'Incorrect code' });
    await expect(incorrect).toContainText('Please enter a correct linking code. You have 4 more tries with this code.');
    for (const n of [1, 2, 3, 4, 5, 6]) await expect(page.getByLabel(`Digit ${n} of 6`, { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Digit 1 of 6', { exact: true })).toBeFocused();
    await checkA11y('wrong code, boxes cleared');

    // Another reload still knows the code; the right one links.
    await page.reload();
    await expect(page.getByRole('group', { name: CODE_PROMPT })).toBeVisible();
    await typeCode(page, code);
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByRole('link', { name: /Link to your employer/ })).toContainText('Done');
  });
});
