// Idempotency under load, over real HTTP, on SQLite and PostgreSQL: 300 identical publishing calls
// at once store one copy. It rests on unique keys and INSERT … ON CONFLICT, so no interleaving of
// reads and writes can let two calls both believe they were first.
import PDFDocument from 'pdfkit';
import { toCount } from '../db/convert';
import { DEMO, createTestApp } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { burst, listen } from '../test/burst';
import type { HttpCall, LiveServer } from '../test/burst';
import { BASE, employerCall, employmentRecord, newKey, payslip } from './test-fixtures';

const PARALLEL = 300;

let t: TestApp;
let server: LiveServer;
let key: string;
beforeAll(async () => {
  // Limits high enough for every burst: these tests are about idempotency (the key limits have theirs).
  t = await createTestApp({ employerApiLimits: { requestsPerMinute: 10_000, payRunsAtOnce: PARALLEL } });
  server = await listen(t.app);
  key = await newKey(t.database.db, DEMO.employers.northwind);
}, 60_000);
afterAll(async () => {
  server.close();
  await t.close();
});

const put = (path: string, body: unknown): HttpCall => ({
  method: 'PUT',
  path: `${BASE}${path}`,
  headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function count(table: 'payslips' | 'employments' | 'employer_pay_runs' | 'pay_documents', column: 'external_id' | 'id', value: string): Promise<number> {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('employer_id', '=', DEMO.employers.northwind)
    .where(column, 'like', value)
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

it(`${PARALLEL} identical employment upserts at once make one record`, async () => {
  const result = await burst(
    server,
    Array.from({ length: PARALLEL }, () => put('/employments/BURST-E1', employmentRecord())),
  );
  expect(result.statuses).toEqual({ '200': PARALLEL });
  const created = result.answers.filter((a) => (JSON.parse(a.body) as { created: boolean }).created);
  expect(created).toHaveLength(1);
  expect(await count('employments', 'external_id', 'BURST-E1')).toBe(1);
}, 60_000);

it(`${PARALLEL} identical pay runs at once publish each payslip once`, async () => {
  expect((await employerCall(t.app, key, 'PUT', '/employments/BURST-E2', employmentRecord())).statusCode).toBe(200);
  const run = { payslips: [payslip('burst-p1', 'BURST-E2'), payslip('burst-p2', 'BURST-E2', { payDate: '2026-11-27', taxPeriod: 8 })] };
  const result = await burst(
    server,
    Array.from({ length: PARALLEL }, () => put('/pay-runs/burst-run', run)),
  );
  expect(result.statuses).toEqual({ '201': 1, '200': PARALLEL - 1 });
  expect(await count('payslips', 'external_id', 'burst-p%')).toBe(2);
  expect(await count('employer_pay_runs', 'id', 'burst-run')).toBe(1);
}, 60_000);

it(`${PARALLEL} calls at once with two contents under one pay run id: one content is stored, the other refused (409)`, async () => {
  expect((await employerCall(t.app, key, 'PUT', '/employments/BURST-E3', employmentRecord())).statusCode).toBe(200);
  const a = { payslips: [payslip('race-a', 'BURST-E3')] };
  const b = { payslips: [payslip('race-b', 'BURST-E3')] };
  const result = await burst(
    server,
    Array.from({ length: PARALLEL }, (_, i) => put('/pay-runs/race-run', i % 2 ? a : b)),
  );
  const winner = result.answers.find((answer) => answer.status === 201)!;
  const won = (JSON.parse(winner.body) as { payslips: { payslipId: string }[] }).payslips[0]!.payslipId;
  expect(result.statuses).toEqual({ '201': 1, '200': PARALLEL / 2 - 1, '409': PARALLEL / 2 });
  expect(await count('payslips', 'external_id', won)).toBe(1);
  expect(await count('payslips', 'external_id', won === 'race-a' ? 'race-b' : 'race-a')).toBe(0);
}, 60_000);

it(`${PARALLEL} identical PDF uploads at once store one document`, async () => {
  const pdf = await new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text('P60 End of Year Certificate');
    doc.end();
  });
  const upload: HttpCall = {
    method: 'PUT',
    path: `${BASE}/employments/BURST-E1/documents/burst-p60?type=P60&taxYear=2025-26&issuedOn=2026-05-29`,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/pdf' },
    body: pdf,
  };
  const result = await burst(
    server,
    Array.from({ length: PARALLEL }, () => upload),
  );
  expect(result.statuses).toEqual({ '201': 1, '200': PARALLEL - 1 });
  expect(await count('pay_documents', 'external_id', 'burst-p60')).toBe(1);
}, 60_000);
