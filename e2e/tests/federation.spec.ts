// The plumbing of docs/architecture.md "Federation": remotes composed at runtime from /config.json, one copy of each
// shared singleton, and a remote that is down not taking the portal down.
import { demoUser } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { loadedProviders } from '../support/federation';
import { pointRemoteAt, serveRemoteCopy } from '../support/runtime-config';
import { chooseEmployment, signIn } from '../support/session';

const SINGLETONS = [
  'react',
  'react-dom',
  // React Router, through the contract module that holds the only copy (docs/architecture.md "Federation").
  '@portal/shared/router',
  'zustand',
  'axios',
  // TanStack Query, through the contract module that holds the only copy (docs/architecture.md "Client data layer").
  '@portal/shared/query',
  '@portal/shared/react/query-client',
  '@portal/shared/stores/session',
  '@portal/shared/stores/account',
  '@portal/shared/api/client',
  '@portal/shared/runtime-config',
];

test('host and remotes share one React and one instance of each store', async ({ page, checkA11y }) => {
  const remoteScripts: { url: string; hasReact: boolean; hasRouter: boolean; hasQueryLibrary: boolean }[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js') || url.port === '8080') return;
    const body = await response.text().catch(() => '');
    remoteScripts.push({
      url: response.url(),
      hasReact: body.includes('react.dev/errors'),
      hasRouter: body.includes('may be used only in the context of a <Router>'),
      hasQueryLibrary: body.includes('No QueryClient set, use QueryClientProvider to set one'),
    });
  });

  await signIn(page, demoUser.email, demoUser.password);
  // The host loaded the employments into the shared account store; the picker (remote-onboarding) shows them.
  await expect(page.getByRole('heading', { level: 1, name: 'Select your account' })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(demoUser.activeEmployer) })).toBeVisible();
  await checkA11y('account picker');
  // The remote stores the choice in the shared session store; the host's top bar reads it.
  await chooseEmployment(page, demoUser.activeEmployer);
  await expect(page.getByRole('banner')).toContainText(demoUser.activeEmployer);
  await checkA11y('home');

  const providers = await loadedProviders(page, SINGLETONS);
  for (const name of SINGLETONS) {
    expect(providers[name], `${name} is loaded once, from the host`).toEqual([expect.stringMatching(/^host@/)]);
  }
  expect(remoteScripts.length).toBeGreaterThan(0);
  expect(remoteScripts.filter((script) => script.hasReact).map((script) => script.url)).toEqual([]);
  expect(remoteScripts.filter((script) => script.hasRouter).map((script) => script.url)).toEqual([]);
  expect(remoteScripts.filter((script) => script.hasQueryLibrary).map((script) => script.url)).toEqual([]);
});

test('pointing a remote at another URL in config.json takes effect on reload, with no rebuild (an older config naming the manifest too)', async ({ page }) => {
  const copy = await serveRemoteCopy('remote-pay', 3102);
  // Written before the host registered remotes by their entry: read as the remoteEntry.js beside it.
  const restore = pointRemoteAt('pay', 'http://localhost:3102/mf-manifest.json');
  try {
    const fromCopy: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith('http://localhost:3102/')) fromCopy.push(request.url());
    });
    await signIn(page, demoUser.email, demoUser.password);
    await chooseEmployment(page, demoUser.activeEmployer);
    expect(fromCopy).toContain('http://localhost:3102/remoteEntry.js');
    expect(fromCopy.filter((url) => url.endsWith('.json'))).toEqual([]);
    expect(fromCopy.some((url) => url.includes('__federation_expose_HomePage'))).toBe(true);
  } finally {
    restore();
    await copy.close();
  }
});

test('a remote that is down shows a panel with a retry, and the rest of the portal works', async ({ page, checkA11y }) => {
  let copy = await serveRemoteCopy('remote-documents', 3103);
  const restore = pointRemoteAt('documents', 'http://localhost:3103/remoteEntry.js');
  try {
    await signIn(page, demoUser.email, demoUser.password);
    await chooseEmployment(page, demoUser.activeEmployer);
    await copy.close();

    await page.goto('/documents');
    await expect(page.getByRole('heading', { name: 'This section is unavailable' })).toBeVisible();
    await checkA11y('documents while its remote is down');
    // The shell and the other remotes still work.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payslips' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payslips' })).toBeVisible();

    // Back up again: 'Try again' loads the section without a page reload.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    copy = await serveRemoteCopy('remote-documents', 3103);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  } finally {
    restore();
    await copy.close();
  }
});

test('static serving: manifests and entries are revalidated, hashed chunks are immutable, text is compressed', async ({ request }) => {
  const manifest = await request.get('http://localhost:3002/mf-manifest.json', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  expect(manifest.headers()['access-control-allow-origin']).toBe('*');
  const entry = await request.get('http://localhost:3002/remoteEntry.js', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(entry.headers()['cache-control']).toBe('no-cache');
  expect(entry.headers()['content-encoding']).toBe('gzip');

  const { exposes } = (await manifest.json()) as { exposes: { assets: { js: { sync: string[] } } }[] };
  const chunk = exposes[0]?.assets.js.sync[0];
  expect(chunk).toMatch(/\.[0-9a-f]{10}\.js$/);
  const hashed = await request.get(`http://localhost:3002/${chunk}`);
  expect(hashed.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  const page = await request.get('/payslips');
  expect(page.headers()['cache-control']).toBe('no-cache');
  expect(await page.text()).toContain('<div id="root">');
  const config = await request.get('/config.json');
  expect(config.headers()['cache-control']).toContain('no-cache');
});
