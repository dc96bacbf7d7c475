// Types for tools/api-process.mjs, used by the reliability suite and the benchmarks.
import type { ChildProcess, StdioOptions } from 'node:child_process';

/** Builds api/dist when its sources changed since the last build. */
export function ensureApiBuilt(): Promise<void>;

/** `nodeArgs`: options for node itself, before the script (such as --cpu-prof). */
export function spawnApi(options: { port: number; env?: NodeJS.ProcessEnv; stdio?: StdioOptions; nodeArgs?: string[] }): ChildProcess;
