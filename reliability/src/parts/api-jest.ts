// A part of the suite that is one of the API's Jest files: run on the given database with
// RELIABILITY_RESULTS_DIR set, so the test writes its own figures (api/src/test/figures.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { PartOutcome } from '../part.ts';
import { RESULTS_DIR } from '../results.ts';
import { POSTGRES_URL, ROOT } from '../system.ts';
import type { DatabaseKind } from '../system.ts';

export function runApiJest(testFile: string, database: DatabaseKind): PartOutcome {
  const { TEST_DATABASE_URL: _unused, ...env } = process.env;
  const run = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'jest'), ['--runInBand', testFile], {
    cwd: path.join(ROOT, 'api'),
    env: { ...env, RELIABILITY_RESULTS_DIR: RESULTS_DIR, ...(database === 'postgresql' ? { TEST_DATABASE_URL: POSTGRES_URL! } : {}) },
    stdio: 'inherit',
  });
  return { passed: run.status === 0, figures: run.status === 0 ? {} : { error: `jest ${testFile} exited with ${run.status}` } };
}
