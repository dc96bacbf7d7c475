// Every demo payslip and P60, read back from the seeded database and worked out again from its own
// inputs (earnings lines, tax code, the year so far) under the UK rules: the demo data adds up.
import fs from 'node:fs';
import path from 'node:path';
import { API_ROOT } from '../config';
import { fromJson } from '../db/convert';
import { glenmoreImportFile } from '../db/demo/glenmore';
import {
  alexBrightwaterPlan,
  alexNorthwindPlan,
  callumGlenmorePlan,
  ellieGlenmorePlan,
  invitePlan,
  jamieGlenmorePlan,
  newStarterPlan,
  rossGlenmorePlan,
  samLastYearPlan,
  samPlan,
} from '../db/demo/plans';
import type { PayslipInput } from '../employer-api/schemas';
import { api, createTestApp, DEMO, signIn, unwrap, type TestApp } from '../test/helpers';
import { pdfText } from '../test/pdf-text';
import type { PayslipView } from '../employments/repository';
import { employeeNationalInsurance } from './national-insurance';
import { bandedTaxToDate, incomeTaxForPeriod, payAdjustmentForPeriod } from './paye';
import { payPeriodOf, type PayFrequency } from './pay-periods';
import { p60Of, runPayroll, type PayrollPlan, type YearToDate } from './run';
import { studentLoanRepayment } from './student-loans';
import type { StudentLoanPlan } from './uk-rules';
import { parseTaxCode } from './tax-codes';
import { rulesFor, taxYearOf } from './uk-rules';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each demo employment's plan: its pay frequency, NI letter, pension method and loans. */
const PLANS: Record<string, PayrollPlan> = {
  em_alex_northwind: alexNorthwindPlan,
  em_alex_brightwater: alexBrightwaterPlan,
  em_sam_brightwater: samPlan,
  em_invite_demo: invitePlan,
  em_new_starter: newStarterPlan,
  em_jamie_glenmore: jamieGlenmorePlan,
  em_callum_glenmore: callumGlenmorePlan,
  em_ellie_glenmore: ellieGlenmorePlan,
  em_ross_glenmore: rossGlenmorePlan,
};
/** The plan behind an employment's year: Sam's 2025/26 is the year before the payslips kept. */
function planOf(employmentId: string, taxYear?: string): PayrollPlan {
  if (employmentId === 'em_sam_brightwater' && taxYear === '2025/26') return samLastYearPlan;
  const plan = PLANS[employmentId];
  if (!plan) throw new Error(`No demo plan for ${employmentId}`);
  return plan;
}
/** What a payslip of a record the demo keeps no plan for is worked with: monthly, category A, a net-pay pension, Plan 2. */
const UNPLANNED: { frequency: 'monthly'; niCategory: 'A'; pensionMethod: 'net-pay'; studentLoans: StudentLoanPlan[] } = {
  frequency: 'monthly',
  niCategory: 'A',
  pensionMethod: 'net-pay',
  studentLoans: ['plan2'],
};
const LOAN_LINE: Record<StudentLoanPlan, string> = {
  plan1: 'Student Loan',
  plan2: 'Student Loan',
  plan4: 'Student Loan',
  plan5: 'Student Loan',
  postgraduate: 'Postgraduate Loan',
};

type Line = { name: string; amount: number };
const amountOf = (lines: Line[], name: string) => lines.find((line) => line.name === name)?.amount ?? 0;

it('works out every demo payslip again from its inputs, to the penny', async () => {
  const rows = await t.database.db.selectFrom('payslips').selectAll().orderBy('employment_id').orderBy('pay_date').execute();
  expect(rows.length).toBeGreaterThan(20);
  let previous: (typeof rows)[number] | undefined;
  for (const row of rows) {
    const where = `${row.employment_id} ${row.pay_date}`;
    const plan: Pick<PayrollPlan, 'niCategory' | 'pensionMethod' | 'studentLoans'> & { frequency?: PayFrequency } = PLANS[row.employment_id] ?? UNPLANNED;
    const frequency = plan.frequency ?? 'monthly';
    const category = plan.niCategory ?? 'A';
    const netPay = (plan.pensionMethod ?? 'net-pay') === 'net-pay';
    const earnings = fromJson<Line[]>(row.earnings!);
    const deductions = fromJson<Line[]>(row.deductions);
    const ytd = fromJson<YearToDate>(row.year_to_date!);
    const taxYear = taxYearOf(row.pay_date);
    const gross = earnings.reduce((sum, line) => sum + line.amount, 0);
    const tax = amountOf(deductions, 'Income Tax');
    const pension = amountOf(deductions, 'Pension');

    expect([where, gross]).toEqual([where, row.gross_pence]);
    expect([where, deductions.reduce((sum, line) => sum + line.amount, 0)]).toEqual([where, row.total_deductions_pence]);
    expect([where, row.gross_pence - row.total_deductions_pence]).toEqual([where, row.net_pence]);
    // Only a net-pay pension comes off pay before tax; relief at source comes off after it, and a salary
    // sacrifice is already out of gross pay (its earnings line below zero).
    expect([where, row.taxable_pence]).toEqual([where, netPay ? gross - pension : gross]);
    expect([where, row.pay_frequency, row.ni_category]).toEqual([where, frequency, category]);

    // The year so far: from the payslip before when it is stored, else from this one's own totals.
    const samePreviousYear = previous && previous.employment_id === row.employment_id && taxYearOf(previous.pay_date) === taxYear;
    const before = samePreviousYear
      ? fromJson<YearToDate>(previous!.year_to_date!)
      : { ...ytd, taxablePence: ytd.taxablePence - row.taxable_pence!, incomeTaxPence: ytd.incomeTaxPence - tax };
    expect([where, ytd.taxablePence]).toEqual([where, before.taxablePence + row.taxable_pence!]);
    expect([where, ytd.incomeTaxPence]).toEqual([where, before.incomeTaxPence + tax]);

    expect([where, row.tax_period]).toEqual([where, payPeriodOf(frequency, row.pay_date).period]);
    const recomputedTax = incomeTaxForPeriod({
      taxYear,
      period: payPeriodOf(frequency, row.pay_date),
      taxCode: row.tax_code!,
      taxablePayPence: row.taxable_pence!,
      previousTaxablePayToDatePence: before.taxablePence,
      previousTaxToDatePence: before.incomeTaxPence,
    });
    expect([where, 'Income Tax', tax]).toEqual([where, 'Income Tax', recomputedTax]);
    const ni = employeeNationalInsurance({ taxYear, payDate: row.pay_date, frequency, category, earningsPence: gross });
    expect([where, 'NI', amountOf(deductions, 'National Insurance')]).toEqual([where, 'NI', ni]);
    for (const loan of plan.studentLoans) {
      if (plan === UNPLANNED && !deductions.some((d) => d.name === 'Student Loan')) continue;
      expect([where, loan, amountOf(deductions, LOAN_LINE[loan])]).toEqual([where, loan, studentLoanRepayment(taxYear, loan, frequency, gross)]);
    }
    if (plan.studentLoans.includes('postgraduate')) {
      expect([where, ytd.postgraduateLoanPence]).toEqual([
        where,
        (samePreviousYear ? fromJson<YearToDate>(previous!.year_to_date!).postgraduateLoanPence! : 0) + amountOf(deductions, 'Postgraduate Loan'),
      ]);
    }
    previous = row;
  }
});

it("gives every P60 the totals of its year: those of the year's last payslip, and of its plan", async () => {
  const p60s = await t.database.db.selectFrom('pay_documents').selectAll().where('file_type', '=', 'P60').execute();
  expect(p60s.length).toBeGreaterThanOrEqual(5);
  for (const doc of p60s) {
    const figures = fromJson<ReturnType<typeof p60Of>>(doc.figures!);
    const taxYear = doc.tax_year.replace('-', '/');
    const engine = runPayroll(planOf(doc.employment_id, taxYear));
    const year = p60Of(engine, taxYear);
    expect([doc.id, figures]).toEqual([
      doc.id,
      {
        ...(figures.taxYear === undefined ? {} : { taxYear }),
        finalTaxCode: year.finalTaxCode,
        payPence: year.payPence,
        taxPence: year.taxPence,
        nationalInsurancePence: year.nationalInsurancePence,
        studentLoanPence: year.studentLoanPence,
      },
    ]);
    // When the year's last payslip is stored, the P60 states its year-to-date figures.
    const lastPayDate = engine.filter((slip) => slip.taxYear === taxYear).at(-1)!.payDate;
    const lastOfYear = await t.database.db
      .selectFrom('payslips')
      .selectAll()
      .where('employment_id', '=', doc.employment_id)
      .where('pay_date', '=', lastPayDate)
      .executeTakeFirst();
    if (lastOfYear) {
      const ytd = fromJson<YearToDate>(lastOfYear.year_to_date!);
      expect([doc.id, figures.payPence, figures.taxPence, figures.nationalInsurancePence, figures.studentLoanPence]).toEqual([
        doc.id,
        ytd.taxablePence,
        ytd.incomeTaxPence,
        ytd.nationalInsurancePence,
        ytd.studentLoanPence,
      ]);
    }
  }
});

it('gives the P45 in the demo files the pay and tax to date of the employment it ends', () => {
  const file = JSON.parse(fs.readFileSync(path.join(API_ROOT, 'demo', 'brightwater.json'), 'utf8')) as {
    payDocuments: {
      type: string;
      employmentId: string;
      taxYear: string;
      details: { leavingDate: string; taxCode: string; payToDatePence: number; taxToDatePence: number };
    }[];
  };
  const p45s = file.payDocuments.filter((d) => d.type === 'P45');
  expect(p45s).toHaveLength(1);
  for (const { taxYear, details } of p45s) {
    const year = p60Of(runPayroll(alexBrightwaterPlan), taxYear.replace('-', '/'));
    expect([details.taxCode, details.payToDatePence, details.taxToDatePence]).toEqual([year.finalTaxCode, year.payPence, year.taxPence]);
    expect(details.leavingDate).toBe(runPayroll(alexBrightwaterPlan).at(-1)!.payDate);
  }
});

it("keeps in the demo files (api/demo) the payslips the UK rules give for the demo's plans, so the seed's P60s and P45 agree with them", () => {
  const files = ['northwind.json', 'brightwater.json', 'glenmore.json'].map(
    (name) => JSON.parse(fs.readFileSync(path.join(API_ROOT, 'demo', name), 'utf8')) as { payRun: { payslips: PayslipInput[] } },
  );
  const inFiles = new Map(files.flatMap((file) => file.payRun.payslips.map((p) => [p.payslipId, p] as const)));
  const plans = {
    alex_northwind: alexNorthwindPlan,
    alex_brightwater: alexBrightwaterPlan,
    sam_brightwater: samPlan,
    invite_demo: invitePlan,
    new_starter: newStarterPlan,
    jamie_glenmore: jamieGlenmorePlan,
    callum_glenmore: callumGlenmorePlan,
    ellie_glenmore: ellieGlenmorePlan,
    ross_glenmore: rossGlenmorePlan,
  };
  for (const [employment, plan] of Object.entries(plans)) {
    for (const slip of runPayroll(plan)) {
      const stored = inFiles.get(`ps_${employment}_${slip.payDate.replace(/-/g, '')}`);
      if (!stored) continue; // older payslips of a plan are not kept
      expect([
        stored.payslipId,
        stored.grossPence,
        stored.netPence,
        stored.taxCode,
        stored.niCategory,
        stored.payFrequency ?? 'monthly',
        stored.yearToDate,
      ]).toEqual([stored.payslipId, slip.grossPence, slip.netPence, slip.taxCode, slip.niCategory, slip.frequency, slip.yearToDate]);
      expect(stored.deductions).toEqual(slip.deductions.map(({ name, amountPence }) => ({ name, amountPence })));
    }
  }
  expect(inFiles.size).toBeGreaterThan(20);
});

it('keeps in api/demo/glenmore.json exactly what the payroll rules make of its plans (`pnpm --filter api demo:glenmore`)', () => {
  const file: unknown = JSON.parse(fs.readFileSync(path.join(API_ROOT, 'demo', 'glenmore.json'), 'utf8'));
  expect(file).toEqual(glenmoreImportFile());
});

const demoPlans: Record<string, PayrollPlan> = {
  alexNorthwindPlan,
  alexBrightwaterPlan,
  samPlan,
  samLastYearPlan,
  newStarterPlan,
  invitePlan,
  jamieGlenmorePlan,
  callumGlenmorePlan,
  ellieGlenmorePlan,
  rossGlenmorePlan,
};

it("ends every full year of the demo's plans on the year's own tax, with no pennies over", () => {
  const fullYears: string[] = [];
  for (const [name, plan] of Object.entries(demoPlans)) {
    const slips = runPayroll(plan);
    for (const taxYear of new Set(slips.map((p) => p.taxYear))) {
      const year = slips.filter((p) => p.taxYear === taxYear);
      const codes = year.map((p) => parseTaxCode(p.taxCode));
      if ((plan.frequency ?? 'monthly') !== 'monthly' || year.length !== 12 || codes.some((code) => code.nonCumulative)) continue;
      // HMRC's figure for the year, worked once on the year's pay and the code at its end: twelve months of the
      // code's Tables A adjustment, taxable pay rounded down to the pound, the annual bands.
      const last = codes.at(-1)!;
      if (last.basis.kind !== 'allowance') throw new Error(`${name}: a demo year on ${year.at(-1)!.taxCode}`);
      const taxable = Math.floor((year.at(-1)!.yearToDate.taxablePence - 12 * payAdjustmentForPeriod(last.basis.number, 12)) / 100);
      const yearTax = bandedTaxToDate(rulesFor(taxYear).bands[last.country], taxable, 12, 12);
      expect([name, taxYear, year.reduce((sum, p) => sum + p.deductions[0]!.amountPence, 0)]).toEqual([name, taxYear, yearTax]);
      expect([name, taxYear, p60Of(slips, taxYear).taxPence]).toEqual([name, taxYear, yearTax]);
      fullYears.push(`${name} ${taxYear}`);
    }
  }
  // Alex at Brightwater 2023/24 and 2024/25 (£29,640 taxable: £17,060 × 20% = £3,412.00), Alex at Northwind 2025/26
  // (£37,404.01 on 1097L: − £10,979.16 = £26,424 × 20% = £5,284.80), Sam 2025/26 (£26,790: £14,210 × 20% = £2,842.00).
  // Callum 2025/26 in Scotland (£41,000.04 on S1257L: − 12 × £1,048.26 = £28,420; 19% of £2,827 = £537.13,
  // 20% of £12,094 = £2,418.80, 21% of £13,499 = £2,834.79: £5,790.72).
  expect(fullYears).toEqual([
    'alexNorthwindPlan 2025/26',
    'alexBrightwaterPlan 2023/24',
    'alexBrightwaterPlan 2024/25',
    'samLastYearPlan 2025/26',
    'callumGlenmorePlan 2025/26',
  ]);
  expect(p60Of(runPayroll(alexBrightwaterPlan), '2023/24').taxPence).toBe(341_200);
  expect(p60Of(runPayroll(alexNorthwindPlan), '2025/26').taxPence).toBe(528_480);
  expect(p60Of(runPayroll(samLastYearPlan), '2025/26').taxPence).toBe(284_200);
  expect(p60Of(runPayroll(callumGlenmorePlan), '2025/26').taxPence).toBe(579_072);
});

it("makes every year-to-date figure of the demo's plans the sum of its year so far", () => {
  for (const [name, plan] of Object.entries(demoPlans)) {
    const slips = runPayroll(plan);
    for (const [index, slip] of slips.entries()) {
      const soFar = slips.slice(0, index + 1).filter((p) => p.taxYear === slip.taxYear);
      const total = (pick: (p: (typeof slips)[number]) => number) => soFar.reduce((sum, p) => sum + pick(p), 0);
      const line = (kind: string) => total((p) => p.deductions.find((d) => d.kind === kind)?.amountPence ?? 0);
      // A salary sacrifice is paid in as the pay given up (its earnings line below zero), not deducted.
      const sacrificed = total((p) => -(p.earnings.find((e) => e.name === 'Pension salary sacrifice')?.amountPence ?? 0));
      expect([name, slip.payDate, slip.yearToDate]).toEqual([
        name,
        slip.payDate,
        {
          grossPence: total((p) => p.grossPence),
          taxablePence: total((p) => p.taxablePence),
          incomeTaxPence: line('income-tax'),
          nationalInsurancePence: line('national-insurance'),
          pensionPence: line('pension') + sacrificed,
          studentLoanPence: line('student-loan'),
          ...(plan.studentLoans.includes('postgraduate') ? { postgraduateLoanPence: line('postgraduate-loan') } : {}),
          netPence: total((p) => p.netPence),
        },
      ]);
    }
  }
});

describe('Glenmore Foods, the demo employer whose payroll shows every rule', () => {
  const slipOf = (plan: PayrollPlan, payDate: string) => runPayroll(plan).find((slip) => slip.payDate === payDate)!;
  const line = (slip: ReturnType<typeof slipOf>, name: string) => slip.deductions.find((d) => d.name === name)?.amountPence;

  it('has each rule in its plans: S and K codes, weekly to week 53, fortnightly, four-weekly, category M, Plan 4 with a Postgraduate Loan, every pension method', () => {
    const plans = [jamieGlenmorePlan, callumGlenmorePlan, ellieGlenmorePlan, rossGlenmorePlan];
    const slips = plans.flatMap((plan) => runPayroll(plan));
    expect(new Set(slips.map((slip) => slip.frequency))).toEqual(new Set(['weekly', 'fortnightly', 'four-weekly', 'monthly']));
    expect(new Set(slips.map((slip) => slip.taxCode))).toEqual(new Set(['S1257L', 'SK475']));
    expect(new Set(slips.map((slip) => slip.niCategory))).toEqual(new Set(['A', 'M']));
    expect(new Set(plans.map((plan) => plan.pensionMethod ?? 'net-pay'))).toEqual(new Set(['net-pay', 'relief-at-source', 'salary-sacrifice']));
    expect(slips.some((slip) => slip.frequency === 'weekly' && slip.taxPeriod === 53 && slip.payDate === '2024-04-05')).toBe(true);
    expect(jamieGlenmorePlan.studentLoans).toEqual(['plan4', 'postgraduate']);
  });

  it('agrees with figures worked by hand from the gov.uk rates', () => {
    // Jamie, weekly: £700 salary less a £35 sacrifice (5%) is £665 gross. NI on £665 − £242 (the weekly Primary
    // Threshold) = £423: at 12% £50.76 in April 2023, at 10% £42.30 from 6 January 2024, at 8% £33.84 in 2024/25.
    expect(line(slipOf(jamieGlenmorePlan, '2023-04-07'), 'National Insurance')).toBe(5_076);
    expect(line(slipOf(jamieGlenmorePlan, '2024-01-12'), 'National Insurance')).toBe(4_230);
    expect(line(slipOf(jamieGlenmorePlan, '2024-04-12'), 'National Insurance')).toBe(3_384);
    // Plan 4 in 2023/24: 9% of £665 − £531.92 (£27,660 / 52) = £11.97, rounded down to £11; the Postgraduate Loan:
    // 6% of £665 − £403.84 (£21,000 / 52) = £15.67, rounded down to £15.
    expect(line(slipOf(jamieGlenmorePlan, '2024-04-05'), 'Student Loan')).toBe(1_100);
    expect(line(slipOf(jamieGlenmorePlan, '2024-04-05'), 'Postgraduate Loan')).toBe(1_500);
    // Week 53 (5 April 2024) is taxed on a week 1 basis: £665 − £241.92 (S1257L's week 1 free pay) = £423;
    // Scottish 2023/24 bands for one week: 19% of £41.5769 (£2,162 / 52) = £7.8996, 20% of the next £210.6923
    // (to £13,118 / 52) = £42.1385, 21% of the £170.7308 left = £35.8535: £85.89.
    const week53 = slipOf(jamieGlenmorePlan, '2024-04-05');
    expect([week53.taxPeriod, line(week53, 'Income Tax')]).toEqual([53, 8_589]);
    // Ellie, under 21 (category M), fortnightly £700: she pays the main rate, 8% of £700 − £484 (2 × £242) = £17.28.
    expect(line(slipOf(ellieGlenmorePlan, '2026-04-10'), 'National Insurance')).toBe(1_728);
    // Callum's relief-at-source pension in 2026/27: 5% of £3,541.67 = £177.08, of which he pays 80%, £141.66,
    // after tax: his taxable pay is his gross pay.
    const callum = slipOf(callumGlenmorePlan, '2026-10-30');
    expect([line(callum, 'Pension'), callum.taxablePence, callum.grossPence]).toEqual([14_166, 354_167, 354_167]);
  });

  it('gives Jamie his weekly payslips in the portal, each named by its tax week, and draws week 53 as one', async () => {
    const jamie = await signIn(t.app, DEMO.jamie.email);
    const base = `/api/users/${DEMO.jamie.id}/employments/${DEMO.employments.jamieGlenmore}`;
    const payslips = unwrap<PayslipView[]>(await api(t.app, jamie, 'GET', `${base}/payslips`)).data;
    expect(payslips).toHaveLength(runPayroll(jamieGlenmorePlan).length);
    const week53 = payslips.find((slip) => slip.payDate === '2024-04-05')!;
    expect([week53.payFrequency, week53.taxPeriod, week53.taxCode, week53.netPay]).toEqual(['weekly', 53, 'S1257L', 510.81]);
    const file = await api(t.app, jamie, 'GET', `/api/users/${DEMO.jamie.id}/file/${week53.ID}/employment/${DEMO.employments.jamieGlenmore}`);
    expect(file.statusCode).toBe(200);
    const text = pdfText(file.rawPayload);
    for (const words of [
      '7 Riverside Quay, Dundee, DD1 4QB',
      '583/GF61204',
      'Week 53',
      '4 April 2024 to 5 April 2024, the 53rd weekly pay day of the 2023 to 2024 tax year',
      'Postgraduate Loan',
    ]) {
      expect(text).toContain(words);
    }
    // Another user's employment stays hidden from Jamie.
    expect((await api(t.app, jamie, 'GET', `/api/users/${DEMO.jamie.id}/employments/${DEMO.employments.samBrightwater}/payslips`)).statusCode).toBe(404);
  });
});
