// `pnpm bench`: speed and size figures of the portal, each beside its floor from the same run,
// printed as one table and written to docs/performance.md (bench/results/*.json hold the detail).
// Measurements, not pass/fail (the budgets are e2e/tests/budgets.spec.ts). Sections, in order:
//   build       cold build of the five apps and of the floor pages; rebuild of one remote after a one-line change
//   front       JS, CSS and requests of the first pages against the floor page and the federated floor (e2e/bench/front-end.ts)
//   lighthouse  Lighthouse, mobile defaults, median of 3: landing, signed-in Home, both floors (e2e/bench/lighthouse.ts)
//   api         autocannon on three routes beside a bare Fastify route, SQLite and PostgreSQL (api/bench/routes.ts)
//   scale       the payslips route as payslips and users grow, PostgreSQL (api/bench/scale.ts)
//   import      the import command on a generated 10,000-employee pay run, SQLite and PostgreSQL (api/bench/import.ts)
//   pnpm bench --only=front,lighthouse     some sections only (the table keeps the others' last figures)
// front and lighthouse use the portal's fixed ports: they run under `flock /tmp/portal-ports.lock`.
// PostgreSQL: BENCH_PG_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); the
// bench makes a database of its own there and drops it after; no server, no PostgreSQL figures.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { HOST_APP, ROOT } from './apps.mjs';
import { buildFloor, measureBuilds } from './bench/build.mjs';
import { writeTable } from './bench/table.mjs';

const SECTIONS = ['build', 'front', 'lighthouse', 'api', 'scale', 'import'];
const PORT_SECTIONS = ['front', 'lighthouse'];
const PORTS_LOCK = '/tmp/portal-ports.lock';
const HOST_CONFIG_URL = `http://localhost:${HOST_APP.port}/config.json`;
const TSX = path.join(ROOT, 'api', 'node_modules', '.bin', 'tsx');

function selectedSections(argv) {
  const only = argv.find((arg) => arg.startsWith('--only='));
  if (!only) return SECTIONS;
  const names = only.slice('--only='.length).split(',').filter(Boolean);
  const unknown = names.filter((name) => !SECTIONS.includes(name));
  if (unknown.length > 0) throw new Error(`unknown section(s): ${unknown.join(', ')} (choose from ${SECTIONS.join(', ')})`);
  return SECTIONS.filter((name) => names.includes(name));
}

/** Runs a command with its output shown; throws when it fails. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
}

const hasFlock = () => spawnSync('flock', ['--version'], { stdio: 'ignore' }).status === 0;

async function waitFor(url) {
  for (let attempt = 0; attempt < 360; attempt += 1) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await delay(500);
  }
  throw new Error(`${url} did not answer`);
}

/** The portal as `pnpm start` runs it (stale apps built first), over a fresh SQLite file. */
async function withSystem(work) {
  if (
    await fetch(HOST_CONFIG_URL).then(
      () => true,
      () => false,
    )
  ) {
    throw new Error(`something already answers on port ${HOST_APP.port}: stop it, the bench measures a portal of its own`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const system = spawn(process.execPath, ['tools/start.mjs'], {
    cwd: ROOT,
    env: { ...process.env, SQLITE_PATH: path.join(dataDir, 'portal.sqlite'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    await waitFor(HOST_CONFIG_URL);
    await work();
  } finally {
    process.kill(-system.pid, 'SIGTERM');
    const exited = await Promise.race([new Promise((resolve) => system.once('exit', () => resolve(true))), delay(10_000).then(() => false)]);
    if (!exited) process.kill(-system.pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function portSections(sections) {
  // The floors (bench/floor, bench/floor/federated) are built in every run that measures them, by the toolchain of this run.
  await buildFloor();
  await withSystem(async () => {
    const e2e = path.join(ROOT, 'e2e');
    if (sections.includes('front')) run(TSX, ['bench/front-end.ts'], { cwd: e2e });
    if (sections.includes('lighthouse')) run(TSX, ['bench/lighthouse.ts'], { cwd: e2e });
  });
}

async function main() {
  const sections = selectedSections(process.argv.slice(2));
  mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
  const started = performance.now();

  if (sections.includes('build')) await measureBuilds();

  const onPorts = sections.filter((name) => PORT_SECTIONS.includes(name));
  if (onPorts.length > 0) {
    if (process.env.PORTAL_PORTS_LOCKED === '1' || !hasFlock()) await portSections(onPorts);
    // Under the machine's lock for the fixed ports, in a process of its own that holds it.
    else
      run('flock', [PORTS_LOCK, process.execPath, 'tools/bench.mjs', `--only=${onPorts.join(',')}`, '--no-table'], {
        env: { ...process.env, PORTAL_PORTS_LOCKED: '1' },
      });
  }

  if (sections.includes('api')) run(TSX, ['bench/routes.ts'], { cwd: path.join(ROOT, 'api') });
  if (sections.includes('scale')) run(TSX, ['bench/scale.ts'], { cwd: path.join(ROOT, 'api') });
  if (sections.includes('import')) run(TSX, ['bench/import.ts'], { cwd: path.join(ROOT, 'api') });

  if (!process.argv.includes('--no-table')) {
    const table = writeTable();
    console.log(`\n${table}`);
    console.log(`bench: ${sections.join(', ')} in ${((performance.now() - started) / 60_000).toFixed(1)} min; table written to docs/performance.md`);
  }
}

main().catch((error) => {
  console.error(`bench: ${error.message}`);
  process.exit(1);
});
