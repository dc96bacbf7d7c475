// docs/architecture.md in the browser. The host–remote contract: a remote built for another major
// of @portal/shared is refused with a clear reason, and the rest of the portal keeps working.
// The client data layer: one QueryClient for host and remotes, loaded with the signed-in routes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startRemoteServer } from '../../tools/serve.mjs';
import { demoUser } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { pointRemoteAt } from '../support/runtime-config';
import { chooseEmployment, signIn } from '../support/session';

const root = path.resolve(__dirname, '..', '..');

/** Builds a copy of a remote into a folder of its own, with extra environment for its Rspack config. */
function buildRemoteCopy(appName: string, outDir: string, env: Record<string, string>): void {
  const rspack = path.join(root, 'node_modules', '.bin', 'rspack');
  const build = spawnSync(rspack, ['build', '-c', 'rspack.config.mjs', '-o', outDir], {
    cwd: path.join(root, appName),
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`building ${appName} failed:\n${build.stdout}\n${build.stderr}`);
}

test('a remote built for the next major of the contract shows the unavailable panel with the reason; the rest works', async ({ page, checkA11y }) => {
  test.setTimeout(180_000);
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'portal-remote-pay-contract-2-'));
  buildRemoteCopy('remote-pay', outDir, { PORTAL_SHARED_REQUIRED_VERSION: '^2.0.0' });
  const copy = await startRemoteServer({ root: outDir, port: 0 });
  const { port } = copy.server.address() as AddressInfo;
  const restore = pointRemoteAt('pay', `http://localhost:${port}/remoteEntry.js`);
  try {
    await signIn(page, demoUser.email, demoUser.password);
    await page.getByRole('button', { name: new RegExp(demoUser.activeEmployer) }).click();

    // Home is remote-pay's: refused, and the panel says why.
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'This section is unavailable' })).toBeVisible();
    await expect(main.getByText('This section needs a newer version of the portal.')).toBeVisible();
    await checkA11y('home from a remote built for contract 2');
    // The shell still works, and so do the remotes built for this contract.
    await expect(page.getByRole('banner')).toContainText(demoUser.activeEmployer);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Documents' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    await nav.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    // Payslips is remote-pay's too: the same reason, and trying again cannot help until it is rebuilt.
    await nav.getByRole('link', { name: 'Payslips' }).click();
    await expect(main.getByText('This section needs a newer version of the portal.')).toBeVisible();
    await main.getByRole('button', { name: 'Try again' }).click();
    await expect(main.getByText('This section needs a newer version of the portal.')).toBeVisible();
  } finally {
    restore();
    await copy.close();
    rmSync(outDir, { recursive: true, force: true });
  }
});

/** TanStack Query's own words, in any build of it. */
const QUERY_LIBRARY_MARK = 'No QueryClient set, use QueryClientProvider to set one';

test('the signed-out landing page downloads no client data layer', async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response.text().catch(() => ''));
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: 'Your pay, in one place' })).toBeVisible();
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(0);
  expect(bodies.filter((body) => body.includes(QUERY_LIBRARY_MARK))).toEqual([]);
});

test('Home, Payslips and a payslip detail share one cached payslip list: it is asked for once', async ({ page }) => {
  const payslipRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/users\/[^/]+\/employments\/[^/]+\/payslips$/.test(new URL(request.url()).pathname)) payslipRequests.push(request.url());
  });
  await signIn(page, demoUser.email, demoUser.password);
  await chooseEmployment(page, demoUser.activeEmployer);
  const nav = page.getByRole('navigation', { name: 'Main' });

  await page.getByRole('button', { name: 'Show' }).click();
  await page.getByRole('link', { name: 'View more details' }).click();
  await expect(page.getByRole('button', { name: 'View payslip' })).toBeVisible();
  await nav.getByRole('link', { name: 'Payslips' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('table').getByRole('link').nth(1).click();
  await expect(page.getByRole('button', { name: 'View payslip' })).toBeVisible();
  await nav.getByRole('link', { name: 'Home' }).click();
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('link', { name: 'View more details' })).toBeVisible();

  expect(payslipRequests).toHaveLength(1);
});
