// `pnpm start`: builds what is stale, then serves the host on 8080 (proxying /api, /app and
// /account to the API), each remote on its own port, and the API on 4000. Ctrl-C stops all.
//
// Environment:
//   PORTAL_CONFIG      the runtime config file served as /config.json (default host/public/config.json)
//   PORTAL_API_URL     an API that is already running elsewhere; then no local API is started
//   PORTAL_SKIP_BUILD  1 to serve what is built without checking
//   API_* / DATABASE_URL / SQLITE_PATH ...  passed through to the API (see api/README.md)
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { API_PORT, HOST_APP, REMOTE_APPS, ROOT, distDir } from './apps.mjs';
import { buildApps } from './build.mjs';
import { startHostServer, startRemoteServer } from './serve.mjs';

const servers = [];
let api = null;

async function waitForApi(url, child) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child && child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
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

// The API runs under tsx, started directly (no pnpm or shell in between) and in this process's
// group, so that stopping this script, or killing its group as Playwright does, stops the API too.
function startApi() {
  const tsx = path.join(ROOT, 'api', 'node_modules', '.bin', 'tsx');
  return spawn(tsx, ['src/main.ts'], {
    cwd: path.join(ROOT, 'api'),
    env: { ...process.env, PORT: String(API_PORT) },
    stdio: 'inherit',
  });
}

async function stopAll(code = 0) {
  // Never linger: an open keep-alive connection must not keep the ports taken.
  setTimeout(() => process.exit(code), 5000).unref();
  await Promise.allSettled(servers.map((server) => server.close()));
  if (api && api.exitCode === null) {
    api.kill('SIGTERM');
    await new Promise((resolve) => {
      api.once('exit', resolve);
      setTimeout(resolve, 5000).unref();
    });
  }
  process.exit(code);
}

async function main() {
  if (process.env.PORTAL_SKIP_BUILD !== '1') await buildApps({ onlyStale: true });

  let apiUrl = process.env.PORTAL_API_URL;
  if (!apiUrl) {
    apiUrl = `http://127.0.0.1:${API_PORT}`;
    api = startApi();
    api.on('exit', (code) => {
      if (code !== null && code !== 0) console.error(`start: the API stopped (exit ${code})`);
    });
  }
  await waitForApi(apiUrl, api);

  for (const remote of REMOTE_APPS) {
    servers.push(await startRemoteServer({ root: distDir(remote.name), port: remote.port }));
    console.log(`start: ${remote.name} at http://localhost:${remote.port}/mf-manifest.json`);
  }
  const configPath = process.env.PORTAL_CONFIG ?? path.join(ROOT, 'host', 'public', 'config.json');
  servers.push(await startHostServer({ root: distDir(HOST_APP.name), port: HOST_APP.port, configPath, apiUrl }));
  console.log(`start: the portal is at http://localhost:${HOST_APP.port} (API ${apiUrl}, config ${configPath})`);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
main().catch((error) => {
  console.error(`start: ${error.message}`);
  void stopAll(1);
});
