// The publishing API, on SQLite and PostgreSQL: keys made and revoked by
// the command and scoped to their employer; writes idempotent by the employer's ids; a pay run
// stored all or nothing; every refusal a 4xx naming the field, with nothing of the batch stored.
import { createHash } from 'node:crypto';
import { toCount } from '../db/convert';
import { DEMO, api, createTestApp, latestCode, register, signInAlex, signInSam, unwrap } from '../test/helpers';
import { pdfText } from '../test/pdf-text';
import type { TestApp } from '../test/helpers';
import type { PayslipInput } from './schemas';
import { employerCall, employmentRecord, keyCommand, newKey, payslip } from './test-fixtures';

let t: TestApp;
let northwind: string;
let brightwater: string;
beforeAll(async () => {
  t = await createTestApp();
  northwind = await newKey(t.database.db, DEMO.employers.northwind);
  brightwater = await newKey(t.database.db, DEMO.employers.brightwater);
});
afterAll(() => t.close());

const call = (key: string | null, method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) => employerCall(t.app, key, method, url, body);

async function payslipsOf(employerId: string): Promise<string[]> {
  const rows = await t.database.db.selectFrom('payslips').select('external_id').where('employer_id', '=', employerId).orderBy('external_id').execute();
  return rows.map((r) => r.external_id!);
}
async function payRunExists(employerId: string, payRunId: string): Promise<boolean> {
  const row = await t.database.db
    .selectFrom('employer_pay_runs')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('employer_id', '=', employerId)
    .where('id', '=', payRunId)
    .executeTakeFirstOrThrow();
  return toCount(row.n) === 1;
}

describe('employer API keys', () => {
  it('are printed once by the command and stored only as a hash of their secret', async () => {
    const made = await keyCommand(t.database.db, 'create', DEMO.employers.northwind);
    expect(made.code).toBe(0);
    const [keyId, secret] = made.key!.split('.');
    const row = await t.database.db.selectFrom('employer_api_keys').selectAll().where('id', '=', keyId!).executeTakeFirstOrThrow();
    expect(row.employer_id).toBe(DEMO.employers.northwind);
    expect(row.secret_hash).toBe(createHash('sha256').update(secret!).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('refuses a call without a key, with a malformed key, with a wrong secret, and for an unknown employer', async () => {
    for (const key of [null, 'not-a-key', `${northwind.split('.')[0]}.${'A'.repeat(43)}`]) {
      const res = await call(key, 'GET', '/employments/em_alex_northwind');
      expect({ key, status: res.statusCode, body: res.json() }).toEqual({
        key,
        status: 401,
        body: { status: 401, error: expect.stringContaining('employer API key'), code: 'session.signed_out', data: null },
      });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
    const unknown = await keyCommand(t.database.db, 'create', 'er_nobody');
    expect({ code: unknown.code, key: unknown.key }).toEqual({ code: 1, key: null });
    expect(unknown.err.join(' ')).toContain("No employer 'er_nobody'");
  });

  it('stop working once revoked by the command', async () => {
    const key = await newKey(t.database.db, DEMO.employers.northwind);
    expect((await call(key, 'GET', '/employments/em_alex_northwind')).statusCode).toBe(200);
    expect((await keyCommand(t.database.db, 'revoke', key.split('.')[0]!)).code).toBe(0);
    expect((await call(key, 'GET', '/employments/em_alex_northwind')).statusCode).toBe(401);
    expect((await keyCommand(t.database.db, 'revoke', key.split('.')[0]!)).code).toBe(1);
  });

  it('can add a new employer with its first key', async () => {
    const made = await keyCommand(t.database.db, 'create', 'er_acme', '--name', 'Acme Payroll Ltd');
    expect(made.code).toBe(0);
    const res = await call(made.key, 'PUT', '/employments/A-1', employmentRecord());
    expect(res.json()).toEqual({ employmentId: 'A-1', created: true });
  });

  it("sets the employer's address and PAYE reference, which its documents print, and refuses a malformed reference", async () => {
    const made = await keyCommand(
      t.database.db,
      'create',
      'er_acme_two',
      '--name',
      'Acme Two Ltd',
      '--address',
      '1 High Street, Leeds, LS1 1AA',
      '--paye-reference',
      '123/ab45678',
    );
    expect(made.code).toBe(0);
    const row = await t.database.db.selectFrom('employers').select(['address', 'paye_reference']).where('id', '=', 'er_acme_two').executeTakeFirstOrThrow();
    expect(row).toEqual({ address: '1 High Street\nLeeds\nLS1 1AA', paye_reference: '123/AB45678' });
    expect((await keyCommand(t.database.db, 'create', 'er_acme_two', '--paye-reference', 'AB45678')).code).toBe(2);
  });
});

describe('a key reaches only its own employer', () => {
  it('reads and ends only its own employments', async () => {
    expect((await call(northwind, 'GET', '/employments/em_alex_northwind')).json()).toMatchObject({
      employmentId: 'em_alex_northwind',
      employeeName: 'Alex Morgan',
      active: true,
      linked: true,
    });
    // Brightwater's key cannot see Northwind's record, nor end it.
    expect((await call(brightwater, 'GET', '/employments/em_alex_northwind')).statusCode).toBe(404);
    expect((await call(brightwater, 'POST', '/employments/em_alex_northwind/end', { endDate: '2026-11-30' })).statusCode).toBe(404);
    expect((await call(northwind, 'GET', '/employments/em_alex_northwind')).json()).toMatchObject({ active: true, endDate: null });
  });

  it('writing under the same id as another employer makes a record of its own and leaves the other untouched', async () => {
    expect((await call(northwind, 'PUT', '/employments/SHARED-1', employmentRecord({ employeeName: 'Northwind Person' }))).json()).toEqual({
      employmentId: 'SHARED-1',
      created: true,
    });
    expect(
      (await call(brightwater, 'PUT', '/employments/SHARED-1', employmentRecord({ employeeName: 'Brightwater Person', niNumber: 'CE654321A' }))).json(),
    ).toEqual({ employmentId: 'SHARED-1', created: true });
    expect((await call(northwind, 'GET', '/employments/SHARED-1')).json()).toMatchObject({ employeeName: 'Northwind Person', niNumber: 'AB123456C' });
    expect((await call(brightwater, 'GET', '/employments/SHARED-1')).json()).toMatchObject({ employeeName: 'Brightwater Person', niNumber: 'CE654321A' });
  });

  it("cannot publish a payslip to another employer's employment; nothing of that pay run is stored", async () => {
    const before = await payslipsOf(DEMO.employers.brightwater);
    const res = await call(brightwater, 'PUT', '/pay-runs/bw-steal', {
      payslips: [payslip('bw-steal-1', 'em_sam_brightwater'), payslip('bw-steal-2', 'em_alex_northwind')],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      error: expect.stringMatching(/^body\.payslips\.1\.employmentId names no employment of yours/),
      code: 'request.invalid',
      data: null,
    });
    expect(await payslipsOf(DEMO.employers.brightwater)).toEqual(before);
    expect(await payRunExists(DEMO.employers.brightwater, 'bw-steal')).toBe(false);
  });
});

describe('employment records', () => {
  it('are created, then updated by the same id, never doubled', async () => {
    expect((await call(northwind, 'PUT', '/employments/E-200', employmentRecord())).json()).toEqual({ employmentId: 'E-200', created: true });
    expect((await call(northwind, 'PUT', '/employments/E-200', employmentRecord())).json()).toEqual({ employmentId: 'E-200', created: false });
    expect((await call(northwind, 'PUT', '/employments/E-200', employmentRecord({ mobilePhone: '07700900999', taxCode: 'S1257L M1' }))).json()).toEqual({
      employmentId: 'E-200',
      created: false,
    });
    expect((await call(northwind, 'GET', '/employments/E-200')).json()).toEqual({
      employmentId: 'E-200',
      employeeName: 'Jordan Lee',
      email: 'jordan.lee@example.com',
      mobilePhone: '07700900999',
      niNumber: 'AB123456C',
      bankLast4: '2468',
      birthDate: '1991-03-09',
      taxCode: 'S1257L',
      startDate: '2024-09-02',
      endDate: null,
      payrollNumber: null,
      studentLoanPlan: null,
      active: true,
      linked: false,
    });
    const rows = await t.database.db
      .selectFrom('employments')
      .select('id')
      .where('external_id', '=', 'E-200')
      .where('employer_id', '=', DEMO.employers.northwind)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('carry the payroll number and student loan plan payslips and P60s print, checked like every field', async () => {
    const record = employmentRecord({ payrollNumber: 'NW-2001', studentLoanPlan: 'plan5' });
    expect((await call(northwind, 'PUT', '/employments/E-250', record)).json()).toEqual({ employmentId: 'E-250', created: true });
    expect((await call(northwind, 'GET', '/employments/E-250')).json()).toMatchObject({ payrollNumber: 'NW-2001', studentLoanPlan: 'plan5' });
    // A change to either alone is a change; null clears it.
    expect((await call(northwind, 'PUT', '/employments/E-250', { ...record, studentLoanPlan: null })).json()).toEqual({
      employmentId: 'E-250',
      created: false,
    });
    expect((await call(northwind, 'GET', '/employments/E-250')).json()).toMatchObject({ payrollNumber: 'NW-2001', studentLoanPlan: null });
    const badPlan = await call(northwind, 'PUT', '/employments/E-250', { ...record, studentLoanPlan: 'plan3' });
    expect(badPlan.statusCode).toBe(400);
    expect(badPlan.json().error).toMatch(/^body\.studentLoanPlan must be plan1, plan2, plan4, plan5 or postgraduate/);
    const badNumber = await call(northwind, 'PUT', '/employments/E-250', { ...record, payrollNumber: 'x'.repeat(36) });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().error).toMatch(/^body\.payrollNumber must be a payroll number/);
  });

  it('are ended once: the same date again changes nothing, another date is a conflict', async () => {
    await call(northwind, 'PUT', '/employments/E-300', employmentRecord());
    expect((await call(northwind, 'POST', '/employments/E-300/end', { endDate: '2026-11-30' })).json()).toEqual({
      employmentId: 'E-300',
      endDate: '2026-11-30',
      changed: true,
    });
    expect((await call(northwind, 'POST', '/employments/E-300/end', { endDate: '2026-11-30' })).json()).toEqual({
      employmentId: 'E-300',
      endDate: '2026-11-30',
      changed: false,
    });
    const other = await call(northwind, 'POST', '/employments/E-300/end', { endDate: '2026-12-31' });
    expect(other.statusCode).toBe(409);
    expect((await call(northwind, 'GET', '/employments/E-300')).json()).toMatchObject({ active: false, endDate: '2026-11-30' });
    expect((await call(northwind, 'POST', '/employments/E-404/end', { endDate: '2026-11-30' })).statusCode).toBe(404);
  });
});

describe('pay runs', () => {
  it('publish payslips the employee then sees, with their lines', async () => {
    const res = await call(northwind, 'PUT', '/pay-runs/nw-2026-10-extra', {
      payslips: [payslip('nw-extra-alex', DEMO.employments.alexNorthwind, { payDate: '2026-10-16' })],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      payRunId: 'nw-2026-10-extra',
      created: true,
      payslips: [{ payslipId: 'nw-extra-alex', employmentId: DEMO.employments.alexNorthwind }],
    });
    const alex = await signInAlex(t.app);
    const seen = unwrap<
      {
        payDate: string;
        grossPay: number;
        netPay: number;
        totalDeductions: number;
        deductions: unknown[];
        earnings: unknown[];
        taxPeriod: number;
        yearToDate: { grossPay: number };
      }[]
    >(await api(t.app, alex, 'GET', `/api/users/${DEMO.alex.id}/employments/${DEMO.employments.alexNorthwind}/payslips`)).data.filter(
      (p) => p.payDate === '2026-10-16',
    );
    expect(seen).toEqual([
      expect.objectContaining({
        grossPay: 3000,
        totalDeductions: 700,
        netPay: 2300,
        taxPeriod: 7,
        deductions: [
          { name: 'Income Tax', amount: 400 },
          { name: 'National Insurance', amount: 150 },
          { name: 'Pension', amount: 150 },
        ],
        earnings: [
          { kind: 'basic', name: 'Basic salary', amount: 2800 },
          { kind: 'overtime', name: 'Overtime', amount: 200, hours: 10, rate: 20 },
        ],
        yearToDate: expect.objectContaining({ grossPay: 21000 }),
      }),
    ]);
  });

  it('retried with the same content changes nothing; with other content under the same id is refused (409)', async () => {
    await call(northwind, 'PUT', '/employments/E-400', employmentRecord());
    const run = { payslips: [payslip('r1-a', 'E-400'), payslip('r1-b', 'E-400', { payDate: '2026-11-27', taxPeriod: 8 })] };
    expect((await call(northwind, 'PUT', '/pay-runs/run-1', run)).statusCode).toBe(201);
    const stored = await payslipsOf(DEMO.employers.northwind);
    const retry = await call(northwind, 'PUT', '/pay-runs/run-1', run);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ payRunId: 'run-1', created: false });
    // Keys in another order are the same content.
    const reordered = { payslips: run.payslips.map((p) => Object.fromEntries(Object.entries(p).reverse())) };
    expect((await call(northwind, 'PUT', '/pay-runs/run-1', reordered)).statusCode).toBe(200);
    const changed = await call(northwind, 'PUT', '/pay-runs/run-1', {
      payslips: [
        payslip('r1-a', 'E-400', {
          netPence: 230_001,
          deductions: [
            { name: 'Income Tax', amountPence: 39_999 },
            { name: 'National Insurance', amountPence: 15_000 },
            { name: 'Pension', amountPence: 15_000 },
          ],
          totalDeductionsPence: 69_999,
          grossPence: 300_000,
        }),
      ],
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({
      status: 409,
      error: expect.stringContaining("Pay run 'run-1' was already published with different content"),
      code: 'request.conflict',
      data: null,
    });
    expect(await payslipsOf(DEMO.employers.northwind)).toEqual(stored);
  });

  it('is stored all or nothing: a payslip id already published with other content undoes the payslips written before it', async () => {
    await call(northwind, 'PUT', '/employments/E-500', employmentRecord());
    expect((await call(northwind, 'PUT', '/pay-runs/run-500a', { payslips: [payslip('p500-x', 'E-500')] })).statusCode).toBe(201);
    const before = await payslipsOf(DEMO.employers.northwind);
    // Two new payslips first (written inside the transaction), then one that clashes with p500-x.
    const clash = { payslips: [payslip('p500-new1', 'E-500'), payslip('p500-new2', 'E-500'), payslip('p500-x', 'E-500', { taxablePence: 284_000 })] };
    const res = await call(northwind, 'PUT', '/pay-runs/run-500b', clash);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 409,
      error: expect.stringMatching(/^body\.payslips\.2\.payslipId 'p500-x' was already published in pay run 'run-500a'/),
      code: 'request.conflict',
      data: null,
    });
    expect(await payslipsOf(DEMO.employers.northwind)).toEqual(before);
    expect(await payRunExists(DEMO.employers.northwind, 'run-500b')).toBe(false);
    // Corrected, the same pay run id goes through: the refused attempt left nothing behind.
    clash.payslips[2] = payslip('p500-x', 'E-500');
    expect((await call(northwind, 'PUT', '/pay-runs/run-500b', clash)).statusCode).toBe(201);
    expect(await payslipsOf(DEMO.employers.northwind)).toEqual([...before, 'p500-new1', 'p500-new2'].sort());
  });

  it('repeats a payslip with the same content in a later pay run without doubling it', async () => {
    await call(northwind, 'PUT', '/employments/E-600', employmentRecord());
    expect((await call(northwind, 'PUT', '/pay-runs/run-600a', { payslips: [payslip('p600', 'E-600')] })).statusCode).toBe(201);
    expect((await call(northwind, 'PUT', '/pay-runs/run-600b', { payslips: [payslip('p600', 'E-600')] })).statusCode).toBe(201);
    expect((await payslipsOf(DEMO.employers.northwind)).filter((id) => id === 'p600')).toHaveLength(1);
  });
});

describe('published records are what employees link to', () => {
  it('an employee links a record the employer published, then sees the next pay run', async () => {
    await call(northwind, 'PUT', '/employments/E-LINK', employmentRecord({ email: 'linker@example.com', niNumber: 'JK246810D' }));
    const user = await register(t.app, { email: 'linker.person@example.com', password: 'a-long-password-9' });
    expect((await api(t.app, user, 'GET', `/api/users/${user.sub}/linking_code_email/${encodeURIComponent('linker@example.com')}`)).statusCode).toBe(200);
    const code = await latestCode(t.app, 'linker@example.com');
    const { externalEmploymentID } = unwrap<{ externalEmploymentID: string }>(
      await api(t.app, user, 'GET', `/api/users/${user.sub}/linking_code/${code}`),
    ).data;
    const done = await api(t.app, user, 'POST', `/api/users/${user.sub}/linking_code/${code}`, {
      code,
      NINumber: 'JK 24 68 10 D',
      bankAccount: '2468',
      dob: '03/09/1991',
      externalEmploymentID,
    });
    expect(done.statusCode).toBe(200);
    expect((await call(northwind, 'GET', '/employments/E-LINK')).json()).toMatchObject({ linked: true });

    expect((await call(northwind, 'PUT', '/pay-runs/run-link', { payslips: [payslip('p-link', 'E-LINK')] })).statusCode).toBe(201);
    const slips = unwrap<{ payDate: string; netPay: number }[]>(
      await api(t.app, user, 'GET', `/api/users/${user.sub}/employments/${externalEmploymentID}/payslips`),
    ).data;
    expect(slips).toEqual([expect.objectContaining({ payDate: '2026-10-30', netPay: 2300 })]);
  });
});

describe("updates and intranet documents reach the employer's staff, once", () => {
  it('publishes an update every Northwind employee sees and Brightwater staff do not; a retry changes nothing, other text is 409', async () => {
    const update = { header: 'Pay day moves to 23 December', from: 'Payroll team' };
    expect((await call(northwind, 'PUT', '/updates/upd-xmas', update)).statusCode).toBe(201);
    expect((await call(northwind, 'PUT', '/updates/upd-xmas', update)).json()).toEqual({ id: 'upd-xmas', created: false });
    expect((await call(northwind, 'PUT', '/updates/upd-xmas', { ...update, header: 'Pay day moves to 22 December' })).statusCode).toBe(409);
    const alex = await signInAlex(t.app);
    const seen = unwrap<{ updateHeader: string; updateFrom: string }[]>(
      await api(t.app, alex, 'GET', `/api/users/${DEMO.alex.id}/employments/${DEMO.employments.alexNorthwind}/updates`),
    ).data;
    expect(seen.filter((u) => u.updateHeader.startsWith('Pay day moves'))).toEqual([
      expect.objectContaining({ updateHeader: 'Pay day moves to 23 December', updateFrom: 'Payroll team' }),
    ]);
    const sam = await signInSam(t.app);
    const samSees = unwrap<{ updateHeader: string }[]>(
      await api(t.app, sam, 'GET', `/api/users/${DEMO.sam.id}/employments/${DEMO.employments.samBrightwater}/updates`),
    ).data;
    expect(samSees.map((u) => u.updateHeader)).not.toContain('Pay day moves to 23 December');
  });

  it('publishes an intranet document staff list and download as a PDF of its text', async () => {
    const doc = {
      title: 'Christmas opening hours',
      filename: 'Christmas hours 2026.pdf',
      publishedOn: '2026-11-20',
      paragraphs: ['Depots close at noon on 24 December.', 'They open again on 2 January.'],
    };
    expect((await call(northwind, 'PUT', '/intranet-documents/int-xmas', doc)).statusCode).toBe(201);
    expect((await call(northwind, 'PUT', '/intranet-documents/int-xmas', doc)).json()).toEqual({ id: 'int-xmas', created: false });
    expect((await call(northwind, 'PUT', '/intranet-documents/int-xmas', { ...doc, paragraphs: ['Depots close at 1pm.'] })).statusCode).toBe(409);
    const alex = await signInAlex(t.app);
    const listed = unwrap<{ ID: string; filename: string; date: string }[]>(
      await api(t.app, alex, 'GET', `/api/users/${DEMO.alex.id}/employments/${DEMO.employments.alexNorthwind}/intranet`),
    ).data.find((d) => d.filename === doc.filename)!;
    expect(listed.date).toBe('2026-11-20');
    const file = await api(t.app, alex, 'GET', `/api/users/${DEMO.alex.id}/file/intranet/${listed.ID}/employment/${DEMO.employments.alexNorthwind}`);
    expect(file.statusCode).toBe(200);
    expect(pdfText(file.rawPayload)).toContain('Depots close at noon on 24 December.');
  });

  it('refuses a file name that is not a .pdf name and an empty update, naming the field', async () => {
    const bad = await call(northwind, 'PUT', '/intranet-documents/int-bad', {
      title: 'T',
      filename: '../secret.exe',
      publishedOn: '2026-11-20',
      paragraphs: ['x'],
    });
    expect(bad.json()).toEqual({
      status: 400,
      error: expect.stringMatching(/^body\.filename must be a file name ending in \.pdf/),
      code: 'request.field_invalid',
      field: 'filename',
      data: null,
    });
    const empty = await call(northwind, 'PUT', '/updates/upd-empty', { header: '   ', from: 'HR' });
    expect(empty.json()).toEqual({
      status: 400,
      error: 'body.header must not be empty (up to 200 characters)',
      code: 'request.field_invalid',
      field: 'header',
      data: null,
    });
  });
});

describe('validation: each refusal names the field, and nothing of the batch is stored', () => {
  beforeAll(async () => {
    await call(northwind, 'PUT', '/employments/E-700', employmentRecord());
  });

  const good = (id: string) => payslip(id, 'E-700');
  const cases: [string, PayslipInput, RegExp][] = [
    [
      'earnings that do not add up to gross pay',
      { ...good('v1'), grossPence: 300_100, taxablePence: 285_000, netPence: 230_100 },
      /^body\.payslips\.1\.grossPence is 3001\.00 but the earnings lines add up to 3000\.00$/,
    ],
    [
      'deductions that do not add up to their total',
      { ...good('v1'), totalDeductionsPence: 69_000, netPence: 231_000 },
      /^body\.payslips\.1\.totalDeductionsPence is 690\.00 but the deductions lines add up to 700\.00$/,
    ],
    [
      'net pay that is not gross less deductions',
      { ...good('v1'), netPence: 229_000 },
      /^body\.payslips\.1\.netPence is 2290\.00 but gross pay less deductions is 2300\.00$/,
    ],
    [
      'no Income Tax line',
      {
        ...good('v1'),
        deductions: [
          { name: 'National Insurance', amountPence: 15_000 },
          { name: 'Pension', amountPence: 55_000 },
        ],
      },
      /^body\.payslips\.1\.deductions must include a 'Income Tax' line/,
    ],
    ['a pay date that is not a real date', { ...good('v1'), payDate: '2026-02-30' }, /^body\.payslips\.1\.payDate must be a real date written as YYYY-MM-DD$/],
    [
      "a tax period that is not the pay date's tax month",
      { ...good('v1'), taxPeriod: 6 },
      /^body\.payslips\.1\.taxPeriod is 6 but the pay date 2026-10-30 falls in tax month 7$/,
    ],
    [
      'a year-to-date gross below this payslip',
      { ...good('v1'), yearToDate: { ...good('v1').yearToDate, grossPence: 100 } },
      /^body\.payslips\.1\.yearToDate\.grossPence/,
    ],
    ['an NI category letter not in use', { ...good('v1'), niCategory: 'Q' }, /^body\.payslips\.1\.niCategory must be a National Insurance category letter/],
    ['a malformed tax code', { ...good('v1'), taxCode: '1257' }, /^body\.payslips\.1\.taxCode must be a PAYE tax code/],
    ['a fraction of a penny', { ...good('v1'), netPence: 230_000.5 }, /^body\.payslips\.1\.netPence must be integer$/],
    ['an employment not created yet', { ...good('v1'), employmentId: 'E-NOPE' }, /^body\.payslips\.1\.employmentId names no employment of yours/],
    [
      'a pay date before the employment started',
      { ...good('v1'), payDate: '2024-08-30', taxPeriod: 5 },
      /^body\.payslips\.1\.payDate 2024-08-30 is before the employment started/,
    ],
  ];

  it.each(cases)('refuses %s (400) and stores neither payslip', async (_what, bad, message) => {
    const before = await payslipsOf(DEMO.employers.northwind);
    const res = await call(northwind, 'PUT', '/pay-runs/run-invalid', { payslips: [good('v0'), bad] });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: { status: 400, error: expect.stringMatching(message), code: 'request.invalid', data: null },
    });
    expect(await payslipsOf(DEMO.employers.northwind)).toEqual(before);
    expect(await payRunExists(DEMO.employers.northwind, 'run-invalid')).toBe(false);
  });

  it('refuses a payslip id twice in one pay run', async () => {
    const res = await call(northwind, 'PUT', '/pay-runs/run-twice', { payslips: [good('t1'), good('t1')] });
    expect(res.json()).toEqual({ status: 400, error: "body.payslips.1.payslipId repeats payslip 0's id 't1'", code: 'request.invalid', data: null });
  });

  const recordCases: [string, Record<string, unknown>, RegExp][] = [
    ['an NI number with a prefix HMRC never issues', { niNumber: 'QQ123456C' }, /^body\.niNumber must be a National Insurance number like AB123456C/],
    ['an NI number with a prefix HMRC keeps out of use', { niNumber: 'GB123456A' }, /^body\.niNumber must be a National Insurance number/],
    ['an NI number with O as its second letter', { niNumber: 'AO123456A' }, /^body\.niNumber must be a National Insurance number/],
    ['an NI number in lower case with spaces', { niNumber: 'ab 12 34 56 c' }, /^body\.niNumber must be a National Insurance number/],
    ['an NI number one digit short', { niNumber: 'AB12345C' }, /^body\.niNumber must be a National Insurance number/],
    ['an NI number without its suffix letter', { niNumber: 'AB123456' }, /^body\.niNumber must be a National Insurance number/],
    ['a date of birth that is not a real date', { birthDate: '1990-02-30' }, /^body\.birthDate must be a real date written as YYYY-MM-DD$/],
    ['a date of birth in the future', { birthDate: '2999-01-01' }, /^body\.birthDate must be in the past$/],
    ['a start date before birth', { startDate: '1980-01-01' }, /^body\.startDate must be after the date of birth/],
    ['an end date before the start', { endDate: '2024-01-01' }, /^body\.endDate must not be before the start date \(2024-09-02\)$/],
    ['bank digits that are not 4 digits', { bankLast4: '12a4' }, /^body\.bankLast4 must be the last 4 digits/],
    ['an unknown field', { salary: 1 }, /^body has an unknown field 'salary'$/],
  ];

  it.each(recordCases)('refuses an employment record with %s (400) and stores nothing', async (_what, change, message) => {
    const res = await call(northwind, 'PUT', '/employments/E-INVALID', { ...employmentRecord(), ...change });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: { status: 400, error: expect.stringMatching(message), code: 'request.field_invalid', field: expect.any(String), data: null },
    });
    expect((await call(northwind, 'GET', '/employments/E-INVALID')).statusCode).toBe(404);
  });

  it('refuses an end date before the start, naming it', async () => {
    const res = await call(northwind, 'POST', '/employments/E-700/end', { endDate: '2020-01-01' });
    expect(res.json()).toEqual({
      status: 400,
      error: 'body.endDate must not be before the start date (2024-09-02)',
      code: 'request.field_invalid',
      field: 'endDate',
      data: null,
    });
    expect((await call(northwind, 'GET', '/employments/E-700')).json()).toMatchObject({ active: true, endDate: null });
  });
});
