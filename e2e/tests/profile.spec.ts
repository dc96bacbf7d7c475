// remote-profile against the real API: Settings (/settings) and Profile (/profile) with its five edit
// screens. Sam (one employment, so the host selects it and goes Home) changes every field, sees the
// new value on the overview and after a reload; his original details are put back at the end, even
// when a step fails. The email is changed in its own journey, and changed back through the screen.
import type { Page } from '@playwright/test';
import type { IdentityUser } from '@portal/shared/api/types';
import { PORTAL_URL, secondUser } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { confirmEmailChange, restoreSignInEmail, signIn } from '../support/session';

// Each journey visits many screens and runs axe on each: more than the default minute.
test.describe.configure({ timeout: 120_000 });

/** The signed-in identity user, read with the page's own session. */
async function readIdentityUser(page: Page): Promise<IdentityUser> {
  const me = await page.request.get('/app/me/');
  expect(me.ok()).toBeTruthy();
  const { sub } = (await me.json()) as { sub: string };
  const response = await page.request.get(`/api/user/${sub}`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { user: IdentityUser }).user;
}

/** Puts the identity user back as it was (and the app's record email), whatever the screens did. */
async function restoreIdentityUser(page: Page, original: IdentityUser): Promise<void> {
  const { firstName, middleName, lastName, mobilePhone, birthDate, email, data } = original;
  // A change to /api must name the portal's origin, as the browser does for the portal's own calls.
  const fromPortal = { Origin: PORTAL_URL };
  if (email) await restoreSignInEmail(page, original.id, email, PORTAL_URL, secondUser.password);
  const response = await page.request.patch(`/api/user/${original.id}`, {
    headers: fromPortal,
    data: { user: { firstName, middleName, lastName, mobilePhone, birthDate, data: { niNumber: data?.niNumber ?? null } } },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  const record = await page.request.patch(`/api/users/${original.id}`, { headers: fromPortal, data: { email } });
  expect(record.ok(), await record.text()).toBeTruthy();
}

async function signInAsSam(page: Page): Promise<void> {
  await signIn(page, secondUser.email, secondUser.password);
  // One employment: the host selects it and shows the signed-in shell at Home.
  await expect(page).toHaveURL(/:8080\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' })).toBeVisible();
}

/** The overview's value for a row label. */
function overviewValue(page: Page, label: string) {
  return page
    .locator('.profile-overview__row', { has: page.getByRole('term').filter({ hasText: label }) })
    .getByRole('definition')
    .first();
}

async function openEdit(page: Page, rowName: string, title: RegExp): Promise<void> {
  await page.getByRole('button', { name: `Change ${rowName}` }).click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(title);
  await expect(heading).toBeFocused();
  await expect(page.getByRole('list', { name: 'Active employer' })).toHaveText(secondUser.employer);
}

async function saveAndReturn(page: Page, rowName: string, message: string): Promise<void> {
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible();
  await expect(page.getByRole('button', { name: `Change ${rowName}` })).toBeFocused();
}

test('Settings links to Profile; Sam changes his name, mobile, date of birth and NI number, and they stay after a reload', async ({
  page,
  visit,
  checkA11y,
}) => {
  await signInAsSam(page);
  const original = await readIdentityUser(page);
  try {
    await visit('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByText('View and manage settings related to your profile and company')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(overviewValue(page, 'Full name')).toHaveText('Sam Patel');
    await expect(overviewValue(page, 'Email address')).toHaveText(secondUser.email);
    await expect(overviewValue(page, 'Mobile number')).toHaveText('07700900789');
    await expect(overviewValue(page, 'Date of birth')).toHaveText('3 November 1992');
    await expect(overviewValue(page, 'National insurance')).toHaveText('AB246810D');
    await checkA11y('profile overview');

    // Name: the last name is required; the Back arrow leaves without saving.
    await openEdit(page, 'full name', /^Change your name for your active employer$/);
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    // The summary takes focus; its link moves focus to the field.
    await expect(page.getByRole('alert', { name: 'There is a problem' })).toBeFocused();
    await page.getByRole('link', { name: 'Enter your last name' }).click();
    await expect(page.getByRole('textbox', { name: 'Last name', exact: true })).toBeFocused();
    await checkA11y('name edit with an error');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('button', { name: 'Change full name' })).toBeFocused();
    await expect(overviewValue(page, 'Full name')).toHaveText('Sam Patel');

    await openEdit(page, 'full name', /^Change your name for your active employer$/);
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Samuel');
    await page.getByRole('textbox', { name: 'Middle name (optional)', exact: true }).fill('Jay');
    await saveAndReturn(page, 'full name', 'Your name has been updated.');
    await expect(overviewValue(page, 'Full name')).toHaveText('Samuel Jay Patel');
    await checkA11y('profile overview after a save');

    await openEdit(page, 'mobile number', /^Change your mobile number for your active employer$/);
    // The server refuses a number it cannot read: a clear message, and what was typed stays.
    const mobileBox = page.getByRole('textbox', { name: 'Mobile number', exact: true });
    await mobileBox.fill('call me maybe');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toContainText('Your changes were not saved');
    await expect(page.getByRole('alert')).toContainText('Enter a UK mobile number, like 07700 900123.');
    await expect(mobileBox).toHaveValue('call me maybe');
    await checkA11y('mobile edit with a failed save');
    await mobileBox.fill('07700 900111');
    await saveAndReturn(page, 'mobile number', 'Your mobile number has been updated.');
    await expect(overviewValue(page, 'Mobile number')).toHaveText('07700 900111');

    await openEdit(page, 'date of birth', /^Change your date of birth for your active employer$/);
    await expect(page.getByRole('textbox', { name: 'Day', exact: true })).toHaveAttribute('placeholder', '01');
    await expect(page.getByRole('textbox', { name: 'Month', exact: true })).toHaveAttribute('placeholder', '01');
    await expect(page.getByRole('textbox', { name: 'Year', exact: true })).toHaveAttribute('placeholder', '2020');
    await page.getByRole('textbox', { name: 'Month', exact: true }).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('link', { name: 'Date of birth must include a month' })).toBeVisible();
    await checkA11y('date of birth edit with an error');
    // Typing moves on after two digits of day and of month.
    await page.getByRole('textbox', { name: 'Day', exact: true }).fill('');
    await page.getByRole('textbox', { name: 'Day', exact: true }).pressSequentially('04');
    await expect(page.getByRole('textbox', { name: 'Month', exact: true })).toBeFocused();
    await page.keyboard.type('12');
    await expect(page.getByRole('textbox', { name: 'Year', exact: true })).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('1991');
    await saveAndReturn(page, 'date of birth', 'Your date of birth has been updated.');
    await expect(overviewValue(page, 'Date of birth')).toHaveText('4 December 1991');

    await openEdit(page, 'national insurance', /^Change your National Insurance number for your active employer$/);
    const tooltipButton = page.getByRole('button', { name: 'Where to find your National Insurance number' });
    await tooltipButton.click();
    await expect(page.getByText('Find your National Insurance number on a previous payslip or P60.')).toBeVisible();
    await checkA11y('NI edit with the tooltip open');
    const niBox = page.getByRole('textbox', { name: 'National Insurance number', exact: true });
    await niBox.fill('');
    await niBox.pressSequentially('ab 13 57 90 b');
    await expect(niBox).toHaveValue('AB 13 57 90 B');
    await saveAndReturn(page, 'national insurance', 'Your National Insurance number has been updated.');
    // The overview shows the answer's user.data.niNumber (the server stores it without spaces).
    await expect(overviewValue(page, 'National insurance')).toHaveText('AB135790B');

    await page.reload();
    await expect(overviewValue(page, 'Full name')).toHaveText('Samuel Jay Patel');
    await expect(overviewValue(page, 'Mobile number')).toHaveText('07700 900111');
    await expect(overviewValue(page, 'Date of birth')).toHaveText('4 December 1991');
    await expect(overviewValue(page, 'National insurance')).toHaveText('AB135790B');
    await checkA11y('profile overview after a reload');
  } finally {
    await restoreIdentityUser(page, original);
  }
  await page.reload();
  await expect(overviewValue(page, 'Full name')).toHaveText('Sam Patel');
});

test('Sam changes his email address (the old one must match): it changes when he opens the link sent to it, and he changes it back', async ({
  page,
  visit,
  checkA11y,
}) => {
  const newEmail = 'sam.patel.profile-e2e@example.com';
  await signInAsSam(page);
  const original = await readIdentityUser(page);
  try {
    await visit('/profile');
    await openEdit(page, 'email address', /^Change your email address for your active employer$/);
    await checkA11y('email edit');

    // The current email must be the one Sam signs in with: otherwise nothing is sent, and he is told.
    let patches = 0;
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches += 1;
    });
    await page.getByRole('textbox', { name: 'Current email address', exact: true }).fill('someone.else@example.com');
    await page.getByRole('textbox', { name: 'New email address', exact: true }).fill(newEmail);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toContainText('Enter the email address you sign in with');
    await checkA11y('email edit with a mismatch');
    expect(patches).toBe(0);

    // A link goes to the new address; until it is opened, Sam signs in with the old one.
    await page.getByRole('textbox', { name: 'Current email address', exact: true }).fill(secondUser.email);
    await page.getByLabel('Current password', { exact: true }).fill(secondUser.password);
    await saveAndReturn(page, 'email address', `We have sent a link to ${newEmail}`);
    await expect(page.getByRole('status')).toContainText('Your sign-in email changes when you open it.');
    expect(patches).toBe(2);
    await expect(overviewValue(page, 'Email address')).toHaveText(secondUser.email);
    await checkA11y('profile overview, link sent to the new email');
    await confirmEmailChange(page, newEmail);
    await checkA11y('new email confirmed');
    await page.goto('/profile');
    await expect(overviewValue(page, 'Email address')).toHaveText(newEmail);

    // Back again, through the screen: the current email is now the new one.
    await openEdit(page, 'email address', /^Change your email address for your active employer$/);
    await page.getByRole('textbox', { name: 'Current email address', exact: true }).fill(newEmail);
    await page.getByRole('textbox', { name: 'New email address', exact: true }).fill(secondUser.email);
    await page.getByLabel('Current password', { exact: true }).fill(secondUser.password);
    await saveAndReturn(page, 'email address', `We have sent a link to ${secondUser.email}`);
    await confirmEmailChange(page, secondUser.email);
    await page.goto('/profile');
    await expect(overviewValue(page, 'Email address')).toHaveText(secondUser.email);
  } finally {
    await restoreIdentityUser(page, original);
  }
});
