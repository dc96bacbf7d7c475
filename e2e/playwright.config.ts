// Journeys in Debian's Chromium against the system started as `pnpm start` starts it, with a
// fresh SQLite database and a runtime config file of the run's own (tests may rewrite it).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumPath, chromiumArgs } from './support/chromium';

const root = path.resolve(__dirname, '..');
const runDir = path.join(__dirname, '.run');
mkdirSync(runDir, { recursive: true });

// Set once in the runner process; workers inherit them.
process.env.PORTAL_CONFIG ??= path.join(runDir, 'config.json');
// Each run writes its own results folder, so runs side by side do not trip over each other.
process.env.PORTAL_E2E_RUN ??= `${process.pid}-${Date.now()}`;
process.env.PORTAL_E2E_DB ??= path.join(os.tmpdir(), `portal-e2e-${process.pid}-${Date.now()}.sqlite`);
if (!process.env.PORTAL_E2E_WORKER) {
  process.env.PORTAL_E2E_WORKER = '1';
  // The local runtime config, made from the table of remotes as the build makes it (in a process of
  // its own: Playwright's loader compiles the ES modules it imports to CommonJS, and those use import.meta).
  execFileSync(process.execPath, [path.join(root, 'tools', 'runtime-config.mjs'), process.env.PORTAL_CONFIG]);
}

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(__dirname, 'test-results', process.env.PORTAL_E2E_RUN),
  timeout: 60_000,
  // Screenshot comparisons (tests/screens.spec.ts) allow 1% of pixels to differ: anti-aliasing, not design.
  expect: { timeout: 10_000, toHaveScreenshot: { maxDiffPixelRatio: 0.01 } },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: 'http://localhost:8080',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
  webServer: {
    command: 'node tools/start.mjs',
    cwd: root,
    url: 'http://localhost:8080/config.json',
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORTAL_CONFIG: process.env.PORTAL_CONFIG,
      PORTAL_SKIP_BUILD: process.env.PORTAL_SKIP_BUILD ?? '0',
      SQLITE_PATH: process.env.PORTAL_E2E_DB,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // Every journey that makes an account registers from this one browser's address; the default
      // 20 an hour would leave a retried journey refused. The limit itself is proved in the API's tests.
      REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100',
      // The journeys offer Welsh (support/runtime-config.ts offerLanguages): the API's pages and
      // documents follow it too.
      LANGUAGES: 'en,cy',
    },
  },
});
