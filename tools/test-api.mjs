// Runs the API suite on SQLite, then on PostgreSQL when TEST_DATABASE_URL is set (CI sets it):
// the same tests against both databases (docs/architecture.md "Testing").
import { spawnSync } from 'node:child_process';
import { ROOT } from './apps.mjs';

function runSuite(label, env) {
  console.log(`\ntest-api: ${label}`);
  const run = spawnSync('pnpm', ['--filter', 'api', 'test'], { cwd: ROOT, env, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`test-api: the API suite failed on ${label}`);
    process.exit(run.status ?? 1);
  }
}

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
runSuite('SQLite', withoutPostgres);
if (TEST_DATABASE_URL) runSuite(`PostgreSQL (${TEST_DATABASE_URL})`, process.env);
else console.log('test-api: TEST_DATABASE_URL is not set; PostgreSQL run skipped');
