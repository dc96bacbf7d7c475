// Types for tools/api-process.mjs, used by the reliability suite and the benchmarks.
import type { ChildProcess, StdioOptions } from 'node:child_process';

/** `nodeArgs`: options for node itself, before the script (such as --cpu-prof). */
export function spawnApi(options: { port: number; env?: NodeJS.ProcessEnv; stdio?: StdioOptions; nodeArgs?: string[] }): ChildProcess;
