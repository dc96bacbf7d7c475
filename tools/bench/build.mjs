// `pnpm bench --only=build`: how long a developer waits. A cold build of the five apps (dist/ and
// any Rspack cache removed first, as on a clean clone), the floor pages built by the same toolchain,
// and the rebuild of one remote after a one-line change to one of its modules (`pnpm start`'s
// stale build, which builds only that remote). Writes bench/results/build.json.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rspack } from '@rspack/core';
import { FRONT_END_APPS, ROOT, appDir, distDir } from '../apps.mjs';

const FLOOR_DIR = path.join(ROOT, 'bench', 'floor');
/** The federated floor's apps, each with its own rspack.config.mjs (bench/floor/federated/federation.mjs). */
const FEDERATED_FLOOR_APPS = ['remote', 'host'].map((role) => path.join(FLOOR_DIR, 'federated', role));
/** The remote and module the one-line change goes into. */
const CHANGED_APP = 'remote-pay';
const CHANGED_FILE = path.join(appDir(CHANGED_APP), 'src', 'index.ts');

const seconds = (ms) => Math.round(ms / 100) / 10;

/** Builds (production) the app whose rspack.config.mjs is in `dir`; answers the build's time in ms (the config's loading left out). */
async function buildWithConfig(dir) {
  const config = (await import(pathToFileURL(path.join(dir, 'rspack.config.mjs')).href)).default;
  const started = performance.now();
  const stats = await new Promise((resolve, reject) => rspack(config).run((error, result) => (error ? reject(error) : resolve(result))));
  if (stats.hasErrors()) throw new Error(`${path.relative(ROOT, dir)} did not build:\n${stats.toString('errors-only')}`);
  return performance.now() - started;
}

/** Builds both floor pages, bench/floor and its federated host and remote; answers each one's build time in seconds. */
export async function buildFloor() {
  const floorSeconds = seconds(await buildWithConfig(FLOOR_DIR));
  let federatedMs = 0;
  for (const dir of FEDERATED_FLOOR_APPS) federatedMs += await buildWithConfig(dir);
  return { floorSeconds, federatedFloorSeconds: seconds(federatedMs) };
}

/** Runs tools/build.mjs in a process of its own; answers the wall time and the per-app times it prints. */
function timedBuild(args) {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['tools/build.mjs', ...args], { cwd: ROOT, encoding: 'utf8' });
  const wallSeconds = seconds(performance.now() - started);
  if (result.status !== 0) throw new Error(`tools/build.mjs ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  const apps = Object.fromEntries([...result.stdout.matchAll(/^build: (\S+) ([\d.]+) s$/gm)].map(([, name, time]) => [name, Number(time)]));
  const rspackSeconds = Number(/ in ([\d.]+) s$/m.exec(result.stdout)?.[1]);
  return { wallSeconds, rspackSeconds, apps };
}

export async function measureBuilds() {
  for (const { name } of FRONT_END_APPS) rmSync(distDir(name), { recursive: true, force: true });
  rmSync(path.join(ROOT, '.rspack-cache'), { recursive: true, force: true });
  for (const { name } of FRONT_END_APPS) rmSync(path.join(appDir(name), '.rspack-cache'), { recursive: true, force: true });
  const cold = timedBuild([]);
  const { floorSeconds, federatedFloorSeconds } = await buildFloor();

  const original = readFileSync(CHANGED_FILE, 'utf8');
  let rebuild;
  try {
    writeFileSync(CHANGED_FILE, `${original}// pnpm bench: a one-line change, undone after the rebuild (${Date.now()})\n`);
    rebuild = timedBuild(['--stale']);
  } finally {
    writeFileSync(CHANGED_FILE, original);
  }
  // Leave dist/ as the sources are.
  timedBuild(['--stale']);

  const figures = {
    measuredAt: new Date().toISOString(),
    cold,
    floorSeconds,
    federatedFloorSeconds,
    rebuild: { app: CHANGED_APP, file: path.relative(ROOT, CHANGED_FILE), ...rebuild },
  };
  writeFileSync(path.join(ROOT, 'bench', 'results', 'build.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(
    `build: cold, five apps: ${cold.wallSeconds} s (Rspack ${cold.rspackSeconds} s); floor ${floorSeconds} s, federated floor ${federatedFloorSeconds} s; ${CHANGED_APP} after a one-line change: ${rebuild.wallSeconds} s (Rspack ${rebuild.rspackSeconds} s)`,
  );
  return figures;
}
