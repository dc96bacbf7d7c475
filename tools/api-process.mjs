// Starts the API as a child process of a tool (`pnpm start`, the reliability suite, benches, tests
// of the tools), from its built JavaScript (api/dist, api/build.mjs) as production runs it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildApi } from '../api/build.mjs';
import { ROOT } from './apps.mjs';

/** Builds api/dist when its sources changed since the last build (a fraction of a second). */
export function ensureApiBuilt() {
  return buildApi({ onlyStale: true });
}

/**
 * Runs api/dist/main.js with node directly (no pnpm or shell wrapper process in between): the child
 * is the API itself, so killing it frees its port for a restart, and it stays in the caller's
 * process group (killing the group, as Playwright does, stops it too). Call `ensureApiBuilt` first.
 */
export function spawnApi({ port, env = process.env, stdio = 'inherit', nodeArgs = [] }) {
  return spawn(process.execPath, [...nodeArgs, '--enable-source-maps', 'dist/main.js'], {
    cwd: path.join(ROOT, 'api'),
    env: { ...env, PORT: String(port) },
    stdio,
  });
}
