// Publishing a pay run from the console, as Northwind's admin (Priya) does it: a JSON or CSV file
// previewed (totals, every problem by row and field, nothing stored), then published all or nothing
// through the employer API's code, once; bad files of every kind named clearly; the limits; and who
// may do it (never an employee, another employer's admin, someone signed out or without the second step).
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { FRONT_END, api, createTestApp, DEMO, signInAlex, unwrap } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { adminWithoutSecondStep, makeAdmin, signInAsAdmin } from '../test/admins';
import { employmentRecord, payslip } from '../employer-api/test-fixtures';
import { nowIso } from '../db/convert';
import type { PayRunPreview, PayRunPublished } from './pay-run-uploads';
import { PAY_RUN_UPLOAD_MAX_BYTES } from './publish-routes';

let t: TestApp;
let priya: SignedIn;
let bright: SignedIn;
const NW = `/api/employers/${DEMO.employers.northwind}`;
const BW = `/api/employers/${DEMO.employers.brightwater}`;
const EXAMPLE_CSV = fs.readFileSync(path.join(__dirname, '..', '..', 'examples', 'import.csv'), 'utf8');

beforeAll(async () => {
  t = await createTestApp();
  priya = await signInAsAdmin(t, DEMO.priya.email);
  await makeAdmin(t.database.db, DEMO.employers.brightwater, 'admin@brightwater.example', ['Bea', 'Waters']);
  bright = await signInAsAdmin(t, 'admin@brightwater.example');
}, 60_000);
afterAll(() => t.close());

const preview = (body: string | Buffer, type = 'application/json', user: SignedIn | null = priya, at = NW) =>
  t.app.inject({
    method: 'POST',
    url: `${at}/pay-runs/preview`,
    payload: body,
    headers: { 'content-type': type, origin: FRONT_END, ...(user ? { cookie: user.jar.header() } : {}) },
  });
const publish = (uploadId: string, user: SignedIn = priya, at = NW) => api(t.app, user, 'POST', `${at}/pay-runs/publish`, { uploadId });
const data = <T>(res: LightMyRequestResponse): T => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return unwrap<T>(res).data;
};
const previewed = async (body: string | Buffer, type?: string) => data<PayRunPreview>(await preview(body, type));
const published = async (uploadId: string) => data<PayRunPublished>(await publish(uploadId));

const db = () => t.database.db;
const count = async (table: 'audit_log' | 'payslips' | 'employer_pay_runs' | 'console_uploads' | 'notification_queue' | 'employments') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const payslipsOf = (payRunId: string) =>
  db()
    .selectFrom('payslips')
    .select(['external_id', 'net_pence'])
    .where('employer_id', '=', DEMO.employers.northwind)
    .where('pay_run_id', '=', payRunId)
    .execute();

/** A pay run file: a new record and Alex's (linked: he is told), each paid once. */
function jsonFile(payRunId: string, overrides: Record<string, unknown> = {}) {
  return JSON.stringify({
    employments: [{ employmentId: 'NW-T1', ...employmentRecord() }],
    payRun: {
      payRunId,
      payslips: [payslip(`${payRunId}-1`, 'NW-T1'), payslip(`${payRunId}-2`, DEMO.employments.alexNorthwind)],
    },
    ...overrides,
  });
}

/** The example CSV under another pay run id (two records, two payslips). */
const csvFile = (payRunId: string) => EXAMPLE_CSV.replace(/2026-11/g, payRunId).replace(new RegExp(`${payRunId}-27`, 'g'), '2026-11-27');

describe('a JSON pay run', () => {
  it('previews its totals without storing anything, publishes it all once, tells the linked employee, and audits it', async () => {
    const before = { payslips: await count('payslips'), audit: await count('audit_log'), notices: await count('notification_queue') };
    const file = jsonFile('CON-JSON-1');
    const seen = await previewed(file);
    expect(seen).toEqual({
      uploadId: expect.stringMatching(/^upl_/),
      format: 'json',
      payRunId: 'CON-JSON-1',
      totals: { employees: 2, grossPence: 600_000, netPence: 460_000 },
      problems: [],
      publishable: true,
      alreadyPublished: false,
    });
    expect(await count('payslips')).toBe(before.payslips);

    expect(await published(seen.uploadId)).toEqual({ payRunId: 'CON-JSON-1', payslips: 2, unchanged: false });
    expect((await payslipsOf('CON-JSON-1')).map((p) => p.external_id).sort()).toEqual(['CON-JSON-1-1', 'CON-JSON-1-2']);
    expect(await count('notification_queue')).toBe(before.notices + 1);
    const audit = await db().selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'publish', actor_user_id: DEMO.priya.id, detail: expect.stringContaining('Pay run CON-JSON-1: 2 payslips') });
    expect(await count('audit_log')).toBe(before.audit + 1);

    // The same upload again, and the same content uploaded again: nothing changes.
    expect(await published(seen.uploadId)).toEqual({ payRunId: 'CON-JSON-1', payslips: 2, unchanged: true });
    const again = await previewed(file);
    expect(again).toMatchObject({ publishable: true, alreadyPublished: true, problems: [] });
    expect(again.uploadId).not.toBe(seen.uploadId);
    expect(await published(again.uploadId)).toEqual({ payRunId: 'CON-JSON-1', payslips: 2, unchanged: true });
    expect(await count('audit_log')).toBe(before.audit + 1);
    expect(await count('payslips')).toBe(before.payslips + 2);
  });

  it('names every problem by row and field, and publishes none of it', async () => {
    const broken = JSON.stringify({
      employments: [
        { employmentId: 'NW-T2', ...employmentRecord({ niNumber: 'QQ123456C' }) },
        { employmentId: 'NW-T2', ...employmentRecord() },
        { employmentId: 'NW-T3', ...employmentRecord({ employeeName: '=HYPERLINK("http://evil.example","Pay")' }) },
      ],
      payRun: {
        payRunId: 'CON-BAD-1',
        payslips: [
          payslip('CON-BAD-1-1', 'NW-T3', { netPence: 1 }),
          payslip('CON-BAD-1-2', 'NW-NOBODY'),
          payslip('CON-BAD-1-3', 'NW-T3', { taxCode: 'nonsense' }),
          payslip('CON-BAD-1-1', 'NW-T3'),
        ],
      },
    });
    const seen = await previewed(broken);
    expect(seen.publishable).toBe(false);
    expect(seen.totals).toEqual({ employees: 2, grossPence: 1_200_000, netPence: 690_001 });
    const places = seen.problems.map((p) => [p.row, p.field]);
    expect(places).toEqual(
      expect.arrayContaining([
        [3, 'employments.employeeName'],
        [1, 'employments.niNumber'],
        [2, 'employments.employmentId'],
        [1, 'payslips.netPence'],
        [3, 'payslips.taxCode'],
        [4, 'payslips.payslipId'],
      ]),
    );
    expect(seen.problems.find((p) => p.field === 'employments.employeeName')!.message).toMatch(/starts with '=', which a spreadsheet would run as a formula/);
    const refused = await publish(seen.uploadId);
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({ status: 409, code: 'console.not_publishable' });
    expect(await payslipsOf('CON-BAD-1')).toEqual([]);
    expect(await db().selectFrom('employments').select('id').where('external_id', 'in', ['NW-T2', 'NW-T3']).execute()).toEqual([]);

    // Once the fields are right, the payslip naming no record is the one problem the database finds.
    const unknown = await previewed(JSON.stringify({ payRun: { payRunId: 'CON-BAD-2', payslips: [payslip('CON-BAD-2-1', 'NW-NOBODY')] } }));
    expect(unknown.problems).toEqual([{ row: 1, field: 'employmentId', message: expect.stringContaining("'NW-NOBODY' is no employee of yours") }]);
  });

  it('refuses other content under a pay run id already published, and files that are not a pay run', async () => {
    const changed = await previewed(
      JSON.stringify({ payRun: { payRunId: 'CON-JSON-1', payslips: [payslip('CON-JSON-1-1', 'NW-T1', { payDate: '2026-10-29' })] } }),
    );
    expect(changed.problems).toEqual([{ row: null, field: 'payRunId', message: expect.stringContaining('already published with different content') }]);
    const problemOf = async (body: string) => (await previewed(body)).problems;
    expect(await problemOf('')).toEqual([{ row: null, field: null, message: 'The file is empty' }]);
    expect(await problemOf('   \n')).toEqual([{ row: null, field: null, message: 'The file is empty' }]);
    expect((await problemOf('{"payRun": '))[0]!.message).toMatch(/^The file is not valid JSON/);
    expect(await problemOf(jsonFile('CON-X', { payDocuments: [] }))).toEqual([
      { row: null, field: 'payDocuments', message: expect.stringContaining('upload their PDFs under Documents') },
    ]);
    expect((await problemOf('[1,2]'))[0]!.message).toMatch(/must be object/);
    expect((await problemOf(JSON.stringify({ payRun: { payRunId: 'X', payslips: [] } })))[0]!.message).toMatch(/payRun\.payslips/);
  });

  it('refuses a JSON body that is not a file of the API (wrong type, 415) and an upload it does not know (404)', async () => {
    const wrongType = await preview('a,b', 'text/plain');
    expect(wrongType.statusCode).toBe(415);
    const unknown = await publish('upl_unknown');
    expect({ status: unknown.statusCode, code: unknown.json().code }).toEqual({ status: 404, code: 'console.upload_not_found' });
    const expired = await previewed(jsonFile('CON-EXPIRED'));
    await db()
      .updateTable('console_uploads')
      .set({ expires_at: nowIso(-1000) })
      .where('id', '=', expired.uploadId)
      .execute();
    expect((await publish(expired.uploadId)).json()).toMatchObject({ status: 404, code: 'console.upload_not_found' });
    expect(await payslipsOf('CON-EXPIRED')).toEqual([]);
  });
});

describe('a CSV pay run', () => {
  it('previews and publishes a payroll export, with a byte-order mark, CRLF, CR-only lines or as UTF-16 alike', async () => {
    const file = csvFile('CON-CSV-1');
    const seen = await previewed(file, 'text/csv; charset=utf-8');
    expect(seen).toMatchObject({
      format: 'csv',
      payRunId: 'CON-CSV-1',
      totals: { employees: 2, grossPence: 470_000, netPence: 363_264 },
      problems: [],
      publishable: true,
      alreadyPublished: false,
    });
    expect(await published(seen.uploadId)).toEqual({ payRunId: 'CON-CSV-1', payslips: 2, unchanged: false });
    expect((await payslipsOf('CON-CSV-1')).map((p) => p.net_pence).sort()).toEqual([163960, 199304]);

    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(file, 'utf16le')]);
    const variants: [string, string | Buffer][] = [
      ['BOM', `\uFEFF${file}`],
      ['CRLF', file.replace(/\n/g, '\r\n')],
      ['CR only', file.replace(/\n/g, '\r')],
      ['UTF-16 with its mark', utf16],
    ];
    for (const [name, body] of variants) {
      const again = await previewed(body, 'text/csv');
      expect({ name, ...again, uploadId: undefined }).toEqual({ name, ...seen, uploadId: undefined, alreadyPublished: true });
    }
    const noMark = await previewed(Buffer.from(file, 'utf16le'), 'text/csv');
    expect(noMark.problems).toEqual([{ row: null, field: null, message: expect.stringContaining('looks like UTF-16 without a byte-order mark') }]);
  });

  it('names each problem by its data row and column: figures, formula cells, repeated records, wrong and missing columns', async () => {
    const lines = csvFile('CON-CSV-2').split('\n');
    lines[1] = lines[1]!.replace('AB123456C', 'QQ123456C').replace('Jordan Lee', '@SUM(A1:A9)');
    lines[2] = lines[2]!.replace(',163960,', ',163961,');
    const seen = await previewed(lines.join('\n'), 'text/csv');
    expect(seen.publishable).toBe(false);
    expect(seen.problems.map((p) => [p.row, p.field])).toEqual(
      expect.arrayContaining([
        [1, 'employeeName'],
        [1, 'niNumber'],
        [2, 'netPence'],
      ]),
    );
    expect(seen.problems.find((p) => p.field === 'netPence')!.message).toBe('row 2, netPence is 1639.61 but gross pay less deductions is 1639.60');

    const minus = csvFile('CON-CSV-3').replace('Priya Shah', '-Priya Shah');
    expect((await previewed(minus, 'text/csv')).problems).toEqual([{ row: 2, field: 'employeeName', message: expect.stringContaining("starts with '-'") }]);

    const repeated = [
      ...csvFile('CON-CSV-4').trimEnd().split('\n'),
      csvFile('CON-CSV-4').split('\n')[1]!.replace('2468', '1111').replace('CON-CSV-4-E1001', 'CON-CSV-4-E9'),
    ];
    expect((await previewed(repeated.join('\n'), 'text/csv')).problems).toEqual([
      { row: 3, field: 'bankLast4', message: "row 3, bankLast4 '1111' differs from row 1's '2468' for employment 'E1001'" },
    ]);

    const [header, ...rows] = csvFile('CON-CSV-5').split('\n');
    const renamed = [header!.replace('employmentId', 'employeeNumber'), ...rows].join('\n');
    expect((await previewed(renamed, 'text/csv')).problems).toEqual([
      { row: null, field: 'employeeNumber', message: expect.stringContaining('not in the format') },
    ]);
    const missing = [header!.replace(',netPence', ''), ...rows.map((r) => r.replace(',199304,', ',').replace(',163960,', ','))].join('\n');
    expect((await previewed(missing, 'text/csv')).problems).toEqual([{ row: null, field: 'netPence', message: "The header lacks the column 'netPence'" }]);
    expect((await previewed('', 'text/csv')).problems).toEqual([{ row: null, field: null, message: 'The file is empty' }]);
    expect((await previewed(`${header}\n`, 'text/csv')).problems).toEqual([
      { row: null, field: null, message: 'the file has no payslip rows under its header' },
    ]);
  });
});

describe('the limits', () => {
  it('refuses a file over 20 MB with 413 before reading it', async () => {
    const res = await preview(Buffer.alloc(PAY_RUN_UPLOAD_MAX_BYTES + 1, 0x20), 'text/csv');
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 413, code: 'console.upload_too_large' });
    expect(res.json().error).toBe('The file is over the limit of 20 MB.');
  });

  it('previews 50,000 rows within the limits (over the 10,000 payslips a run may have), and 10,000 rows publishable', async () => {
    const [header, row] = EXAMPLE_CSV.split('\n');
    const rowsOf = (n: number, run: string) =>
      [header, ...Array.from({ length: n }, (_, i) => row!.replace(/E1001/g, `E${i}`).replace('2026-11-E', `${run}-E`).replace(',2026-11,', `,${run},`))].join(
        '\n',
      );
    const big = rowsOf(50_000, 'CON-BIG');
    let started = performance.now();
    const seen = await previewed(big, 'text/csv');
    const fiftyThousand = performance.now() - started;
    expect(seen.problems).toEqual([{ row: null, field: null, message: expect.stringContaining('must NOT have more than 10000 items') }]);
    expect(seen.totals.employees).toBe(50_000);

    started = performance.now();
    const full = await previewed(rowsOf(10_000, 'CON-10K'), 'text/csv');
    const tenThousand = performance.now() - started;
    expect(full).toMatchObject({ publishable: true, totals: { employees: 10_000 } });
    started = performance.now();
    expect(await published(full.uploadId)).toEqual({ payRunId: 'CON-10K', payslips: 10_000, unchanged: false });
    const publishing = performance.now() - started;
    console.log(
      `${t.database.dialect}: preview of 50,000 rows (${(big.length / 1024 / 1024).toFixed(1)} MB) ${fiftyThousand.toFixed(0)} ms; ` +
        `10,000 rows preview ${tenThousand.toFixed(0)} ms, publish ${publishing.toFixed(0)} ms`,
    );
    expect(fiftyThousand).toBeLessThan(20_000);
  }, 180_000);
});

describe('who may publish', () => {
  it('refuses an employee, someone signed out, an admin without the second step and another employer’s admin; nothing changes', async () => {
    const before = { uploads: await count('console_uploads'), runs: await count('employer_pay_runs') };
    const alex = await signInAlex(t.app);
    expect((await preview(jsonFile('CON-NO'), 'application/json', alex)).statusCode).toBe(404);
    expect((await preview(jsonFile('CON-NO'), 'application/json', null)).statusCode).toBe(401);
    const without = await adminWithoutSecondStep(t, DEMO.employers.northwind, 'password.only@northwind.example');
    expect((await preview(jsonFile('CON-NO'), 'application/json', without)).json()).toMatchObject({ status: 403, code: 'console.second_step_required' });
    expect((await preview(jsonFile('CON-NO'), 'application/json', bright)).json()).toMatchObject({ status: 404, code: 'console.not_found' });
    // No access is answered before the body is read: even one over the limit.
    expect((await preview(Buffer.alloc(PAY_RUN_UPLOAD_MAX_BYTES + 1, 0x20), 'text/csv', alex)).statusCode).toBe(404);
    expect({ uploads: await count('console_uploads'), runs: await count('employer_pay_runs') }).toEqual(before);
  });

  it('never publishes a Brightwater upload from Northwind', async () => {
    const theirs = data<PayRunPreview>(await preview(csvFile('CON-BW-1'), 'text/csv', bright, BW));
    expect(theirs.publishable).toBe(true);
    expect((await publish(theirs.uploadId, priya, NW)).json()).toMatchObject({ status: 404, code: 'console.upload_not_found' });
    expect((await publish(theirs.uploadId, priya, BW)).json()).toMatchObject({ status: 404, code: 'console.not_found' });
    expect(await db().selectFrom('employer_pay_runs').select('id').where('id', '=', 'CON-BW-1').execute()).toEqual([]);
    expect(data<PayRunPublished>(await publish(theirs.uploadId, bright, BW))).toEqual({ payRunId: 'CON-BW-1', payslips: 2, unchanged: false });
  });
});
