// The static servers and the host's proxy, over real HTTP on free ports: the error shape of every
// answer, the security headers, the body limit, an API that is down, and round-robin over several
// API instances. Run: `node --test tools/` (part of `pnpm test:tools`).
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PACK_CHECK_BODY_LIMIT, PROXY_BODY_LIMIT, startHostServer, startRemoteServer } from './serve.mjs';

/** Asserts an answer is `{ status, error, code, data: null }` with this status and a non-empty message. */
async function assertErrorShape(response, status) {
  const body = await response.json();
  assert.equal(response.status, status, JSON.stringify(body));
  assert.deepEqual(Object.keys(body).sort(), ['code', 'data', 'error', 'status']);
  assert.match(body.code, /^[a-z]+(?:_[a-z]+)*\.[a-z]+(?:_[a-z]+)*$/);
  assert.equal(body.data, null);
  assert.equal(body.status, status);
  assert.ok(typeof body.error === 'string' && body.error.length > 5, body.error);
  return body;
}

/** A stand-in API: answers which instance it is, the path it got and how many body bytes arrived. */
async function startUpstream(name) {
  const server = http.createServer((request, response) => {
    let bytes = 0;
    request.on('data', (chunk) => (bytes += chunk.length));
    request.on('end', () => {
      response.setHeader('Content-Type', 'application/json');
      response.setHeader('Content-Security-Policy', "default-src 'none'");
      response.end(JSON.stringify({ name, url: request.url, bytes, forwardedFor: request.headers['x-forwarded-for'] ?? null }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}

/** A port nothing listens on. */
async function closedPort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Sends raw bytes and answers the status and parsed body of what came back. */
function rawRequest(port, text) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () =>
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1]), body: JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) }),
    );
    socket.on('error', reject);
  });
}

const portOf = (server) => server.server.address().port;

let site;
before(() => {
  site = mkdtempSync(path.join(os.tmpdir(), 'serve-test-'));
  writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>portal</title><div id="root"></div>');
  writeFileSync(path.join(site, 'main.0123456789.js'), 'console.log(1);\n'.repeat(200));
  writeFileSync(path.join(site, 'mf-manifest.json'), '{}');
});
after(() => rmSync(site, { recursive: true, force: true }));

function writeConfig(remotes, extra = {}) {
  const file = path.join(site, 'config.json');
  writeFileSync(file, JSON.stringify({ remotes, auth: { serverUrl: 'http://localhost:8080', clientId: 'portal-web' }, apiBaseUrl: '', ...extra }));
  return file;
}

describe('the host proxy', () => {
  let a;
  let b;
  let host;
  let base;
  before(async () => {
    [a, b] = await Promise.all([startUpstream('a'), startUpstream('b')]);
    host = await startHostServer({ root: site, port: 0, configPath: writeConfig({ pay: 'http://localhost:3002/mf-manifest.json' }), apiUrl: [a.url, b.url] });
    base = `http://127.0.0.1:${portOf(host)}`;
  });
  after(async () => {
    await host.close();
    await Promise.all([a.close(), b.close()]);
  });

  it('sends each request to the next API instance in turn, across /api, /app, /account and /verify', async () => {
    const names = [];
    for (const url of ['/api/x', '/app/me/', '/account/', '/api/y', '/verify', '/app/login/']) {
      const response = await fetch(`${base}${url}`);
      const body = await response.json();
      assert.equal(body.url, url);
      names.push(body.name);
    }
    assert.deepEqual(names, ['a', 'b', 'a', 'b', 'a', 'b']);
  });

  it("names the browser's own address to the API, replacing one the browser made up", async () => {
    const plain = await (await fetch(`${base}/api/x`)).json();
    assert.equal(plain.forwardedFor, '127.0.0.1');
    const forged = await (await fetch(`${base}/api/x`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).json();
    assert.equal(forged.forwardedFor, '127.0.0.1');
  });

  it("keeps the API's own policy on its answers, and adds the other protections", async () => {
    const response = await fetch(`${base}/api/x`);
    assert.equal(response.headers.get('content-security-policy'), "default-src 'none'");
    assert.equal(response.headers.get('x-frame-options'), 'DENY');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  });

  it('passes a body under the limit on whole', async () => {
    const response = await fetch(`${base}/api/x`, { method: 'POST', body: 'x'.repeat(200_000), headers: { 'content-type': 'application/json' } });
    assert.equal((await response.json()).bytes, 200_000);
  });

  it('answers a 10 MB body with 413 in the error shape, with or without Content-Length', async () => {
    await assertErrorShape(
      await fetch(`${base}/api/x`, { method: 'POST', body: 'x'.repeat(10_000_000), headers: { 'content-type': 'application/json' } }),
      413,
    );
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 100; i++) controller.enqueue(new Uint8Array(100_000));
        controller.close();
      },
    });
    await assertErrorShape(
      await fetch(`${base}/api/x`, { method: 'POST', body: chunks, duplex: 'half', headers: { 'content-type': 'application/octet-stream' } }),
      413,
    );
    assert.ok(PROXY_BODY_LIMIT < 10_000_000);
  });

  it("passes a lender's PDF of a few MB on to /verify, and no more than its own limit", async () => {
    const pdf = 'x'.repeat(3_000_000);
    assert.ok(pdf.length > PROXY_BODY_LIMIT);
    const passed = await fetch(`${base}/verify`, { method: 'POST', body: pdf, headers: { 'content-type': 'application/json' } });
    assert.equal((await passed.json()).bytes, pdf.length);
    await assertErrorShape(
      await fetch(`${base}/verify`, { method: 'POST', body: 'x'.repeat(PACK_CHECK_BODY_LIMIT + 1), headers: { 'content-type': 'application/json' } }),
      413,
    );
  });

  it('answers paths that climb out of the prefix with 400 in the error shape', async () => {
    for (const url of ['/api/a%2F..%2F..%2Fetc%2Fpasswd', '/api/a/..%2F..%2Fhealthz', '/app/%2e%2e%2F%2e%2e%2Fx']) {
      await assertErrorShape(await fetch(`${base}${url}`), 400);
    }
  });

  it('answers a broken % escape, an unknown file and malformed HTTP in the error shape', async () => {
    await assertErrorShape(await fetch(`${base}/api/%zz`), 400);
    await assertErrorShape(await fetch(`${base}/%E0%A4%A`), 400);
    await assertErrorShape(await fetch(`${base}/missing.js`), 404);
    assert.deepEqual(await rawRequest(portOf(host), 'NOT HTTP\r\n\r\n'), {
      status: 400,
      body: { status: 400, error: 'The request is not valid HTTP', code: 'request.invalid', data: null },
    });
    const huge = await rawRequest(portOf(host), `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    assert.equal(huge.status, 431);
    assert.equal(huge.body.status, 431);
  });

  it('still serves pages for client-side routes', async () => {
    const response = await fetch(`${base}/payslips`);
    assert.equal(response.status, 200);
    assert.match(await response.text(), /<div id="root">/);
  });
});

describe('the host proxy when the API is down', () => {
  it('answers 503 in the error shape, with Retry-After', async () => {
    const host = await startHostServer({ root: site, port: 0, configPath: writeConfig({}), apiUrl: `http://127.0.0.1:${await closedPort()}` });
    try {
      for (const url of ['/api/users/authorised', '/app/me/', '/account/sign-in']) {
        const response = await fetch(`http://127.0.0.1:${portOf(host)}${url}`);
        const body = await assertErrorShape(response, 503);
        assert.equal(body.error, 'The service is unavailable. Please try again shortly.');
        assert.ok(Number(response.headers.get('retry-after')) > 0);
      }
    } finally {
      await host.close();
    }
  });
});

describe("the host's security headers", () => {
  it('sends a CSP built from the runtime config on the page and config.json, and follows the file when it changes', async () => {
    const configPath = writeConfig(
      { pay: 'http://localhost:3002/mf-manifest.json', profile: 'https://profile.example.com/mf-manifest.json' },
      { apiBaseUrl: 'https://api.example.com' },
    );
    const upstream = await startUpstream('a');
    const host = await startHostServer({ root: site, port: 0, configPath, apiUrl: upstream.url });
    const base = `http://127.0.0.1:${portOf(host)}`;
    try {
      for (const url of ['/', '/payslips', '/config.json', '/main.0123456789.js']) {
        const response = await fetch(`${base}${url}`);
        assert.equal(response.status, 200);
        const csp = Object.fromEntries(
          response.headers
            .get('content-security-policy')
            .split(';')
            .map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
        );
        assert.equal(csp['script-src'], "'self' http://localhost:3002 https://profile.example.com");
        assert.equal(csp['style-src'], "'self' http://localhost:3002 https://profile.example.com");
        assert.equal(csp['connect-src'], "'self' http://localhost:3002 https://profile.example.com http://localhost:8080 https://api.example.com");
        assert.equal(csp['img-src'], "'self' data: http://localhost:3002 https://profile.example.com");
        assert.equal(csp['object-src'], "'none'");
        assert.equal(csp['base-uri'], "'none'");
        assert.equal(csp['frame-ancestors'], "'none'");
        assert.equal(csp['form-action'], "'self'");
        assert.ok(!response.headers.get('content-security-policy').includes('unsafe'), 'no unsafe-inline or unsafe-eval');
        assert.equal(response.headers.get('x-frame-options'), 'DENY');
        assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
        assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
        assert.equal(response.headers.get('strict-transport-security'), null, 'no HSTS over plain http');
      }
      // Caching stays as it was.
      assert.equal((await fetch(`${base}/`)).headers.get('cache-control'), 'no-cache');
      assert.equal((await fetch(`${base}/main.0123456789.js`)).headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal((await fetch(`${base}/config.json`)).headers.get('cache-control'), 'no-cache, no-store');

      writeConfig({ pay: 'http://localhost:3102/mf-manifest.json' });
      const moved = (await fetch(`${base}/`)).headers.get('content-security-policy');
      assert.match(moved, /script-src 'self' http:\/\/localhost:3102;/);
    } finally {
      await host.close();
      await upstream.close();
    }
  });

  it('sends HSTS from every server when the public URL is https, even on errors', async () => {
    const upstream = await startUpstream('a');
    const publicUrl = 'https://pay.example.co.uk';
    const host = await startHostServer({ root: site, port: 0, configPath: writeConfig({}), apiUrl: upstream.url, publicUrl });
    const remote = await startRemoteServer({ root: site, port: 0, publicUrl });
    try {
      for (const url of [
        `http://127.0.0.1:${portOf(host)}/`,
        `http://127.0.0.1:${portOf(host)}/missing.js`,
        `http://127.0.0.1:${portOf(host)}/%zz`,
        `http://127.0.0.1:${portOf(remote)}/mf-manifest.json`,
        `http://127.0.0.1:${portOf(remote)}/%zz`,
      ]) {
        assert.equal((await fetch(url)).headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains', url);
      }
    } finally {
      await Promise.all([host.close(), remote.close()]);
      await upstream.close();
    }
  });
});

describe('a remote server', () => {
  let remote;
  let base;
  before(async () => {
    remote = await startRemoteServer({ root: site, port: 0 });
    base = `http://127.0.0.1:${portOf(remote)}`;
  });
  after(() => remote.close());

  it('lets the host load its files from another origin, and nobody frame or sniff them', async () => {
    const response = await fetch(`${base}/mf-manifest.json`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.equal(response.headers.get('cross-origin-resource-policy'), 'cross-origin');
    assert.equal(response.headers.get('cache-control'), 'no-cache');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
    assert.equal(response.headers.get('x-frame-options'), 'DENY');
    assert.match(response.headers.get('content-security-policy'), /frame-ancestors 'none'/);
    assert.match(response.headers.get('content-security-policy'), /object-src 'none'/);
  });

  it('answers errors in the error shape', async () => {
    await assertErrorShape(await fetch(`${base}/missing.js`), 404);
    await assertErrorShape(await fetch(`${base}/%zz`), 400);
    await assertErrorShape(await fetch(`${base}/mf-manifest.json`, { method: 'DELETE' }), 404);
    assert.deepEqual(await rawRequest(portOf(remote), 'NOT HTTP\r\n\r\n'), {
      status: 400,
      body: { status: 400, error: 'The request is not valid HTTP', code: 'request.invalid', data: null },
    });
  });
});

describe("the host's runtime config", () => {
  it("carries each remote's page list, read from the pages.json its server publishes beside remoteEntry.js", async () => {
    const remoteSite = mkdtempSync(path.join(os.tmpdir(), 'serve-remote-'));
    const pages = [{ expose: './HomePage', paths: { signedIn: ['/'] }, menu: { label: 'Home', order: 0 } }];
    writeFileSync(path.join(remoteSite, 'pages.json'), JSON.stringify(pages));
    const remote = await startRemoteServer({ root: remoteSite, port: 0 });
    const upstream = await startUpstream('a');
    // Documents points at a server that is not there: its list is left out, the others are served.
    const configPath = writeConfig({ pay: `http://127.0.0.1:${portOf(remote)}/remoteEntry.js`, documents: 'http://127.0.0.1:9/remoteEntry.js' });
    const host = await startHostServer({ root: site, port: 0, configPath, apiUrl: upstream.url });
    try {
      const config = await fetch(`http://127.0.0.1:${portOf(host)}/config.json`).then((response) => response.json());
      assert.deepEqual(config.pages, { pay: pages });
      assert.equal(config.remotes.pay, `http://127.0.0.1:${portOf(remote)}/remoteEntry.js`);
    } finally {
      await host.close();
      await upstream.close();
      await remote.close();
      rmSync(remoteSite, { recursive: true, force: true });
    }
  });
});
