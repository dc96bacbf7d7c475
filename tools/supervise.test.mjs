// The supervisor of `pnpm start`, with the real API behind the host's real proxy on free ports:
// the API killed with SIGKILL gives 503s, then it is back; a process that keeps dying is given up.
// Run: `node --test tools/*.test.mjs` (part of `pnpm test:tools`).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { ensureApiBuilt, spawnApi } from './api-process.mjs';
import { startHostServer } from './serve.mjs';
import { supervise } from './supervise.mjs';

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls `probe` until it answers true, for at most `ms`. */
async function until(what, probe, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await delay(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('supervise', () => {
  it('restarts the API after SIGKILL; meanwhile the proxy answers 503 in the error shape', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'supervise-test-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(path.join(dir, 'config.json'), '{"remotes":{}}');
    const port = await freePort();
    await ensureApiBuilt();
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dir,
      SQLITE_PATH: path.join(dir, 'portal.sqlite'),
      LOG_LEVEL: 'warn',
      ARGON2_MEMORY_KIB: '64',
      ARGON2_PASSES: '1',
    };
    const messages = [];
    const api = supervise({
      name: 'the API',
      start: () => spawnApi({ port, env, stdio: 'ignore' }),
      log: (m) => messages.push(m),
      onGiveUp: (m) => messages.push(`gave up: ${m}`),
    });
    const host = await startHostServer({ root: dir, port: 0, configPath: path.join(dir, 'config.json'), apiUrl: `http://127.0.0.1:${port}` });
    const me = () => fetch(`http://127.0.0.1:${host.server.address().port}/app/me/`);
    try {
      // Signed out, /app/me/ is a 401 from the API itself.
      await until('the API', async () => (await me()).status === 401, 60_000);
      const first = api.child;
      first.kill('SIGKILL');

      let down;
      await until(
        'a 503 from the proxy',
        async () => {
          const response = await me();
          if (response.status !== 503) return false;
          down = await response.json();
          return true;
        },
        5_000,
      );
      assert.deepEqual(down, { status: 503, error: 'The service is unavailable. Please try again shortly.', code: 'service.busy', data: null });

      await until('the API to be back', async () => (await me()).status === 401, 60_000);
      assert.notEqual(api.child, first);
      assert.equal(api.starts, 2);
      assert.deepEqual(messages, ['the API was killed (SIGKILL); restarting it in 0.5 s']);
    } finally {
      await api.stop();
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives up, once and with a clear message, after too many deaths within the window', async () => {
    const logged = [];
    let gaveUp;
    const message = new Promise((resolve) => (gaveUp = resolve));
    const supervisor = supervise({
      name: 'the API',
      start: () => spawn(process.execPath, ['-e', 'process.exit(3)']),
      log: (m) => logged.push(m),
      onGiveUp: (m) => gaveUp(m),
      backoffMs: [10, 20],
      maxFailures: 3,
    });
    assert.equal(await message, 'the API exited with code 3; it stopped 3 times within 60 s, so it will not be restarted again');
    assert.deepEqual(logged, ['the API exited with code 3; restarting it in 0.01 s', 'the API exited with code 3; restarting it in 0.02 s']);
    await delay(100);
    assert.equal(supervisor.starts, 3);
  });

  it('does not restart what it was told to stop', async () => {
    const supervisor = supervise({
      name: 'a sleeper',
      start: () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']),
      onGiveUp: assert.fail,
      log: assert.fail,
      backoffMs: [10],
    });
    await delay(100);
    await supervisor.stop();
    await delay(100);
    assert.equal(supervisor.starts, 1);
    assert.equal(supervisor.child.signalCode, 'SIGTERM');
  });
});
