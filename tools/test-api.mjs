// Runs the API suite on SQLite, then on PostgreSQL when TEST_DATABASE_URL is set (CI sets it):
// the same tests against both databases (docs/architecture.md "Testing").
import { spawnSync } from 'node:child_process';
import { ROOT } from './apps.mjs';

/**
 * Tests that time the API's own event loop (`*-load.attack.test.ts`) run in a Jest process of their
 * own, after the rest: at the end of one process that ran the whole suite, the heap and the workers
 * the other files left measured as the API's (a pay run's loop held 1.1 s alone, 2.9 s there).
 */
const TIMED = 'load\\.attack\\.test\\.ts$';
const PARTS = [
  { name: 'the suite', args: [`--testPathPatterns=^(?!.*${TIMED})`] },
  { name: 'the event-loop timings', args: [`--testPathPatterns=${TIMED}`] },
];

function runSuite(label, env) {
  for (const part of PARTS) {
    console.log(`\ntest-api: ${label}, ${part.name}`);
    const run = spawnSync('pnpm', ['--filter', 'api', 'test', ...part.args], { cwd: ROOT, env, stdio: 'inherit' });
    if (run.status !== 0) {
      console.error(`test-api: the API suite failed on ${label} (${part.name})`);
      process.exit(run.status ?? 1);
    }
  }
}

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
runSuite('SQLite', withoutPostgres);
if (TEST_DATABASE_URL) runSuite(`PostgreSQL (${TEST_DATABASE_URL})`, process.env);
else console.log('test-api: TEST_DATABASE_URL is not set; PostgreSQL run skipped');
