// A payroll key posting four pay runs of 10,000 payslips at once, over real HTTP, on SQLite and
// PostgreSQL: while they are read, checked and stored, /healthz (and so every other request) must
// still be answered at once. Reading and checking a pay run runs in a worker thread
// (employer-api/pay-run-pool.ts); only the database writes are left on the event loop, a chunk at a time.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { DEMO, createTestApp } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { listen } from '../test/burst';
import type { LiveServer } from '../test/burst';
import { recordAttack } from '../test/attack-figures';
import { BASE, newKey } from '../employer-api/test-fixtures';
import { noProgress } from '../employer-api/import-progress';
import { runImport } from '../employer-api/import-run';
import { generatePayRun } from '../../bench/pay-run-generator';

const PAYSLIPS = 10_000;
const RUNS = 4;
/**
 * The longest the API's event loop may be held while the runs are published. Read on the event loop,
 * one run held it for 2.2 s; now the reading and checking are in a worker thread. On PostgreSQL what
 * is left (taking the checked run back, writing 200 payslips a statement) holds it 20–60 ms at a
 * time: each statement's rows, and their random ids, are made just before it is sent. SQLite's driver (better-sqlite3) is synchronous, and its writes of four runs still hold the
 * loop for up to about 1.1 s: SQLite is the single-instance default, PostgreSQL the database at scale.
 */
// On SQLite the bound is wide because the machine's speed decides it: nine runs of this test on one
// idle 2-core VM held the loop 655–3,506 ms (the same spread before and after the console's changes,
// and with the database in memory-backed storage), so a tighter bound fails on timing, not code.
// Taking SQLite's writes off the event loop is what would tighten it.
const EVENT_LOOP_MAX_MS = process.env.TEST_DATABASE_URL ? 250 : 4_000;
/**
 * The slowest /healthz answer allowed meanwhile. It also waits for the database: on PostgreSQL it
 * was 4,912 ms before the worker thread and is 45–70 ms alone now (up to 473 ms within the whole
 * suite). On SQLite the one connection is held by each run's transaction in turn and the loop by
 * its synchronous writes, so an answer can wait as long as the loop is held (1,169 ms seen in CI):
 * its bound is the loop's.
 */
const HEALTHZ_MAX_MS = process.env.TEST_DATABASE_URL ? 1_000 : EVENT_LOOP_MAX_MS;

let t: TestApp;
let server: LiveServer;
/** One key per run: each within its key's limit of pay runs at once. */
const keys: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'warn' }, { sqliteFile: true });
  server = await listen(t.app);
  for (let i = 0; i < RUNS; i++) keys.push(await newKey(t.database.db, DEMO.employers.northwind));
  await runImport(t.database.db, DEMO.employers.northwind, { employments: generatePayRun(PAYSLIPS).employments }, noProgress);
}, 120_000);
afterAll(async () => {
  server.close();
  await t.close();
});

it(`holds the event loop at most ${EVENT_LOOP_MAX_MS} ms and answers /healthz within ${HEALTHZ_MAX_MS} ms while ${RUNS} pay runs of ${PAYSLIPS.toLocaleString('en-GB')} payslips are posted at once`, async () => {
  const bodies = Array.from({ length: RUNS }, (_, i) => JSON.stringify({ payslips: generatePayRun(PAYSLIPS, `LOAD-${i}`).payRun.payslips }));
  let publishing = true;
  const healthz: number[] = [];
  // The test's client shares the API's process (and so its event loop), as it does in production
  // with every other request.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const poll = (async () => {
    while (publishing) {
      const started = performance.now();
      const answer = await server.send({ path: '/healthz' });
      expect(answer.status).toBe(200);
      healthz.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const answers = await Promise.all(
    bodies.map((body, i) =>
      server.send({
        method: 'PUT',
        path: `${BASE}/pay-runs/LOAD-${i}`,
        headers: { authorization: `Bearer ${keys[i]}`, 'content-type': 'application/json' },
        body,
      }),
    ),
  );
  publishing = false;
  await poll;
  loop.disable();
  const loopMax = Math.round(loop.max / 1e6);
  const slowest = Math.round(Math.max(...healthz));
  const statuses = answers.map((a) => a.status);
  recordAttack({
    hole: 'a large pay run blocking the event loop',
    attack: `${RUNS} pay runs of ${PAYSLIPS.toLocaleString('en-GB')} payslips posted at once, /healthz asked every 20 ms meanwhile`,
    outcome: `event loop held at most ${loopMax} ms (at most ${EVENT_LOOP_MAX_MS}); slowest /healthz ${slowest} ms over ${healthz.length} answers (at most ${HEALTHZ_MAX_MS}); the runs answered ${statuses.join(', ')}`,
    held: loopMax <= EVENT_LOOP_MAX_MS && slowest <= HEALTHZ_MAX_MS && statuses.every((s) => s === 201),
  });
  expect(statuses).toEqual(Array(RUNS).fill(201));
  expect(loopMax).toBeLessThanOrEqual(EVENT_LOOP_MAX_MS);
  expect(slowest).toBeLessThanOrEqual(HEALTHZ_MAX_MS);
  expect(healthz.length).toBeGreaterThan(3);
}, 180_000);
