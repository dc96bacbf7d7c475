// Builds the host and the remotes with Rspack in one multi-compiler run, then the API's JavaScript
// (api/build.mjs).
//   node tools/build.mjs            build them all
//   node tools/build.mjs --stale    build only what changed since its last build
// Prints each app's build time and the total.
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rspack } from '@rspack/core';
import { buildApi } from '../api/build.mjs';
import { FRONT_END_APPS, ROOT, appDir, distDir } from './apps.mjs';
import { sourceMapDir } from './rspack/create-config.mjs';
import { findServerOnlyCode } from './bundle-check.mjs';

const STAMP = '.build-stamp';

async function newestMtime(target) {
  let info;
  try {
    info = await stat(target);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(target, { withFileTypes: true });
  const times = await Promise.all(
    entries
      .filter((entry) => !['node_modules', 'dist', 'sourcemaps', 'coverage'].includes(entry.name))
      .map((entry) => newestMtime(path.join(target, entry.name))),
  );
  return Math.max(info.mtimeMs, ...times);
}

/** An app is stale when its sources, @portal/shared (with the table of remotes) or the build tools changed after its stamp. */
async function isStale(name) {
  const built = await newestMtime(path.join(distDir(name), STAMP));
  if (!built) return true;
  const inputs = [
    appDir(name),
    path.join(ROOT, 'shared', 'src'),
    ...['rspack', 'apps.mjs', 'runtime-config.mjs'].map((part) => path.join(ROOT, 'tools', part)),
  ];
  const changed = Math.max(...(await Promise.all(inputs.map(newestMtime))));
  return changed > built;
}

/**
 * An app's Rspack config. `mode` overrides NODE_ENV, which each config reads when it is made
 * (tools/rspack/create-config.mjs), without changing it for the rest of the process.
 */
export async function loadConfig(name, mode) {
  const saved = process.env.NODE_ENV;
  if (mode) process.env.NODE_ENV = mode;
  try {
    const module = await import(pathToFileURL(path.join(appDir(name), 'rspack.config.mjs')).href);
    return module.default;
  } finally {
    if (mode) restoreEnv('NODE_ENV', saved);
  }
}

function restoreEnv(name, value) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** Builds the apps (only the stale ones with `onlyStale`); `mode` as for `loadConfig`. */
export async function buildApps({ onlyStale = false, mode } = {}) {
  const names = [];
  for (const { name } of FRONT_END_APPS) {
    if (!onlyStale || (await isStale(name))) names.push(name);
  }
  if (names.length === 0) {
    console.log('build: every app is up to date');
    return;
  }
  // Rspack cleans dist/ itself; the source maps beside it are cleaned here.
  await Promise.all(names.map((name) => rm(sourceMapDir(appDir(name)), { recursive: true, force: true })));
  // One at a time: each sets and restores NODE_ENV around its import, and interleaved they would
  // leave it set for the rest of the process (and the API `pnpm start` spawns after).
  const configs = [];
  for (const name of names) configs.push(await loadConfig(name, mode));
  const started = performance.now();
  const stats = await new Promise((resolve, reject) => {
    rspack(configs).run((error, result) => (error ? reject(error) : resolve(result)));
  });
  const total = (performance.now() - started) / 1000;
  const failed = stats.stats.filter((appStats) => appStats.hasErrors());
  for (const [index, appStats] of stats.stats.entries()) {
    const { time } = appStats.toJson({ all: false, timings: true });
    console.log(`build: ${names[index]} ${(time / 1000).toFixed(1)} s${appStats.hasErrors() ? ' FAILED' : ''}`);
    if (appStats.hasErrors() || appStats.hasWarnings()) console.log(appStats.toString('errors-warnings'));
  }
  console.log(`build: ${names.length} app(s) in ${total.toFixed(1)} s`);
  if (failed.length > 0) throw new Error('build failed');
  // The wire schemas are the API's: a browser bundle holding TypeBox fails the build (docs/architecture.md "Wire contract").
  const serverOnly = await findServerOnlyCode(names.map(distDir), ROOT);
  if (serverOnly.length > 0) throw new Error(`build: TypeBox reached a browser bundle (import only types from @portal/shared/wire): ${serverOnly.join(', ')}`);
  await Promise.all(names.map((name) => writeFile(path.join(distDir(name), STAMP), new Date().toISOString())));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const onlyStale = process.argv.includes('--stale');
  Promise.all([buildApps({ onlyStale }), buildApi({ onlyStale })]).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
