// Two-step sign-in and sessions from Settings, as a person uses them: turning the second step on
// (the code computed here from the key the page shows, as an authenticator app would), signing out
// and in again with a code; then, signed in from a second browser, ending that session from the
// first browser's Settings, after which the second browser is sent back to sign in. Each test makes
// an employee of its own (an employment record by the employer API, an account registered and
// linked to it), so no other journey's user is touched.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { API_URL, PORTAL_URL } from '../support/accounts';
import { test, expect, type Page } from '../support/fixtures';
import { readLatestCode, registerAccount } from '../support/session';

const ROOT = path.resolve(__dirname, '..', '..');
const PASSWORD = 'Two-step-journey-2026';
const LANDING = { level: 1, name: 'Your pay, in one place' } as const;

/** A key for Brightwater, made by the real command on the database the e2e API uses. */
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

const envelopeData = async <T>(response: { json(): Promise<unknown> }) => (JSON.parse(((await response.json()) as { data: string }).data) as { data: T }).data;

/**
 * A new employee of Brightwater, signed in on `page`: the record published by the employer API, the
 * account registered with its e-mail address, linked by the code e-mailed to it, the privacy notice
 * accepted. Lands on Home.
 */
async function newEmployee(page: Page, request: APIRequestContext): Promise<{ email: string }> {
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `two.step.${unique}@example.com`;
  const record = { niNumber: `AB${unique.slice(-6)}C`, bankLast4: '2468', birthDate: '1988-04-12' };
  const published = await request.put(`${API_URL}/employer-api/v1/employments/em_bw_two_step_${unique}`, {
    headers: { authorization: `Bearer ${brightwaterKey()}` },
    data: { employeeName: 'Jo Tester', email, ...record, taxCode: '1257L', startDate: '2024-01-15' },
  });
  expect(published.ok(), await published.text()).toBeTruthy();
  expect(await registerAccount(page, { email, password: PASSWORD, firstName: 'Jo', lastName: 'Tester' })).toBe('registered');

  const [me] = await envelopeData<{ userID: string }[]>(await page.request.get('/api/users/authorised'));
  const user = `/api/users/${me!.userID}`;
  const write = { headers: { Origin: PORTAL_URL } };
  expect((await page.request.get(`${user}/linking_code_email/${encodeURIComponent(email)}`)).ok()).toBeTruthy();
  const code = await readLatestCode(request, email);
  const { externalEmploymentID } = await envelopeData<{ externalEmploymentID: string }>(await page.request.get(`${user}/linking_code/${code}`));
  const [year, month, day] = record.birthDate.split('-');
  const linked = await page.request.post(`${user}/linking_code/${code}`, {
    ...write,
    data: { NINumber: record.niNumber, bankAccount: record.bankLast4, dob: `${month}/${day}/${year}`, externalEmploymentID, code },
  });
  expect(linked.ok(), await linked.text()).toBeTruthy();
  expect((await page.request.patch(user, { ...write, data: { privacyPolicyAccepted: true } })).ok()).toBeTruthy();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  return { email };
}

/** An authenticator app: codes of the key shown, each time step used once. */
function authenticator(key: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, '')), digits: 6, period: 30, algorithm: 'SHA1' });
  let lastStep = 0;
  return async (): Promise<string> => {
    for (;;) {
      const step = Math.floor(Date.now() / 30_000);
      const candidate = Math.max(step - 1, lastStep + 1);
      if (candidate <= step + 1) {
        lastStep = candidate;
        return totp.generate({ timestamp: candidate * 30_000 });
      }
      await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 50));
    }
  };
}

/** In Settings: 'Turn on two-step sign-in', the key read from the page, its first code, the recovery codes saved. */
async function turnOnTwoStep(page: Page, checkA11y: (label?: string) => Promise<void>) {
  await page.goto('/settings');
  const part = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(part.getByText('Off.')).toBeVisible();
  await part.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(part.getByRole('img', { name: 'QR code of the key for your authenticator app' })).toBeVisible();
  await checkA11y('Settings: turning two-step sign-in on');
  const key = await part.locator('code').first().innerText();
  expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4})+$/);
  const nextCode = authenticator(key);
  await part.getByRole('textbox', { name: 'Code from your app' }).fill(await nextCode());
  await part.getByRole('button', { name: 'Turn on' }).click();
  await expect(part.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  await expect(part.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await checkA11y('Settings: the recovery codes');
  await part.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(part.getByText('On.')).toBeVisible();
  return nextCode;
}

/** From the landing page: the password, then the code from the app; lands back in the portal. */
async function signInWithCode(page: Page, email: string, code: () => Promise<string>) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter the 6-digit code from your authenticator app' })).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(await code());
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.port === '8080' && !url.pathname.startsWith('/account'));
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
}

test('turns two-step sign-in on in Settings, then signing in asks for the code from the app', async ({ page, request, checkA11y }) => {
  const { email } = await newEmployee(page, request);
  const code = await turnOnTwoStep(page, checkA11y);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', LANDING)).toBeVisible();
  await signInWithCode(page, email, code);

  // The sign-in history shows it, newest first.
  await page.goto('/settings');
  const history = page.getByRole('table', { name: 'Sign-ins, newest first' });
  await expect(history.getByRole('row').nth(1)).toContainText('Signed in with a code from the authenticator app');
  await checkA11y('Settings with two-step sign-in on');
});

test('ends a session from Settings: the other browser is sent back to sign in', async ({ page, request, browser, checkA11y }) => {
  const { email } = await newEmployee(page, request);
  const code = await turnOnTwoStep(page, checkA11y);

  let other: BrowserContext | null = await browser.newContext({ baseURL: PORTAL_URL });
  try {
    const elsewhere = await other.newPage();
    await signInWithCode(elsewhere, email, code);

    await page.goto('/settings');
    const sessions = page.getByRole('table', { name: 'Your active sessions' });
    // A row of headings, this browser's session (the registration's) and the second browser's.
    await expect(sessions.getByRole('row')).toHaveCount(3);
    await expect(sessions.getByRole('row').filter({ hasText: 'This device' })).toHaveCount(1);
    await checkA11y('Settings: the sessions');
    // Only the other browser's row has the button.
    await expect(sessions.getByRole('button', { name: /^Sign out of this one/ })).toHaveCount(1);
    await sessions.getByRole('button', { name: /^Sign out of this one/ }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Signed out of / })).toBeVisible();
    await expect(sessions.getByRole('row')).toHaveCount(2);

    // The second browser's next request is refused: it is back on the landing page to sign in.
    expect((await elsewhere.request.get('/app/me/')).status()).toBe(401);
    await elsewhere.goto('/settings');
    await expect(elsewhere.getByRole('heading', LANDING)).toBeVisible();
    await expect(elsewhere.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

    // This browser is still signed in.
    expect((await page.request.get('/app/me/')).status()).toBe(200);
  } finally {
    await other?.close();
    other = null;
  }
});
