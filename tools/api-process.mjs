// Starts the API as a child process of a tool (`pnpm start`, tests of the tools).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './apps.mjs';

/**
 * Runs api/src/main.ts as node with tsx's loader, started directly (no pnpm, shell or tsx wrapper
 * process in between): the child is the API itself, so killing it frees its port for a restart,
 * and it stays in the caller's process group (killing the group, as Playwright does, stops it too).
 */
export function spawnApi({ port, env = process.env, stdio = 'inherit', nodeArgs = [] }) {
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(ROOT, 'api'),
    env: { ...env, PORT: String(port) },
    stdio,
  });
}
