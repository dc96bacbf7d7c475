// A payroll key posting four pay runs of 10,000 payslips at once, over real HTTP, on SQLite and
// PostgreSQL: while they are read, checked and stored, /healthz (and so every other request) must
// still be answered at once. Reading and checking a pay run runs in a worker thread
// (employer-api/pay-run-pool.ts); only the database writes are left on the event loop, a chunk at a time.
import { performance } from 'node:perf_hooks';
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
 * The slowest /healthz answer allowed while the runs are being published: a tenth of the 2.2 s it
 * waited when the runs were read on the event loop. Alone it answers in 50–70 ms; the margin is for
 * a 2-core machine busy with the rest of the suite (217 ms seen once there).
 */
const HEALTHZ_MAX_MS = 250;

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

it(`answers /healthz within ${HEALTHZ_MAX_MS} ms while ${RUNS} pay runs of ${PAYSLIPS.toLocaleString('en-GB')} payslips are posted at once`, async () => {
  const bodies = Array.from({ length: RUNS }, (_, i) => JSON.stringify({ payslips: generatePayRun(PAYSLIPS, `LOAD-${i}`).payRun.payslips }));
  let publishing = true;
  const healthz: number[] = [];
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
  const slowest = Math.round(Math.max(...healthz));
  const statuses = answers.map((a) => a.status);
  recordAttack({
    hole: 'a large pay run blocking the event loop',
    attack: `${RUNS} pay runs of ${PAYSLIPS.toLocaleString('en-GB')} payslips posted at once, /healthz asked every 20 ms meanwhile`,
    outcome: `slowest /healthz ${slowest} ms over ${healthz.length} answers (at most ${HEALTHZ_MAX_MS}); the runs answered ${statuses.join(', ')}`,
    held: slowest <= HEALTHZ_MAX_MS && statuses.every((s) => s === 201),
  });
  expect(statuses).toEqual(Array(RUNS).fill(201));
  expect(slowest).toBeLessThanOrEqual(HEALTHZ_MAX_MS);
  expect(healthz.length).toBeGreaterThan(3);
}, 180_000);
