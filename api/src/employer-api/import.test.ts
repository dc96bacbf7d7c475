// `pnpm --filter api run import`, on SQLite and PostgreSQL: a file of employment
// records and a pay run goes through the publishing API's own checks and repository; records stand
// alone, the pay run is all or nothing, and every refusal names the field as the API would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromJson } from '../db/convert';
import { DEMO, createTestApp } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { noProgress } from './import-progress';
import { runImportCommand } from './import-command';
import { runImport } from './import-run';
import { generatePayRun } from '../../bench/pay-run-generator';
import { employerCall, employmentRecord, newKey, payslip } from './test-fixtures';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-test-'));
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const NORTHWIND = DEMO.employers.northwind;
const record = (employmentId: string, overrides = {}) => ({ employmentId, ...employmentRecord(overrides) });

async function payslipIdsOf(payRunId: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('payslips')
    .select('external_id')
    .where('employer_id', '=', NORTHWIND)
    .where('pay_run_id', '=', payRunId)
    .orderBy('external_id')
    .execute();
  return rows.map((row) => row.external_id!);
}

/** Runs the command as a user would, on a file written to disk; answers its exit code and output. */
async function command(args: string[], contents?: unknown): Promise<{ code: number; out: string[]; err: string[] }> {
  if (contents !== undefined) fs.writeFileSync(path.join(dir, 'run.json'), typeof contents === 'string' ? contents : JSON.stringify(contents));
  const out: string[] = [];
  const err: string[] = [];
  const code = await runImportCommand(args, t.database.db, { out: (l) => out.push(l), err: (l) => err.push(l), progress: noProgress, cwd: dir });
  return { code, out, err };
}

describe('the import command', () => {
  it('creates the records and the pay run, then a second run of the same file changes nothing', async () => {
    const file = {
      employments: [record('IMP-1', { niNumber: 'AB100001A' }), record('IMP-2', { niNumber: 'AB100002A', email: null })],
      payRun: { payRunId: 'IMP-2026-10', payslips: [payslip('IMP-2026-10-1', 'IMP-1'), payslip('IMP-2026-10-2', 'IMP-2')] },
    };
    const first = await command(['run.json', '--employer', NORTHWIND], file);
    expect(first).toEqual({
      code: 0,
      out: [
        'Employment records: 2 created, 0 updated, 0 unchanged, 0 refused',
        'Pay run IMP-2026-10: created, 2 payslips',
        expect.stringMatching(/^Took \d+\.\d\d s \(4 rows, \d+ rows\/s\)$/),
      ],
      err: [`Importing run.json for Northwind Logistics Ltd (${NORTHWIND})`],
    });
    expect(await payslipIdsOf('IMP-2026-10')).toEqual(['IMP-2026-10-1', 'IMP-2026-10-2']);

    const again = await command(['run.json', '--employer', NORTHWIND]);
    expect(again.out.slice(0, 2)).toEqual([
      'Employment records: 0 created, 0 updated, 2 unchanged, 0 refused',
      'Pay run IMP-2026-10: unchanged (already published with the same content), 2 payslips',
    ]);
    expect(await payslipIdsOf('IMP-2026-10')).toEqual(['IMP-2026-10-1', 'IMP-2026-10-2']);
  });

  it('updates a record whose details changed and leaves the others as they were', async () => {
    const summary = await runImport(
      t.database.db,
      NORTHWIND,
      { employments: [record('IMP-1', { niNumber: 'AB100001A', taxCode: 'K475' }), record('IMP-2', { niNumber: 'AB100002A', email: null })] },
      noProgress,
    );
    expect(summary.employments).toEqual({ created: 0, updated: 1, unchanged: 1, refused: [] });
    const row = await t.database.db
      .selectFrom('employments')
      .select('tax_code')
      .where('employer_id', '=', NORTHWIND)
      .where('external_id', '=', 'IMP-1')
      .executeTakeFirstOrThrow();
    expect(row.tax_code).toBe('K475');
  });

  it('refuses a bad record naming its field and stores the good ones', async () => {
    const summary = await runImport(
      t.database.db,
      NORTHWIND,
      {
        employments: [
          record('IMP-3', { niNumber: 'AB100003A' }),
          record('IMP-4', { niNumber: 'QQ123456C' }), // the demo seed's made-up form: Q is never an NI prefix
          record('IMP-5', { birthDate: '2030-01-01' }),
          record('IMP-3', { niNumber: 'AB100003A' }),
          { employeeName: 'No Id' },
        ],
      },
      noProgress,
    );
    expect(summary.employments.created).toBe(1);
    expect(summary.employments.refused).toEqual([
      { where: 'employments.1', reason: expect.stringMatching(/^employments\.1\.niNumber must be a National Insurance number/) },
      { where: 'employments.2', reason: 'employments.2.birthDate must be in the past' },
      { where: 'employments.3', reason: "employments.3.employmentId repeats employments.0's id 'IMP-3'" },
      { where: 'employments.4', reason: "employments.4 must have the field 'employmentId'" },
    ]);
    const stored = await t.database.db
      .selectFrom('employments')
      .select('external_id')
      .where('employer_id', '=', NORTHWIND)
      .where('external_id', 'in', ['IMP-3', 'IMP-4', 'IMP-5'])
      .execute();
    expect(stored.map((r) => r.external_id)).toEqual(['IMP-3']);
  });

  it('stores none of a pay run with one bad payslip, and words the refusal as the HTTP API does', async () => {
    const bad = payslip('IMP-2026-11-2', 'IMP-2', { payDate: '2026-11-27', taxPeriod: 8, netPence: 230_001 });
    const payslips = [payslip('IMP-2026-11-1', 'IMP-1', { payDate: '2026-11-27', taxPeriod: 8 }), bad];
    const summary = await runImport(t.database.db, NORTHWIND, { payRun: { payRunId: 'IMP-2026-11', payslips } }, noProgress);
    expect(summary.payRun).toEqual({
      payRunId: 'IMP-2026-11',
      payslips: 2,
      outcome: 'refused',
      reason: 'payRun.payslips.1.netPence is 2300.01 but gross pay less deductions is 2300.00',
    });
    expect(await payslipIdsOf('IMP-2026-11')).toEqual([]);

    const key = await newKey(t.database.db, NORTHWIND);
    const viaHttp = await employerCall(t.app, key, 'PUT', '/pay-runs/IMP-2026-11', { payslips });
    expect(viaHttp.statusCode).toBe(400);
    expect(viaHttp.json<{ error: string }>().error.replace(/^body\./, 'payRun.')).toBe(summary.payRun!.reason);
  });

  it('refuses a pay run whose payslip fails the schema, or names another employer’s employment, naming the field', async () => {
    const schemaBad = await runImport(
      t.database.db,
      NORTHWIND,
      { payRun: { payRunId: 'IMP-X1', payslips: [payslip('IMP-X1-1', 'IMP-1', { taxCode: 'nonsense' })] } },
      noProgress,
    );
    expect(schemaBad.payRun?.reason).toBe('payRun.payslips.0.taxCode must be a PAYE tax code like 1257L, K475, BR or S1257L M1');
    // em_sam_brightwater is Brightwater's: Northwind's import cannot reach it.
    const otherEmployer = await runImport(
      t.database.db,
      NORTHWIND,
      { payRun: { payRunId: 'IMP-X2', payslips: [payslip('IMP-X2-1', DEMO.employments.samBrightwater)] } },
      noProgress,
    );
    expect(otherEmployer.payRun?.reason).toMatch(/^payRun\.payslips\.0\.employmentId names no employment of yours/);
    expect(await payslipIdsOf('IMP-X1')).toEqual([]);
    expect(await payslipIdsOf('IMP-X2')).toEqual([]);
  });

  it('answers 1 and says what is wrong for an unknown employer, a file that is not JSON, or not an import file; 2 for wrong usage', async () => {
    expect(await command(['run.json', '--employer', 'er_nobody'], {})).toMatchObject({ code: 1, err: [expect.stringContaining("No employer 'er_nobody'")] });
    expect(await command(['run.json', '--employer', NORTHWIND], '{"employments": [')).toMatchObject({
      code: 1,
      err: [expect.stringMatching(/^Cannot read .*run\.json as JSON/)],
    });
    expect(await command(['run.json', '--employer', NORTHWIND], { payslips: [] })).toMatchObject({
      code: 1,
      err: [expect.any(String), "Nothing imported: file has an unknown field 'payslips'"],
    });
    expect((await command(['run.json'])).code).toBe(2);
    expect((await command(['--employer', NORTHWIND])).code).toBe(2);
  });

  it('exits 1 when anything was refused, and lists each reason under the summary', async () => {
    const result = await command(['run.json', '--employer', NORTHWIND], { employments: [record('IMP-6', { niNumber: 'AB12345C' })] });
    expect(result.code).toBe(1);
    expect(result.out).toEqual([
      'Employment records: 0 created, 0 updated, 0 unchanged, 1 refused',
      expect.stringMatching(/^ {2}refused: employments\.0\.niNumber must be/),
      expect.stringMatching(/^Took /),
    ]);
  });

  it('takes the bench’s generated pay run whole: every record and payslip passes the API’s checks', async () => {
    const generated = generatePayRun(40, 'GEN-TEST');
    const summary = await runImport(t.database.db, NORTHWIND, generated, noProgress);
    expect(summary).toEqual({
      employments: { created: 40, updated: 0, unchanged: 0, refused: [] },
      payRun: { payRunId: 'GEN-TEST', payslips: 40, outcome: 'created' },
    });
    expect(await payslipIdsOf('GEN-TEST')).toHaveLength(40);
  });

  it('publishes the intranet documents of a file once, and refuses one naming its field', async () => {
    const handbook = {
      documentId: 'IMP-DOC-1',
      title: 'Expenses policy',
      filename: 'Expenses policy.pdf',
      publishedOn: '2026-10-01',
      paragraphs: ['Claim within 30 days.'],
    };
    const first = await runImport(
      t.database.db,
      NORTHWIND,
      { intranetDocuments: [handbook, { ...handbook, documentId: 'IMP-DOC-2', filename: 'notes.txt' }] },
      noProgress,
    );
    expect(first.intranetDocuments).toEqual({
      created: 1,
      unchanged: 0,
      refused: [{ where: 'intranetDocuments.1', reason: expect.stringMatching(/^intranetDocuments\.1\.filename must be a file name ending in \.pdf/) }],
    });
    const again = await runImport(
      t.database.db,
      NORTHWIND,
      { intranetDocuments: [handbook, { ...handbook, documentId: 'IMP-DOC-1', title: 'Changed' }] },
      noProgress,
    );
    expect(again.intranetDocuments).toEqual({
      created: 0,
      unchanged: 1,
      refused: [{ where: 'intranetDocuments.1', reason: expect.stringContaining("Document 'IMP-DOC-1' was already published with different content") }],
    });
    const stored = await t.database.db.selectFrom('intranet_documents').select(['title', 'body']).where('external_id', '=', 'IMP-DOC-1').execute();
    expect(stored).toEqual([{ title: 'Expenses policy', body: 'Claim within 30 days.' }]);
  });
});

describe('the import command with a CSV pay run', () => {
  const BRIGHTWATER = DEMO.employers.brightwater;
  const example = fs.readFileSync(path.join(__dirname, '..', '..', 'examples', 'import.csv'), 'utf8');
  const csvCommand = async (contents: string) => {
    fs.writeFileSync(path.join(dir, 'run.csv'), contents);
    const out: string[] = [];
    const err: string[] = [];
    const code = await runImportCommand(['run.csv', '--employer', BRIGHTWATER], t.database.db, {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      progress: noProgress,
      cwd: dir,
    });
    return { code, out, err };
  };
  const payslipsOf = (payRunId: string) =>
    t.database.db.selectFrom('payslips').selectAll().where('employer_id', '=', BRIGHTWATER).where('pay_run_id', '=', payRunId).orderBy('external_id').execute();

  it('stores the example file through the same path as JSON, and a second run changes nothing', async () => {
    const first = await csvCommand(example);
    expect(first.out.slice(0, 2)).toEqual(['Employment records: 2 created, 0 updated, 0 unchanged, 0 refused', 'Pay run 2026-11: created, 2 payslips']);
    expect(first.code).toBe(0);
    const stored = await payslipsOf('2026-11');
    expect(stored.map((p) => [p.external_id, p.net_pence])).toEqual([
      ['2026-11-E1001', 199304],
      ['2026-11-E1002', 163960],
    ]);
    expect(fromJson(stored[1]!.earnings!)).toEqual([
      { kind: 'basic', name: 'Basic pay', amount: 200000 },
      { kind: 'overtime', name: 'Overtime', amount: 20000, hours: 8, rate: 2500 },
    ]);
    const again = await csvCommand(example);
    expect(again.out.slice(0, 2)).toEqual([
      'Employment records: 0 created, 0 updated, 2 unchanged, 0 refused',
      'Pay run 2026-11: unchanged (already published with the same content), 2 payslips',
    ]);
  });

  it('refuses a row whose figures do not add up, naming its row and column, and stores none of the pay run', async () => {
    const bad = example
      .replace(/2026-11/g, '2026-12')
      .replace('2026-12-27', '2026-12-23')

      .split('\n');
    bad[2] = bad[2]!.replace(',163960,', ',163961,');
    const result = await csvCommand(bad.join('\n').replace(/,8,/g, ',9,'));
    expect(result.code).toBe(1);
    expect(result.out).toContainEqual('  refused: row 3, netPence is 1639.61 but gross pay less deductions is 1639.60');
    expect(await payslipsOf('2026-12')).toEqual([]);
  });

  it('refuses a record naming its row and column, and a file it cannot read, saying where', async () => {
    const badNi = example
      .replace('CE246813A', 'QQ246813A')
      .replace(/2026-11/g, '2026-10')
      .replace('2026-10-27', '2026-10-30')
      .replace(/,8,/g, ',7,');
    const result = await csvCommand(badNi);
    expect(result.out).toContainEqual(expect.stringMatching(/^ {2}refused: row 3, niNumber must be a National Insurance number/));
    expect(result.code).toBe(1);
    const unreadable = await csvCommand(example.replace('Jordan Lee', 'Jordan "JJ" Lee'));
    expect(unreadable).toMatchObject({ code: 1, err: [expect.stringMatching(/run\.csv as a pay run CSV: row 2: a quote inside an unquoted field/)] });
  });
});

describe('the demo seed', () => {
  it('is an import of the files in api/demo: its payslips belong to their pay runs, and importing a file again (pay documents and updates too) changes nothing', async () => {
    const runs = await t.database.db.selectFrom('payslips').select('pay_run_id').distinct().where('employer_id', 'is not', null).execute();
    expect(runs.map((r) => r.pay_run_id)).toEqual(expect.arrayContaining(['northwind-demo-history', 'brightwater-demo-history']));
    const unimported = await t.database.db.selectFrom('payslips').select('id').where('pay_run_id', 'is', null).execute();
    expect(unimported).toEqual([]);

    const demoFile = path.join(__dirname, '..', '..', 'demo', 'brightwater.json');
    const result = await command([demoFile, '--employer', DEMO.employers.brightwater]);
    expect(result.code).toBe(0);
    expect(result.out.slice(0, 5)).toEqual([
      'Employment records: 0 created, 0 updated, 3 unchanged, 0 refused',
      expect.stringMatching(/^Pay run brightwater-demo-history: unchanged \(already published with the same content\), \d+ payslips$/),
      'Pay documents: 0 created, 5 unchanged, 0 refused',
      'Intranet documents: 0 created, 2 unchanged, 0 refused',
      'Updates: 0 created, 3 unchanged, 0 refused',
    ]);
  });
});
