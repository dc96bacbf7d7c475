// Types for tools/api-process.mjs, used by the reliability suite and the benchmarks.
import type { ChildProcess, StdioOptions } from 'node:child_process';

export function spawnApi(options: { port: number; env?: NodeJS.ProcessEnv; stdio?: StdioOptions }): ChildProcess;
