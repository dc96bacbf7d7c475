// The federated floor as the bench serves it: the host's /config.json names the remote's
// remoteEntry.js, and both servers answer with the portal's compression and cache headers (the
// figures are only comparable if the floor is served as the portal is). Run: `pnpm test:tools`.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { serveFederatedFloor, type ServedFloor } from './floor-server';

let dir: string;
let served: ServedFloor & { remoteUrl: string };
/** More than the servers' 1 KiB compression threshold. */
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'federated-floor-test-'));
  for (const role of ['host', 'remote']) mkdirSync(path.join(dir, role, 'dist'), { recursive: true });
  writeFileSync(path.join(dir, 'host', 'dist', 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'host', 'dist', 'main.0123456789.js'), SCRIPT);
  writeFileSync(path.join(dir, 'remote', 'dist', 'remoteEntry.js'), SCRIPT);
  served = await serveFederatedFloor(dir);
});

after(async () => {
  await served.close();
  rmSync(dir, { recursive: true, force: true });
});

test("the host's /config.json names the remote's remoteEntry.js, on another origin", async () => {
  const response = await fetch(new URL('/config.json', served.url));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('cache-control'), 'no-cache, no-store');
  const config = (await response.json()) as { remotes: { page: string } };
  assert.equal(config.remotes.page, new URL('remoteEntry.js', served.remoteUrl).href);
  assert.notEqual(new URL(served.url).origin, new URL(served.remoteUrl).origin);
  // The host's policy lets the page load the remote's scripts.
  const page = await fetch(served.url);
  assert.match(page.headers.get('content-security-policy') ?? '', new RegExp(`script-src 'self' ${new URL(served.remoteUrl).origin}`));
});

test('hashed chunks are immutable, remoteEntry.js is revalidated, both gzipped; the remote allows any origin', async () => {
  const gzip = { 'Accept-Encoding': 'gzip' };
  const main = await fetch(new URL('/main.0123456789.js', served.url), { headers: gzip });
  assert.equal(main.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(main.headers.get('content-encoding'), 'gzip');
  assert.equal(await main.text(), SCRIPT);
  const entry = await fetch(new URL('/remoteEntry.js', served.remoteUrl), { headers: gzip });
  assert.equal(entry.headers.get('cache-control'), 'no-cache');
  assert.equal(entry.headers.get('content-encoding'), 'gzip');
  assert.equal(entry.headers.get('access-control-allow-origin'), '*');
});

test("the host answers its page for the router's paths", async () => {
  const response = await fetch(new URL('/help', served.url));
  assert.equal(response.status, 200);
  assert.match(await response.text(), /<div id="root">/);
});
