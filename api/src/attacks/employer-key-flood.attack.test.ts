// One employer API key flooding the API, over real HTTP, on SQLite and PostgreSQL: 300 calls at once
// against a limit of 100 a minute, and ten pay runs at once against a limit of two in progress. The
// counters are in the database (employer-api/rate-limits.ts), so no burst gets past them.
import { DEMO, liveTestApp } from '../test/helpers';
import { burst } from '../test/burst';
import type { HttpCall } from '../test/burst';
import { recordAttack } from '../test/attack-figures';
import { BASE, employmentRecord, newKey } from '../employer-api/test-fixtures';
import { noProgress } from '../employer-api/import-progress';
import { runImport } from '../employer-api/import-run';
import { generatePayRun } from '../../bench/pay-run-generator';

const PARALLEL = 300;
const PER_MINUTE = 100;
const PAY_RUNS_AT_ONCE = 2;
const live = liveTestApp({ logLevel: 'warn', employerApiLimits: { requestsPerMinute: PER_MINUTE, payRunsAtOnce: PAY_RUNS_AT_ONCE } });

const call = (key: string, method: string, path: string, body?: unknown): HttpCall => ({
  method,
  path: `${BASE}${path}`,
  headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

it(`lets ${PER_MINUTE} of ${PARALLEL} calls at once through for one key, 429 with Retry-After for the rest, and another key is not affected`, async () => {
  const key = await newKey(live.t.database.db, DEMO.employers.northwind);
  const other = await newKey(live.t.database.db, DEMO.employers.northwind);
  const result = await burst(
    live.server,
    Array.from({ length: PARALLEL }, (_, i) => call(key, 'PUT', `/employments/FLOOD-${i}`, employmentRecord({ niNumber: 'AB123456C' }))),
  );
  const stored = await live.t.database.db.selectFrom('employments').select('id').where('external_id', 'like', 'FLOOD-%').execute();
  const refused = result.answers.filter((a) => a.status === 429);
  const otherKey = await live.server.send(call(other, 'GET', '/employments/FLOOD-0'));
  recordAttack({
    hole: 'no rate limit per employer API key',
    attack: `${PARALLEL} employment upserts at once with one key, limit ${PER_MINUTE} a minute`,
    outcome: `${stored.length} handled, ${refused.length} refused with 429 and Retry-After ${refused[0]?.headers['retry-after'] ?? '-'} s; another key of the same employer answered ${otherKey.status}`,
    held: stored.length <= PER_MINUTE && refused.length === PARALLEL - stored.length,
  });
  expect(result.statuses).toEqual({ '200': PER_MINUTE, '429': PARALLEL - PER_MINUTE });
  expect(stored).toHaveLength(PER_MINUTE);
  for (const answer of refused) {
    expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(answer.body)).toEqual({
      status: 429,
      error: expect.stringMatching(/^Too many calls with this API key: at most 100 a minute; try again in \d+ s$/),
      code: 'request.too_many',
      data: null,
    });
  }
  expect(otherKey.status).not.toBe(429);
}, 60_000);

it(`lets at most ${PAY_RUNS_AT_ONCE} of ten pay runs at once in progress for one key`, async () => {
  const key = await newKey(live.t.database.db, DEMO.employers.northwind);
  const size = 2_000;
  await runImport(live.t.database.db, DEMO.employers.northwind, { employments: generatePayRun(size).employments }, noProgress);
  const runs = Array.from({ length: 10 }, (_, i) => call(key, 'PUT', `/pay-runs/CAP-${i}`, { payslips: generatePayRun(size, `CAP-${i}`).payRun.payslips }));
  const result = await burst(live.server, runs);
  const published = await live.t.database.db.selectFrom('employer_pay_runs').select('id').where('id', 'like', 'CAP-%').execute();
  recordAttack({
    hole: 'no cap on pay runs in progress per employer API key',
    attack: `10 pay runs of ${size.toLocaleString('en-GB')} payslips at once with one key, cap ${PAY_RUNS_AT_ONCE}`,
    outcome: `${published.length} published, ${result.statuses['429'] ?? 0} refused with 429 (${JSON.stringify(result.statuses)})`,
    held: published.length <= PAY_RUNS_AT_ONCE && (result.statuses['429'] ?? 0) === 10 - published.length,
  });
  expect(published.length).toBeGreaterThanOrEqual(1);
  expect(published.length).toBeLessThanOrEqual(PAY_RUNS_AT_ONCE);
  expect(result.statuses['429']).toBe(10 - published.length);
  // Each slot is given back once answered: the next run goes through.
  const after = await live.server.send(call(key, 'PUT', '/pay-runs/CAP-9', { payslips: generatePayRun(size, 'CAP-9').payRun.payslips }));
  expect([200, 201]).toContain(after.status);
}, 120_000);
