// The portal's security headers as the browser gets them: a strict Content-Security-Policy on the
// host (scripts only from itself and the remotes its runtime config names), no framing anywhere,
// no sniffing, no referrer; no source maps served; and no CSP violation on the main screens.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIResponse } from '@playwright/test';
import { demoUser } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { readRuntimeConfig } from '../support/runtime-config';
import { chooseEmployment, signIn } from '../support/session';

/** The directives of a Content-Security-Policy header, by name. */
function directives(response: APIResponse): Record<string, string[]> {
  const header = response.headers()['content-security-policy'] ?? '';
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

/**
 * Not framed, not sniffed, no referrer leaving. The sign-in pages send `same-origin` instead of
 * `no-referrer`: with no-referrer Chromium sends `Origin: null` on their own form posts, which the
 * CSRF guard refuses; same-origin still sends nothing to another site.
 */
function expectNoFramingOrSniffing(response: APIResponse, what: string, referrerPolicy = 'no-referrer') {
  const headers = response.headers();
  expect(directives(response)['frame-ancestors'], `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(headers['x-frame-options'], `${what}: X-Frame-Options`).toBe('DENY');
  expect(headers['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(headers['referrer-policy'], `${what}: Referrer-Policy`).toBe(referrerPolicy);
}

const remoteOrigins = () => [...new Set(Object.values(readRuntimeConfig().remotes).map((url) => new URL(url).origin))];

test('the host page and config.json carry a strict policy built from the runtime config', async ({ request }) => {
  for (const url of ['/', '/payslips', '/config.json']) {
    const response = await request.get(url);
    expect(response.status()).toBe(200);
    expectNoFramingOrSniffing(response, url);
    const csp = directives(response);
    expect(csp['script-src'], `${url}: scripts from the host and the remotes only`).toEqual(["'self'", ...remoteOrigins()]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(expect.arrayContaining(["'self'", ...remoteOrigins()]));
    expect(response.headers()['content-security-policy'], 'no inline script, no eval').not.toContain('unsafe');
  }
  // The page itself has no inline script for the policy to forbid.
  const page = await (await request.get('/')).text();
  expect(page.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
});

test("a remote's manifest and entry may be loaded by the host, and framed by nobody", async ({ request }) => {
  const pay = readRuntimeConfig().remotes.pay;
  for (const url of [pay, new URL('remoteEntry.js', pay).href]) {
    const response = await request.get(url);
    expect(response.status()).toBe(200);
    expectNoFramingOrSniffing(response, url);
    expect(response.headers()['cross-origin-resource-policy'], url).toBe('cross-origin');
    expect(response.headers()['access-control-allow-origin'], url).toBe('*');
  }
});

test('API answers and the sign-in page, through the host, are not framed, sniffed or cached', async ({ request }) => {
  const api = await request.get('/api/users/authorised');
  expect(api.status()).toBe(401);
  expect(await api.json()).toEqual({ status: 401, error: expect.any(String), code: 'session.signed_out', data: null });
  expectNoFramingOrSniffing(api, 'an API answer');
  expect(directives(api)['default-src']).toEqual(["'none'"]);
  expect(api.headers()['cache-control']).toBe('no-store');

  const signInPage = await request.get('/account/sign-in?client_id=portal-web', { headers: { accept: 'text/html' } });
  expect(signInPage.status()).toBe(200);
  expectNoFramingOrSniffing(signInPage, 'the sign-in page', 'same-origin');
  expect(directives(signInPage)['default-src']).toEqual(["'none'"]);
  // Two scripts only, the 'Show password' toggle and 'Sign in with a passkey', each allowed by its hash:
  // nothing from 'self', nothing inline; the passkey script may ask its own origin for a challenge.
  const hash = expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  expect(directives(signInPage)['script-src']).toEqual([hash, hash]);
  expect(directives(signInPage)['connect-src']).toEqual(["'self'"]);
});

test('no source maps are served, and no file points at one', async ({ request }) => {
  const page = await (await request.get('/')).text();
  // The app's entry scripts (react-dom's and main's) are listed on the page's boot script, which adds
  // them when the visit needs the app.
  const entryScripts = (/<script[^>]*data-app-scripts="([^"]+)"/.exec(page)?.[1] ?? '').split(' ');
  expect(entryScripts).toContainEqual(expect.stringMatching(/^\/main\.[0-9a-f]{10}\.js$/));
  const pay = readRuntimeConfig().remotes.pay;
  for (const url of [...entryScripts, new URL('remoteEntry.js', pay).href]) {
    const script = await request.get(url);
    expect(script.status()).toBe(200);
    expect((await script.text()).includes('sourceMappingURL'), `${url} names a source map`).toBe(false);
    const map = await request.get(`${url}.map`);
    expect(map.status(), `${url}.map`).toBe(404);
    expect(await map.json()).toEqual({ status: 404, error: expect.any(String), code: 'resource.not_found', data: null });
  }
});

test('the portal cannot be framed by another site', async ({ page }) => {
  // Another local origin that tries to show the portal in a frame.
  const framer = http.createServer((_request, response) => {
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.end(
      '<!doctype html><title>Another site</title><h1>Another site</h1><iframe title="portal" src="http://localhost:8080/" width="800" height="600"></iframe>',
    );
  });
  await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
  try {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors|X-Frame-Options/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`);
    await expect(page.getByRole('heading', { name: 'Another site' })).toBeVisible();
    // Give the frame time to load (or be refused), then check that no portal page is in it.
    await page.waitForLoadState('networkidle');
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame, 'the iframe exists').toBeTruthy();
    expect(frame!.url()).not.toMatch(/^http:\/\/localhost:8080\//);
    await expect.poll(() => refused.length, { message: 'Chromium reports the refusal' }).toBeGreaterThan(0);
  } finally {
    await new Promise<void>((resolve) => framer.close(() => resolve()));
  }
});

test('no Content-Security-Policy violation on the main screens, signed in', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} on ${location.pathname}`);
    });
  });

  /** Shows one screen, then checks that nothing on the way was refused. */
  async function screen(name: string, show: () => Promise<void>) {
    await show();
    await page.waitForLoadState('networkidle');
    expect(violations, `CSP violations up to ${name}`).toEqual([]);
  }
  const nav = page.getByRole('navigation', { name: 'Main' });
  const heading = (name: string) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await screen('the sign-in page and the account picker', () => signIn(page, demoUser.email, demoUser.password));
  await screen('Home', () => chooseEmployment(page, demoUser.activeEmployer));
  await screen("Home after 'Show' (the Highcharts ring chart)", async () => {
    const card = page.getByRole('region', { name: 'Latest Payslip' });
    await card.getByRole('button', { name: 'Show' }).click();
    await expect(card.locator('svg .highcharts-point')).toHaveCount(2);
  });
  await screen('Payslips', async () => {
    await nav.getByRole('link', { name: 'Payslips' }).click();
    await heading('Payslips');
  });
  await screen('Documents', async () => {
    await nav.getByRole('link', { name: 'Documents' }).click();
    await heading('Documents');
  });
  await screen('Profile', async () => {
    await page.goto('/profile');
    await heading('Profile');
  });
});
