// The demo employer admin (api/README.md "Demo sign-ins"), signed in through the real pages with the
// second step: an authenticator code computed from the key the set-up page showed at the first sign-in.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD } from './accounts';

export const demoAdmin = { email: 'payroll@northwind.example', password: DEMO_PASSWORD, name: 'Priya Shah', employer: 'Northwind Logistics Ltd' };

// The key outlives one test: later sign-ins of the run (in any spec file) use the app the first one
// set up, and never a time step already used. Kept beside the run's database (e2e/.run), never in the
// repository, as `key step`.
const keyFile = path.join(__dirname, '..', '.run', `admin-key-${process.env.PORTAL_E2E_RUN ?? 'local'}.txt`);

const readKeyFile = (): { key: string; lastStep: number } => {
  const [key = '', step = '0'] = readFileSync(keyFile, 'utf8').split(' ');
  return { key, lastStep: Number(step) };
};

/** A code of the authenticator for a time step not yet used (each step is accepted once). */
async function freshCode(): Promise<string> {
  const { key, lastStep } = readKeyFile();
  const totp = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: 'SHA1' });
  for (;;) {
    const step = Math.floor(Date.now() / 30_000);
    // Never the step before this one: asked for at the end of a step, it would reach the server two
    // steps old and be refused.
    const candidate = Math.max(step, lastStep + 1);
    if (candidate <= step + 1) {
      writeFileSync(keyFile, `${key} ${candidate}`);
      return totp.generate({ timestamp: candidate * 30_000 });
    }
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 50));
  }
}

/** Signs the demo admin in: password, then the authenticator code (setting the app up the first time). */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel(/email/i).fill(demoAdmin.email);
  await page.getByLabel(/^password/i).fill(demoAdmin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const setUp = page.getByRole('heading', { level: 1, name: 'Set up your authenticator app' });
  const code = page.getByRole('heading', { level: 1, name: 'Enter the 6-digit code from your authenticator app' });
  await expect(setUp.or(code)).toBeVisible();
  if (await setUp.isVisible()) {
    const key = (await page.locator('#key').innerText()).replace(/\s/g, '');
    writeFileSync(keyFile, `${key} 0`);
    await page.getByLabel('Code from your authenticator app').fill(await freshCode());
    await page.getByRole('button', { name: 'Set up and continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Save your recovery codes' })).toBeVisible();
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  } else {
    if (!existsSync(keyFile)) throw new Error('The demo admin has an authenticator this run did not set up: start from a fresh database.');
    await page.getByLabel('Code', { exact: true }).fill(await freshCode());
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await page.waitForURL((url) => url.port === '8080' && !url.pathname.startsWith('/account'));
}
