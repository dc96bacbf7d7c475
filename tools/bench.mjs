// `pnpm bench`: speed and size figures, printed and written to bench/results/. Not pass/fail.
//   1. build time of the five apps (one clean multi-compiler build)
//   2. gzipped JavaScript the host's first page downloads (Chromium against `pnpm start`)
//   3. the API's GET .../payslips throughput and p99 (autocannon; api/bench/payslips.ts)
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { HOST_APP, ROOT } from './apps.mjs';

const HOST_CONFIG_URL = `http://localhost:${HOST_APP.port}/config.json`;

const resultsDir = path.join(ROOT, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

async function waitFor(url) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await delay(500);
  }
  throw new Error(`${url} did not answer`);
}

/** Stops the system this script started, and waits until its ports are free. */
async function stopSystem(system) {
  process.kill(-system.pid, 'SIGTERM');
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await delay(500);
    const up = await fetch(HOST_CONFIG_URL).then(() => true, () => false);
    if (!up) return;
  }
  process.kill(-system.pid, 'SIGKILL');
}

async function main() {
  const build = run('node', ['tools/build.mjs']);
  const perApp = [...build.matchAll(/^build: (\S+) ([\d.]+) s$/gm)].map(([, name, seconds]) => ({ name, seconds: Number(seconds) }));
  const total = Number(build.match(/in ([\d.]+) s/)?.[1]);
  console.log(build.trim());

  const alreadyUp = await fetch(HOST_CONFIG_URL).then((r) => r.ok, () => false);
  const system = alreadyUp
    ? null
    : spawn('node', ['tools/start.mjs'], {
        cwd: ROOT,
        env: { ...process.env, PORTAL_SKIP_BUILD: '1', SQLITE_PATH: path.join(ROOT, 'bench', `bench-${Date.now()}.sqlite`) },
        stdio: 'ignore',
        detached: true,
      });
  try {
    await waitFor(HOST_CONFIG_URL);
    const firstPage = JSON.parse(run(path.join(ROOT, 'api', 'node_modules', '.bin', 'tsx'), ['bench/first-page-js.ts', '/'], { cwd: path.join(ROOT, 'e2e') }).trim());
    console.log(`first page (/): ${firstPage.files} JS files, ${(firstPage.gzippedBytes / 1024).toFixed(1)} KiB transferred (gzip)`);
    writeFileSync(
      path.join(resultsDir, 'front-end.json'),
      `${JSON.stringify({ measuredAt: new Date().toISOString(), build: { perApp, totalSeconds: total }, firstPage }, null, 2)}\n`,
    );
    const apiBench = spawnSync('pnpm', ['--filter', 'api', 'bench'], { cwd: ROOT, encoding: 'utf8' });
    console.log(apiBench.stdout.trim() || apiBench.stderr.trim());
  } finally {
    if (system) await stopSystem(system);
  }
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
