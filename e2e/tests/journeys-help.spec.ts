// The places a new user trips, each a journey that failed before
// its fix (e2e/tests/journeys.spec.ts holds item 5).
import { demoUser, secondUser } from '../support/accounts';
import { readRuntimeConfig } from '../support/runtime-config';
import { test, expect } from '../support/fixtures';
import { chooseEmployment, registerAccount, signIn } from '../support/session';

/** The support phone and email the running portal serves in config.json. */
function supportContacts(): { phone: string; email: string } {
  return (readRuntimeConfig() as unknown as { support: { phone: string; email: string } }).support;
}

test.describe('journeys: help, ways back, honest content, documents, the account picker', () => {
  test('help is reachable in every state: signed out, on the sign-in pages, during set-up and signed in', async ({ page, visit, checkA11y }) => {
    const { phone, email } = supportContacts();

    // Signed out: 'Help' in the landing page's header leads to Support at its own address; the
    // landing page's 'Need help?' section gives the support contacts.
    await visit('/');
    await page.getByRole('banner').getByRole('link', { name: 'Help' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await visit('/#help');
    const needHelp = page.getByRole('region', { name: 'Need help?' });
    await expect(needHelp).toBeInViewport();
    await expect(needHelp.getByRole('link', { name: phone })).toBeVisible();
    await expect(needHelp.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await checkA11y('landing, need help');

    // The sign-in and registration pages the API serves: 'Help with signing in' comes back to it.
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your pay portal' })).toBeVisible();
    await checkA11y('sign-in page with its help link');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await checkA11y('registration page with its help link');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Help with signing in' }).click();
    await expect(page).toHaveURL(/localhost:8080\/#help$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Need help?' })).toBeFocused();
    await expect(page.getByRole('region', { name: 'Need help?' })).toBeInViewport();

    // Set-up (a new account, no employment): Help in the header, the FAQs from there.
    await registerAccount(page, { email: `help-${Date.now()}@example.com`, password: 'correct horse battery staple', firstName: 'Robin', lastName: 'Hale' });
    await expect(page.getByRole('heading', { level: 1, name: /Set up your account\./ })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Help' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await checkA11y('support during set-up');
    await page.getByRole('link', { name: 'Frequently asked questions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    await page.getByRole('link', { name: 'Go back' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await page.goto('/setup');
    // The title signs out only once asked, and is no Tab stop: the heading has focus, the steps come next.
    const title = page.getByRole('button', { name: 'Set up your account.' });
    await expect(page.getByRole('heading', { level: 1, name: 'Set up your account.' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: /Link to your employer/ })).toBeFocused();
    await title.click();
    const question = page.getByRole('alertdialog', { name: 'Sign out? You will need to sign in again to finish setting up your account.' });
    await expect(question.getByRole('button', { name: 'Stay' })).toBeFocused();
    await checkA11y('setup, asked whether to sign out');
    await page.keyboard.press('Enter');
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/setup$/);
    await title.click();
    await question.getByRole('button', { name: 'Sign out' }).click();
    // Every sign-out ends on the landing page saying so.
    await expect(page).toHaveURL(/\/#signed-out$/);
    await expect(page.getByRole('region', { name: 'You have signed out' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
    await checkA11y('signed out');

    // Signed in, on a phone: Help in the top bar, then Contact details.
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, secondUser.email, secondUser.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    const help = page.getByRole('banner').getByRole('link', { name: 'Help' });
    await expect(help).toBeInViewport();
    await help.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await expect(help).toHaveAttribute('aria-current', 'page');
    await page.getByRole('link', { name: 'Contact details' }).click();
    await expect(page.getByRole('main').getByRole('link', { name: phone })).toBeVisible();
    await checkA11y('contact details from Help, on a phone');
  });

  test("'Add a new company' is no dead end: /setup offers a way back to Home or to the accounts", async ({ page, checkA11y }) => {
    // One employment: 'Add company' in the menu, then 'Back to Home' (on a phone, where the menu is a drawer).
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, secondUser.email, secondUser.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Add company' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Set up your account\./ })).toBeVisible();
    await checkA11y('setup with a way back to Home');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign out' }).click();
    // From Home at '/', too, the signed-out page loads afresh and says so; 'Sign in again' signs in.
    await expect(page.getByRole('region', { name: 'You have signed out' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your pay portal' })).toBeVisible();

    // Several employments, before choosing one: the picker's 'Add a new company', then back to the picker.
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, demoUser.email, demoUser.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Select your account' })).toBeVisible();
    await page.getByRole('link', { name: 'Add a new company' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Set up your account\./ })).toBeVisible();
    await checkA11y('setup with a way back to the accounts');
    await page.getByRole('link', { name: 'Back to your employers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Select your account' })).toBeVisible();

    // Signed up: Change company, Add a new company, and back to the accounts again.
    await chooseEmployment(page, demoUser.activeEmployer);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Change company' }).click();
    await page.getByRole('link', { name: 'Add a new company' }).click();
    await expect(page).toHaveURL(/\/setup$/);
    await page.getByRole('link', { name: 'Back to your employers' }).click();
    await expect(page).toHaveURL(/\/select-company$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Select your account' })).toBeVisible();
  });

  test('the FAQs promise only what the portal does, and date-of-birth hints are British', async ({ page, checkA11y }) => {
    // The registration page asks Day, Month, Year with a British example, and checks it as such.
    await page.goto('/');
    await page.getByRole('button', { name: 'Create an account' }).click();
    const dateOfBirth = page.getByRole('group', { name: 'Date of birth (optional)' });
    await expect(dateOfBirth).toContainText('For example, 14 5 1990');
    await expect(page.locator('input[type="date"]')).toHaveCount(0);
    await page.getByLabel(/first name/i).fill('Robin');
    await page.getByLabel(/last name/i).fill('Hale');
    await page.getByLabel(/email/i).fill(`dates-${Date.now()}@example.com`);
    await dateOfBirth.getByLabel('Day').fill('31');
    await dateOfBirth.getByLabel('Month').fill('2');
    await dateOfBirth.getByLabel('Year').fill('1990');
    await page.getByRole('button', { name: /create/i }).click();
    await expect(page.getByRole('alert')).toContainText('Enter a real date of birth, for example, 14 5 1990');
    await expect(dateOfBirth.getByLabel('Day')).toHaveValue('31');
    await checkA11y('registration with a date of birth that does not exist');

    // The FAQ about personal details names what Profile really holds; Profile has exactly those.
    await signIn(page, secondUser.email, secondUser.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Help' }).click();
    await page.getByRole('link', { name: 'Frequently asked questions' }).click();
    const main = page.getByRole('main');
    // No question offers to change an address.
    await expect(main.getByRole('button', { expanded: false })).toHaveCount(5);
    await expect(main.getByRole('button').filter({ hasText: /address/i })).toHaveCount(0);
    const question = main.getByRole('button', { name: 'How do I change my name or other personal details?' });
    await question.click();
    const answer = page.locator(`#${await question.getAttribute('aria-controls')}`);
    await expect(answer).toContainText('Profile. There you can change your name, email address, mobile number, date of birth and National Insurance number');
    await expect(answer).toContainText('The portal does not hold your home address');
    await checkA11y('FAQs, personal details answer open');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(main.getByRole('term')).toHaveText(['Full name', 'Email address', 'Mobile number', 'Date of birth', 'National insurance']);
    await expect(main.getByRole('term').filter({ hasText: /^(Home )?address$/i })).toHaveCount(0);

    // The date-of-birth edit: the spec's placeholders, and a British example as the hint.
    await page.getByRole('button', { name: 'Change date of birth' }).click();
    const boxes = page.getByRole('group', { name: 'Date of birth' });
    await expect(boxes).toContainText('For example, 14 5 1990');
    await expect(boxes.getByRole('textbox', { name: 'Day' })).toHaveAccessibleDescription(/For example, 14 5 1990/);
    await checkA11y('date of birth edit with its hint');
  });

  test('Documents opens on the tab that has something to show', async ({ page, visit }) => {
    await signIn(page, demoUser.email, demoUser.password);
    await chooseEmployment(page, demoUser.activeEmployer);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    // 'My docs' has nothing; the employer's shared documents are there at once, no tab to find.
    await expect(page.getByRole('tab', { name: 'Shared with me' })).toHaveAttribute('aria-selected', 'true');
    const shared = page.getByRole('tabpanel', { name: 'Shared with me' });
    await expect(shared.getByRole('rowheader', { name: 'Staff handbook 2026.pdf' })).toBeVisible();
    await expect(shared.getByRole('button', { name: /^Download / })).toHaveCount(3);
    // The same on arrival by address (a reload, a bookmark), with axe on the screen.
    await visit('/documents');
    await expect(page.getByRole('tab', { name: 'Shared with me' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Shared with me' }).getByRole('table')).toBeVisible();
    // The user's own choice stands.
    await page.getByRole('tab', { name: 'My docs' }).click();
    await expect(page.getByRole('tabpanel', { name: 'My docs' })).toContainText('You have no documents of your own here yet.');
  });

  test('the account picker marks the employment in use and preselects the last choice; an ended employment shows its own updates only', async ({
    page,
    checkA11y,
  }) => {
    await signIn(page, demoUser.email, demoUser.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Select your account' })).toBeVisible();
    // A first visit on this device: nothing chosen yet, nothing marked.
    await expect(page.getByText('In use now')).toHaveCount(0);
    await expect(page.getByText('Last used')).toHaveCount(0);

    // The ended employment's Home: only what its employer posted while Alex worked there.
    await chooseEmployment(page, demoUser.endedEmployer);
    const recent = page.getByRole('region', { name: 'Recent Updates' });
    await expect(recent.getByRole('heading', { name: 'Book your remaining holiday before the holiday year ends on 31 March' })).toBeVisible();
    await expect(recent.getByRole('listitem')).toHaveCount(1);
    await expect(recent).not.toContainText('October pay has been processed');
    await expect(recent).not.toContainText('New benefits guide published');
    await checkA11y('home of an ended employment');

    // Change company: the one in use is marked and has focus.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Change company' }).click();
    const ended = page.getByRole('button', { name: new RegExp(demoUser.endedEmployer) });
    await expect(ended).toHaveAttribute('aria-current', 'true');
    await expect(ended).toContainText('In use now');
    await expect(ended).toBeFocused();
    await expect(page.getByRole('button', { name: new RegExp(demoUser.activeEmployer) })).not.toHaveAttribute('aria-current');
    await checkA11y('account picker with the employment in use marked');
    await chooseEmployment(page, demoUser.activeEmployer);
    await expect(page.getByRole('region', { name: 'Recent Updates' }).getByRole('heading', { name: 'Your October payslip is ready' })).toBeVisible();

    // Signed out and back: the last choice is preselected; Enter goes on with it.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
    await signIn(page, demoUser.email, demoUser.password);
    const last = page.getByRole('button', { name: new RegExp(demoUser.activeEmployer) });
    await expect(last).toContainText('Last used');
    await expect(last).toBeFocused();
    await expect(page.getByText('In use now')).toHaveCount(0);
    await checkA11y('account picker with the last choice preselected');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(demoUser.activeEmployer);
  });
});
