// `pnpm start`: builds what is stale, then serves the host on 8080 (proxying /api, /app, /account
// and /verify to the API), each remote on its own port, and the API on 4000. Ctrl-C stops all.
// If the API dies it is restarted (0.5 s, 1 s, 2 s, ... later; the proxy answers 503 meanwhile);
// after 5 deaths within a minute everything stops with a message and exit code 1.
//
// Environment:
//   PORTAL_CONFIG      the runtime config file served as /config.json (default host/dist/config.json, which the
//                      build makes from the table of remotes; see tools/runtime-config.mjs)
//   PORTAL_API_URL     an API that is already running elsewhere; then no local API is started
//   PORTAL_SKIP_BUILD  1 to serve what is built without checking
//   PUBLIC_URL         the portal's public origin; https makes every server send HSTS
//   DEV_OUTBOX         the API's local outbox at /dev/outbox: on here unless set to off
//   TRUST_PROXY        whose X-Forwarded-For the API believes: 127.0.0.1 here (the host's proxy names each browser's address)
//   API_* / DATABASE_URL / SQLITE_PATH ...  passed through to the API (see api/README.md)
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { ensureApiBuilt, spawnApi } from './api-process.mjs';
import { API_PORT, HOST_APP, REMOTE_APPS, distDir, localEntryUrl } from './apps.mjs';
import { buildApps } from './build.mjs';
import { writeLocalRuntimeConfig } from './runtime-config.mjs';
import { startHostServer, startRemoteServer } from './serve.mjs';
import { supervise } from './supervise.mjs';

const servers = [];
let api = null;

async function waitForApi(url) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await delay(250);
  }
  throw new Error(`the API did not answer at ${url}/healthz`);
}

function startApi() {
  // The local outbox is how a person running the portal reads codes; the API needs an opt-in.
  const child = spawnApi({ port: API_PORT, env: { DEV_OUTBOX: 'on', TRUST_PROXY: '127.0.0.1', ...process.env } });
  console.log(`start: the API is starting (pid ${child.pid})`);
  return child;
}

async function stopAll(code = 0) {
  // Never linger: an open keep-alive connection must not keep the ports taken.
  setTimeout(() => process.exit(code), 8000).unref();
  await Promise.allSettled([...servers.map((server) => server.close()), api?.stop()]);
  process.exit(code);
}

async function main() {
  // What start serves is a production build (its servers send the CSP, which the development build's
  // eval breaks): a stale app is built for production whatever NODE_ENV the API is started with (the
  // e2e suite runs it as development).
  if (process.env.PORTAL_SKIP_BUILD !== '1') await buildApps({ onlyStale: true, mode: 'production' });
  // The API runs as built JavaScript, as in production; rebuilt here whenever its sources changed.
  if (!process.env.PORTAL_API_URL) await ensureApiBuilt();

  let apiUrl = process.env.PORTAL_API_URL;
  if (!apiUrl) {
    apiUrl = `http://127.0.0.1:${API_PORT}`;
    api = supervise({
      name: 'the API',
      start: startApi,
      log: (message) => console.error(`start: ${message}`),
      onGiveUp: (message) => {
        console.error(`start: ${message}. Stopping the portal: fix the API (its log is above) and run pnpm start again.`);
        void stopAll(1);
      },
    });
  }
  await waitForApi(apiUrl);

  const publicUrl = process.env.PUBLIC_URL || undefined;
  for (const remote of REMOTE_APPS) {
    servers.push(await startRemoteServer({ root: distDir(remote.name), port: remote.port, publicUrl }));
    console.log(`start: ${remote.name} at ${localEntryUrl(remote)}`);
  }
  let configPath = process.env.PORTAL_CONFIG;
  if (!configPath) {
    configPath = path.join(distDir(HOST_APP.name), 'config.json');
    // A build from before the runtime config was emitted (PORTAL_SKIP_BUILD=1) has none.
    if (!existsSync(configPath)) writeLocalRuntimeConfig(configPath);
  }
  servers.push(await startHostServer({ root: distDir(HOST_APP.name), port: HOST_APP.port, configPath, apiUrl, publicUrl }));
  console.log(`start: the portal is at http://localhost:${HOST_APP.port} (API ${apiUrl}, config ${configPath})`);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
main().catch((error) => {
  console.error(`start: ${error.message}`);
  void stopAll(1);
});
