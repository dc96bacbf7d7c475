// Passkeys in Chromium with a virtual authenticator (the DevTools protocol's WebAuthn domain: a
// platform authenticator that keeps discoverable credentials and verifies its user): a new employee
// signs in with their password, adds a passkey in Settings, signs out, and signs in with the passkey
// alone, no e-mail or password typed, landing on Home. The employee is made for this journey (a
// record published through the employer API, an account registered and linked to it), so no other
// journey's user changes.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { API_URL, PORTAL_URL } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { readLatestCode, registerAccount, signIn } from '../support/session';

const ROOT = path.resolve(__dirname, '..', '..');
const PASSWORD = 'Passkeys-journey-2026';

/** A key for Brightwater's employer API, made by the real command on the database the e2e API uses. */
function brightwaterKey(): string {
  const out = execFileSync('pnpm', ['--silent', '--filter', 'api', 'employer-key', 'create', 'er_brightwater'], {
    cwd: ROOT,
    env: { ...process.env, SQLITE_PATH: process.env.PORTAL_E2E_DB, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  const key = out.split('\n').find((line) => /^ek_[0-9a-f]+\./.test(line.trim()));
  if (!key) throw new Error(`no key printed:\n${out}`);
  return key.trim();
}

const unwrap = async <T>(response: { json(): Promise<unknown> }) => (JSON.parse(((await response.json()) as { data: string }).data) as { data: T }).data;

/**
 * A new employee of Brightwater with a portal account linked to their record and the privacy notice
 * accepted (through the API, as the set-up screens would), then signed out.
 */
async function newEmployee(page: Page, request: Page['request']) {
  const stamp = Date.now();
  const employee = { email: `passkey.journey.${stamp}@example.com`, niNumber: `AB${String(stamp).slice(-6)}C`, bankLast4: '2468', birthDate: '1991-03-09' };
  const recordId = `E2E-PASSKEY-${stamp}`;
  const published = await request.put(`${API_URL}/employer-api/v1/employments/${recordId}`, {
    headers: { authorization: `Bearer ${brightwaterKey()}` },
    data: {
      employeeName: 'Ash Passkey',
      email: employee.email,
      niNumber: employee.niNumber,
      bankLast4: employee.bankLast4,
      birthDate: employee.birthDate,
      taxCode: '1257L',
      startDate: '2025-04-06',
    },
  });
  expect(published.ok(), await published.text()).toBeTruthy();

  expect(await registerAccount(page, { email: employee.email, password: PASSWORD, firstName: 'Ash', lastName: 'Passkey' })).toBe('registered');
  const fromPortal = { Origin: PORTAL_URL };
  const [me] = await unwrap<{ userID: string }[]>(await page.request.get('/api/users/authorised'));
  const user = `/api/users/${me!.userID}`;
  expect((await page.request.get(`${user}/linking_code_email/${encodeURIComponent(employee.email)}`)).ok()).toBeTruthy();
  const code = await readLatestCode(page.request, employee.email);
  const { externalEmploymentID } = await unwrap<{ externalEmploymentID: string }>(await page.request.get(`${user}/linking_code/${code}`));
  const [year, month, day] = employee.birthDate.split('-');
  const linked = await page.request.post(`${user}/linking_code/${code}`, {
    headers: fromPortal,
    data: { NINumber: employee.niNumber, bankAccount: employee.bankLast4, dob: `${month}/${day}/${year}`, externalEmploymentID, code },
  });
  expect(linked.ok(), await linked.text()).toBeTruthy();
  expect((await page.request.patch(user, { headers: fromPortal, data: { privacyPolicyAccepted: true } })).ok()).toBeTruthy();
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  return employee;
}

/** A platform authenticator for this page, as a phone's or laptop's would be: passkeys kept on it, the user verified. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

const home = (page: Page) => page.getByRole('heading', { level: 1, name: 'Home' });

test('a passkey added in Settings signs in alone, with no e-mail or password typed, and lands on Home', async ({ page, request, checkA11y }) => {
  test.setTimeout(180_000);
  const employee = await newEmployee(page, request);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  try {
    // Signed in with the password.
    await signIn(page, employee.email, PASSWORD);
    await expect(home(page)).toBeVisible();

    // Settings › Passkeys: add one under the name the browser offers, changed by the user.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    const section = page.getByRole('region', { name: 'Passkeys' });
    await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
    await checkA11y('Settings, no passkeys');
    const name = section.getByRole('textbox', { name: 'Name of the passkey' });
    await expect(name).toHaveValue(/ on Linux$/);
    await name.fill('Journey laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(section.getByRole('status').filter({ hasText: 'Passkey Journey laptop added' })).toBeVisible();
    const listed = section.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
    await expect(listed).toHaveCount(1);
    await expect(listed.first()).toContainText('Journey laptop');
    await expect(listed.first()).toContainText('Not used yet');
    await checkA11y('Settings, one passkey');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials.map((c) => ({ resident: c.isResidentCredential, rpId: c.rpId }))).toEqual([{ resident: true, rpId: 'localhost' }]);

    // Signed out.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();

    // Signed in with the passkey alone: no e-mail, no password.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your pay portal' })).toBeVisible();
    const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
    await expect(passkeyButton).toBeVisible();
    await checkA11y('sign-in page with the passkey button');
    await expect(page.getByLabel('Email address')).toHaveValue('');
    await passkeyButton.click();
    await expect(home(page)).toBeVisible();
    const me = (await (await page.request.get('/app/me/')).json()) as { email: string };
    expect(me.email).toBe(employee.email);

    // The passkey's last use is in Settings now.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem').first()).toContainText('Last used');
  } finally {
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId }).catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  }
});

test('the sign-in page shows no passkey button in a browser without WebAuthn', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'PublicKeyCredential', { value: undefined, configurable: true });
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your pay portal' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  // The script has run (the 'Show password' button it shows beside it is visible) and left the passkey section hidden.
  await expect(page.getByRole('button', { name: 'Show password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeHidden();
});
