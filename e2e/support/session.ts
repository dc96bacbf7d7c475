// Signing in and out through the real sign-in pages of api/, as a person does.
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { API_URL, demoUser } from './accounts';

/** From the landing page: 'Sign in', then the server's sign-in form; lands back in the portal. */
/** The sign-in page speaks the language the browser chose (api/src/auth/messages): its words in both. */
const SIGN_IN_PAGE = { email: /email|e-bost/i, password: /^(password|cyfrinair)/i, button: /^(Sign in|Mewngofnodi)$/ };

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel(SIGN_IN_PAGE.email).fill(email);
  await page.getByLabel(SIGN_IN_PAGE.password).fill(password);
  await page.getByRole('button', { name: SIGN_IN_PAGE.button }).click();
  await page.waitForURL((url) => url.port === '8080' && !url.pathname.startsWith('/account'));
}

/**
 * From the landing page: 'Create an account', then the server's registration form (api/src/auth/pages.ts:
 * First name, Last name, Email address, optional Mobile number), then "Check your email": the link
 * e-mailed to the address (read from the API's local outbox) opens the page where the password is
 * chosen, whose button creates the account and lands back in the portal. Answers 'exists' when the
 * address already had an account (the e-mail then says so instead of carrying a link).
 */
export async function registerAccount(
  page: Page,
  account: { email: string; password: string; firstName: string; lastName: string; mobilePhone?: string },
): Promise<'registered' | 'exists'> {
  const before = (await readOutbox(page.request, account.email))[0]?.id;
  await page.goto('/');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel(/first name/i).fill(account.firstName);
  await page.getByLabel(/last name/i).fill(account.lastName);
  await page.getByLabel(/email/i).fill(account.email);
  if (account.mobilePhone) await page.getByLabel(/mobile/i).fill(account.mobilePhone);
  await page.getByRole('button', { name: /create/i }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  const message = (await readOutbox(page.request, account.email))[0];
  if (!message || message.id === before) throw new Error(`No registration email for ${account.email} (at most 3 an hour go to one address)`);
  if (!message.link) return 'exists';
  await page.goto(message.link);
  await page.getByLabel(/^password/i).fill(account.password);
  await page.getByLabel(/^confirm password/i).fill(account.password);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await page.waitForURL((url) => url.port === '8080' && !url.pathname.startsWith('/account'));
  return 'registered';
}

/** On the account picker: choose the employment by name and wait for Home. */
export async function chooseEmployment(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
}

type OutboxMessage = { id: string; to: string; subject: string; body: string; code: string | null; link: string | null; createdAt: string };

/** The API's local outbox for one recipient, newest first (the API finishes its pending sends before answering). */
async function readOutbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get(`${API_URL}/dev/outbox.json`, { params: { to } });
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as OutboxMessage[];
}

/** The newest link (registration or password reset) e-mailed to `to`, read from the API's local outbox. */
export async function readLatestLink(request: APIRequestContext, to: string): Promise<string> {
  const link = (await readOutbox(request, to.trim().toLowerCase()))[0]?.link;
  if (!link) throw new Error(`No link in the newest message to ${to}`);
  return link;
}

/**
 * Opens the newest link e-mailed to `newEmail` (the confirmation of a new sign-in address) and
 * presses its button: the sign-in email moves to `newEmail`.
 */
export async function confirmEmailChange(page: Page, newEmail: string): Promise<void> {
  await page.goto(await readLatestLink(page.request, newEmail));
  await page.getByRole('button', { name: 'Confirm email address' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your email address has been changed' })).toBeVisible();
}

/**
 * Puts a user's sign-in email back to `email` after a test (through the link, as a new address
 * takes effect only by its link, and needs the password); nothing to do when it did not move.
 */
export async function restoreSignInEmail(page: Page, sub: string, email: string, origin: string, currentPassword: string): Promise<void> {
  const current = ((await (await page.request.get(`/api/user/${sub}`)).json()) as { user: { email: string } }).user.email;
  if (current === email.toLowerCase()) return;
  const asked = await page.request.patch(`/api/user/${sub}`, { headers: { Origin: origin }, data: { user: { email }, currentPassword } });
  expect(asked.ok(), await asked.text()).toBeTruthy();
  await confirmEmailChange(page, email);
}

/**
 * The newest 6-digit code sent to `to` (an email address or a phone number as the API writes it,
 * e.g. '07700900123'), read from the API's local outbox.
 */
export async function readLatestCode(request: APIRequestContext, to: string): Promise<string> {
  const code = (await readOutbox(request, to.trim().toLowerCase()))[0]?.code;
  if (!code) throw new Error(`No code in the outbox for ${to}`);
  return code;
}

/** Signs the demo user in (in a context of its own) at `baseURL` and answers the session: cookies and local storage. */
export async function demoSession(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await signIn(page, demoUser.email, demoUser.password);
    await chooseEmployment(page, demoUser.activeEmployer);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * Alex signs in, picks Northwind and turns the portal Welsh with the header's switch (kept on the
 * account, so a test that does this switches back to English before it ends). The config must offer Welsh.
 */
export async function signInInWelsh(page: Page): Promise<void> {
  await signIn(page, demoUser.email, demoUser.password);
  await chooseEmployment(page, demoUser.activeEmployer);
  await page.getByRole('banner').getByRole('button', { name: 'Cymraeg' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'cy');
}
