// One employment's pay data: document types, payslips, documents, updates, intranet.
import { DEMO, api, createTestApp, signInAlex, signInSam, unwrap } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { employmentPeriod } from './repository';
import type { TaxChangeCause } from '../payroll/tax-change';

let t: TestApp;
let alex: SignedIn;
let sam: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  alex = await signInAlex(t.app);
  sam = await signInSam(t.app);
});
afterAll(() => t.close());

const base = (user: SignedIn, employmentId: string) => `/api/users/${user.sub}/employments/${employmentId}`;

type Payslip = {
  ID: string;
  payDate: string;
  netPay: number;
  grossPay: number;
  totalDeductions: number;
  deductions: { name: string; amount: number }[];
  other: { name: string; amount: number }[];
  taxChange?: TaxChangeCause | null;
};

describe('payslips', () => {
  it('lists a year of payslips, newest first, with figures that add up', async () => {
    const res = await api(t.app, alex, 'GET', `${base(alex, DEMO.employments.alexNorthwind)}/payslips`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const inner = unwrap<Payslip[]>(res);
    expect(inner.status).toBe(200);
    expect(inner.error).toBeNull();
    const slips = inner.data;
    expect(slips).toHaveLength(12);
    expect(slips[0]!.payDate).toBe('2026-10-30');
    expect(slips[11]!.payDate).toBe('2025-11-28');
    const dates = slips.map((s) => s.payDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const s of slips) {
      expect(typeof s.ID).toBe('string');
      expect(s.payDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const names = s.deductions.map((d) => d.name);
      expect(names).toEqual(expect.arrayContaining(['Income Tax', 'National Insurance']));
      const sum = s.deductions.reduce((a, d) => a + Math.round(d.amount * 100), 0);
      expect(sum).toBe(Math.round(s.totalDeductions * 100));
      expect(Math.round(s.grossPay * 100) - Math.round(s.totalDeductions * 100)).toBe(Math.round(s.netPay * 100));
      // Pounds with at most 2 decimals.
      for (const n of [s.netPay, s.grossPay, s.totalDeductions]) expect(Math.round(n * 100) / 100).toBe(n);
    }
    // October 2026: £39,744 a year after April's 3.5% rise, on 1097L, tax month 7.
    expect(slips[0]).toMatchObject({
      grossPay: 3312,
      deductions: expect.arrayContaining([{ name: 'Income Tax', amount: 446.2 }]),
      taxCode: '1097L',
      niCategory: 'A',
      taxPeriod: 7,
      earnings: [{ kind: 'basic', name: 'Basic pay', amount: 3312 }],
      taxablePay: 3146.4,
      yearToDate: expect.objectContaining({ grossPay: 7 * 3312 + 8 * 30.57 }),
    });
  });

  it('tells why Income Tax changed since the payslip before, worked out again by HMRC’s method', async () => {
    const slips = unwrap<Payslip[]>(await api(t.app, alex, 'GET', `${base(alex, DEMO.employments.alexNorthwind)}/payslips`)).data;
    const taxPence = (s: Payslip) => Math.round(s.deductions.find((d) => d.name === 'Income Tax')!.amount * 100);
    // Every payslip but the oldest listed has one, and its three effects add up to the change.
    expect(slips.at(-1)!.taxChange).toBeNull();
    for (let i = 0; i + 1 < slips.length; i++) {
      const change = slips[i]!.taxChange!;
      expect(change.previousPayslipId).toBe(slips[i + 1]!.ID);
      expect(change.codeEffectPence + change.payEffectPence + change.yearToDateEffectPence).toBe(taxPence(slips[i]!) - taxPence(slips[i + 1]!));
    }
    // 30 September 2026: £46.80 more tax is overtime (£46.40) and 1097L M1 going back to 1097L (£0.40).
    expect(slips.find((s) => s.payDate === '2026-09-30')!.taxChange).toMatchObject({ codeEffectPence: 40, payEffectPence: 4_640, yearToDateEffectPence: 0 });
  });

  it('lists the ended employment’s payslips too', async () => {
    const slips = unwrap<Payslip[]>(await api(t.app, alex, 'GET', `${base(alex, DEMO.employments.alexBrightwater)}/payslips`)).data;
    expect(slips.map((s) => s.payDate)).toEqual(['2025-03-31', '2025-02-28', '2025-01-31']);
  });
});

describe('document types, documents, updates and intranet', () => {
  it('flags the document types that exist', async () => {
    const northwind = unwrap(await api(t.app, alex, 'GET', `${base(alex, DEMO.employments.alexNorthwind)}/document_types`)).data;
    expect(northwind).toEqual([{ Payslip: true, Documents: true, P45: false, P60: true, P11d: true, PensionLetter: true }]);
    const brightwater = unwrap(await api(t.app, alex, 'GET', `${base(alex, DEMO.employments.alexBrightwater)}/document_types`)).data;
    // Ended on 31 March 2025: Brightwater's shared documents are all dated later, so none reaches it.
    expect(brightwater).toEqual([{ Payslip: true, Documents: false, P45: true, P60: true, P11d: false, PensionLetter: true }]);
  });

  it('lists pay documents newest first', async () => {
    const docs = unwrap<{ ID: string; fileType: string; taxYear: string; filename: string }[]>(
      await api(t.app, alex, 'GET', `${base(alex, DEMO.employments.alexBrightwater)}/documents`),
    ).data;
    expect(docs.map((d) => [d.fileType, d.taxYear])).toEqual([
      ['Pension Letter', '2024/25'],
      ['P45', '2024/25'],
      ['P60', '2023/24'],
    ]);
    for (const d of docs) expect(d.filename).toMatch(/\.pdf$/);
  });

  it('lists the employer’s updates newest first with ISO timestamps', async () => {
    const updates = unwrap<{ ID: string; updateHeader: string; updateFrom: string; created: string }[]>(
      await api(t.app, alex, 'GET', `${base(alex, DEMO.employments.alexNorthwind)}/updates`),
    ).data;
    expect(updates[0]).toEqual({
      ID: 'upd_nw_oct_pay',
      updateHeader: 'Your October payslip is ready',
      updateFrom: 'Payroll team',
      created: '2026-10-30T07:00:00.000Z',
    });
    const created = updates.map((u) => u.created);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('lists an employment’s own updates only: an ended one sees nothing its employer posted after it ended', async () => {
    const ids = async (user: SignedIn, employmentId: string) =>
      unwrap<{ ID: string }[]>(await api(t.app, user, 'GET', `${base(user, employmentId)}/updates`)).data.map((u) => u.ID);
    // Alex left Brightwater on 31 March 2025: only the update from his time there.
    expect(await ids(alex, DEMO.employments.alexBrightwater)).toEqual(['upd_bw_holiday_year']);
    // Sam, still at Brightwater since 2021, sees all three; Alex's Northwind sees Northwind's own.
    expect(await ids(sam, DEMO.employments.samBrightwater)).toEqual(['upd_bw_oct_pay', 'upd_bw_benefits', 'upd_bw_holiday_year']);
    expect(await ids(alex, DEMO.employments.alexNorthwind)).toEqual(['upd_nw_oct_pay', 'upd_nw_handbook', 'upd_nw_pay_rise']);
    // Nobody reads another user's employment: Alex asking for Sam's updates learns nothing.
    const other = await api(t.app, alex, 'GET', `${base(alex, DEMO.employments.samBrightwater)}/updates`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('October pay has been processed');
  });

  it('counts an employment’s last day whole, and its first day from midnight', () => {
    expect(employmentPeriod({ startDate: '2019-09-02', endDate: '2025-03-31' })).toEqual({
      from: '2019-09-02T00:00:00.000Z',
      until: '2025-04-01T00:00:00.000Z',
    });
    expect(employmentPeriod({ startDate: '2024-02-01', endDate: '2024-02-29' }).until).toBe('2024-03-01T00:00:00.000Z');
    expect(employmentPeriod({ startDate: '2025-04-01', endDate: null })).toEqual({ from: '2025-04-01T00:00:00.000Z', until: null });
  });

  it('lists shared documents newest first', async () => {
    const docs = unwrap<{ ID: string; filename: string; date: string }[]>(
      await api(t.app, alex, 'GET', `${base(alex, DEMO.employments.alexNorthwind)}/intranet`),
    ).data;
    expect(docs.map((d) => d.date)).toEqual(['2026-09-01', '2026-04-01', '2026-03-20']);
    expect(docs[0]).toEqual({ ID: 'int_nw_handbook', filename: 'Staff handbook 2026.pdf', date: '2026-09-01' });
  });

  it('gives Sam only Sam’s data', async () => {
    const slips = unwrap<Payslip[]>(await api(t.app, sam, 'GET', `${base(sam, DEMO.employments.samBrightwater)}/payslips`)).data;
    expect(slips).toHaveLength(3);
    expect(slips.every((s) => s.ID.includes('sam'))).toBe(true);
    const docs = unwrap<{ ID: string }[]>(await api(t.app, sam, 'GET', `${base(sam, DEMO.employments.samBrightwater)}/documents`)).data;
    expect(docs.map((d) => d.ID).sort()).toEqual(['doc_sam_bw_p60_2526', 'doc_sam_bw_pension_2627']);
  });
});
