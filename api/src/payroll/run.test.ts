import { bandedTaxToDate, incomeTaxForPeriod, payAdjustmentForPeriod } from './paye';
import { payPeriodOf } from './pay-periods';
import { lastWorkingDay, p60Of, payDates, runPayroll, type PayrollPayslip, type PayrollPlan } from './run';
import { rulesFor } from './uk-rules';

/** Every year-to-date figure of a payslip is the sum of that figure over its tax year so far. */
function expectYearToDateToAddUp(slips: PayrollPayslip[], index: number) {
  const slip = slips[index]!;
  const soFar = slips.slice(0, index + 1).filter((p) => p.taxYear === slip.taxYear);
  const total = (pick: (p: PayrollPayslip) => number) => soFar.reduce((sum, p) => sum + pick(p), 0);
  const line = (p: PayrollPayslip, kind: string) => p.deductions.filter((d) => d.kind === kind).reduce((sum, d) => sum + d.amountPence, 0);
  expect([slip.payDate, slip.yearToDate]).toEqual([
    slip.payDate,
    expect.objectContaining({
      grossPence: total((p) => p.grossPence),
      taxablePence: total((p) => p.taxablePence),
      incomeTaxPence: total((p) => line(p, 'income-tax')),
      nationalInsurancePence: total((p) => line(p, 'national-insurance')),
      studentLoanPence: total((p) => line(p, 'student-loan')),
      netPence: total((p) => p.netPence),
    }),
  ]);
}

const steady: PayrollPlan = {
  firstPayMonth: { year: 2025, month: 4 },
  months: 12,
  annualSalaryPence: () => 3_600_000,
  taxCode: () => '1257L',
  studentLoans: [],
  pensionRate: 0,
  employerPensionRate: 0,
};

// A year like the demo's Alex: an emergency code in August 2026, a code change in October 2025, overtime, a
// December bonus, a pay rise from April, a Plan 2 student loan and a 5% pension.
const eventful: PayrollPlan = {
  firstPayMonth: { year: 2025, month: 4 },
  months: 19,
  annualSalaryPence: (payDate) => (payDate >= '2026-04-06' ? 4_032_000 : 3_840_000),
  taxCode: (payDate) => (payDate.startsWith('2026-08') ? '1257L M1' : payDate >= '2025-10-06' && payDate < '2026-04-06' ? '1100L' : '1257L'),
  overtime: (payDate) => (['2025-11', '2026-02', '2026-09'].includes(payDate.slice(0, 7)) ? { hours: 10, ratePence: 2_770 } : null),
  bonusPence: (payDate) => (payDate.slice(5, 7) === '12' ? 50_000 : 0),
  studentLoans: ['plan2'],
  pensionRate: 0.05,
  employerPensionRate: 0.03,
};

describe('runPayroll', () => {
  it('pays on the last working day of each month', () => {
    expect(lastWorkingDay(2026, 10)).toBe('2026-10-30');
    expect(lastWorkingDay(2025, 5)).toBe('2025-05-30');
    expect(runPayroll(steady).map((p) => p.payDate.slice(0, 7))).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
  });

  it('collects a full year of tax cumulatively: £36,000 on 1257L pays £4,684.00', () => {
    // £36,000 − 12 × £1,048.26 = £23,420.88 → £23,420 × 20% = £4,684.00 (not £4,684.20 on £12,579 of free pay)
    const slips = runPayroll(steady);
    expect(slips.reduce((sum, p) => sum + p.deductions[0]!.amountPence, 0)).toBe(468_400);
    expect(slips.at(-1)!.yearToDate.incomeTaxPence).toBe(468_400);
    expect(slips[0]!.deductions[0]!.amountPence).toBe(39_020);
    // Taxable to date is n × £1,951.74 rounded down: £1,951, £3,903, £5,855, £7,806, £9,758, £11,710, £13,662, £15,613,
    // £17,565, £19,517, £21,469, £23,420; each month taxes the pounds it adds: 4 × £390.20 + 8 × £390.40 = £4,684.00
    expect(slips.map((p) => p.deductions[0]!.amountPence)).toEqual([
      39_020, 39_040, 39_040, 39_020, 39_040, 39_040, 39_040, 39_020, 39_040, 39_040, 39_040, 39_020,
    ]);
  });

  it('makes every payslip add up, and every year-to-date figure the sum of its year', () => {
    const slips = runPayroll(eventful);
    for (const [index, slip] of slips.entries()) {
      expect(slip.earnings.reduce((sum, l) => sum + l.amountPence, 0)).toBe(slip.grossPence);
      expect(slip.deductions.reduce((sum, l) => sum + l.amountPence, 0)).toBe(slip.totalDeductionsPence);
      expect(slip.grossPence - slip.totalDeductionsPence).toBe(slip.netPence);
      const soFar = slips.slice(0, index + 1).filter((p) => p.taxYear === slip.taxYear);
      expect(slip.yearToDate.grossPence).toBe(soFar.reduce((sum, p) => sum + p.grossPence, 0));
      expect(slip.yearToDate.netPence).toBe(soFar.reduce((sum, p) => sum + p.netPence, 0));
      expect(slip.yearToDate.incomeTaxPence).toBe(soFar.reduce((sum, p) => sum + p.deductions[0]!.amountPence, 0));
      expectYearToDateToAddUp(slips, index);
    }
  });

  it('starts the year again in April', () => {
    const slips = runPayroll(eventful);
    const april2026 = slips.find((p) => p.payDate === '2026-04-30')!;
    expect(april2026).toMatchObject({ taxYear: '2026/27', taxPeriod: 1 });
    expect(april2026.yearToDate.grossPence).toBe(april2026.grossPence);
  });

  it('shows the events of the year on the payslips', () => {
    const slips = runPayroll(eventful);
    const on = (month: string) => slips.find((p) => p.payDate.startsWith(month))!;
    expect(on('2026-08').taxCode).toBe('1257L M1');
    expect(on('2025-10').taxCode).toBe('1100L');
    expect(on('2025-11').earnings.map((l) => l.kind)).toEqual(['basic', 'overtime']);
    expect(on('2025-11').earnings[1]).toMatchObject({ hours: 10, ratePence: 2_770, amountPence: 27_700 });
    expect(on('2025-12').earnings.map((l) => l.kind)).toEqual(['basic', 'bonus']);
    expect(on('2026-04').earnings[0]!.amountPence).toBe(336_000);
    expect(on('2026-03').earnings[0]!.amountPence).toBe(320_000);
    // The emergency month is taxed on its own pay and a twelfth of the allowance.
    const august = on('2026-08');
    expect(august.deductions[0]!.amountPence).toBe(
      incomeTaxForPeriod({
        taxYear: '2026/27',
        period: payPeriodOf('monthly', '2026-04-30'),
        taxCode: '1257L',
        taxablePayPence: august.taxablePence,
        previousTaxablePayToDatePence: 0,
        previousTaxToDatePence: 0,
      }),
    );
    // The lower code from October takes more tax on the same pay.
    expect(on('2025-10').deductions[0]!.amountPence).toBeGreaterThan(on('2025-09').deductions[0]!.amountPence);
  });

  it('taxes a new starter without a P45 on an emergency code, not with the allowance of months before', () => {
    const starter: PayrollPlan = { ...steady, firstPayMonth: { year: 2026, month: 10 }, months: 1, annualSalaryPence: () => 2_760_000 };
    const [emergency] = runPayroll({ ...starter, taxCode: () => '1257L M1' });
    const [cumulative] = runPayroll(starter);
    expect(emergency!.deductions[0]!.amountPence).toBe(25_020); // £2,300 − £1,048.26 = £1,251.74 → £1,251 × 20% = £250.20
    expect(cumulative!.deductions[0]!.amountPence).toBe(0); // seven months of allowance
  });

  it('gives a P60 that agrees with the payslips of its year', () => {
    const slips = runPayroll(eventful);
    const inYear = slips.filter((p) => p.taxYear === '2025/26');
    expect(p60Of(slips, '2025/26')).toEqual({
      taxYear: '2025/26',
      finalTaxCode: '1100L',
      payPence: inYear.reduce((sum, p) => sum + p.taxablePence, 0),
      taxPence: inYear.reduce((sum, p) => sum + p.deductions[0]!.amountPence, 0),
      nationalInsurancePence: inYear.reduce((sum, p) => sum + p.deductions[1]!.amountPence, 0),
      studentLoanPence: inYear.reduce((sum, p) => sum + p.deductions[3]!.amountPence, 0),
    });
    expect(() => p60Of(slips, '2019/20')).toThrow('No payslips in 2019/20');
  });
});

describe('pay frequencies', () => {
  const weekly: PayrollPlan = {
    frequency: 'weekly',
    firstPayDate: '2025-04-11',
    payments: 52,
    annualSalaryPence: () => 3_640_000,
    taxCode: () => '1257L',
    studentLoans: [],
    pensionRate: 0,
    employerPensionRate: 0,
  };

  it('pays weekly: 52 Fridays, £700 each, and a year of tax that adds up to the annual figure', () => {
    const slips = runPayroll(weekly);
    expect(slips.map((p) => p.taxPeriod)).toEqual(Array.from({ length: 52 }, (_, index) => index + 1));
    expect(slips.at(-1)!.payDate).toBe('2026-04-03');
    expect(slips[0]).toMatchObject({ grossPence: 70_000, frequency: 'weekly' });
    // Week 1: £700 − £241.92 → £458 × 20% = £91.60; NI (£700 − £242) × 8% = £36.64
    expect(slips[0]!.deductions.slice(0, 2).map((d) => d.amountPence)).toEqual([9_160, 3_664]);
    // The year: £36,400 − 52 × £241.92 = £23,820.16 → £23,820 × 20% = £4,764
    expect(slips.at(-1)!.yearToDate.incomeTaxPence).toBe(476_400);
    expect(slips.at(-1)!.yearToDate.nationalInsurancePence).toBe(52 * 3_664);
    slips.forEach((_, index) => expectYearToDateToAddUp(slips, index));
  });

  it('taxes a week 53 pay day on a week 1 basis', () => {
    // Mondays from 6 April 2026: the 53rd is 5 April 2027, week 53
    const slips = runPayroll({ ...weekly, firstPayDate: '2026-04-06', payments: 53 });
    const last = slips.at(-1)!;
    expect([last.payDate, last.taxPeriod]).toEqual(['2027-04-05', 53]);
    expect(last.deductions[0]!.amountPence).toBe(9_160); // as week 1: £458 × 20%
    expect(last.yearToDate.incomeTaxPence).toBe(476_400 + 9_160);
  });

  it('pays fortnightly and four-weekly, with the week 54 and 56 pay days', () => {
    const fortnightly = runPayroll({ ...weekly, frequency: 'fortnightly', firstPayDate: '2026-04-19', payments: 26, annualSalaryPence: () => 3_640_000 });
    // 19 April 2026 is in week 2, the first fortnight: £1,400 − £483.84 → £916 × 20% = £183.20
    expect(fortnightly[0]).toMatchObject({ taxPeriod: 1, grossPence: 140_000 });
    expect(fortnightly[0]!.deductions[0]!.amountPence).toBe(18_320);
    // 26 fortnights on: 4 April 2027, week 52, fortnight 26; and the 27th lands on 18 April 2027, a new year
    expect(fortnightly.at(-1)).toMatchObject({ payDate: '2027-04-04', taxPeriod: 26 });
    const withWeek54 = runPayroll({ ...weekly, frequency: 'fortnightly', firstPayDate: '2025-04-06', payments: 27 });
    expect(withWeek54.at(-1)).toMatchObject({ payDate: '2026-04-05', taxPeriod: 27 });
    expect(withWeek54.at(-1)!.deductions[0]!.amountPence).toBe(18_320); // on a week 2 basis
    const fourWeekly = runPayroll({ ...weekly, frequency: 'four-weekly', firstPayDate: '2025-04-06', payments: 14 });
    expect(fourWeekly.at(-1)).toMatchObject({ payDate: '2026-04-05', taxPeriod: 14 });
    // £2,800 − £967.68 → £1,832 × 20% = £366.40, in the first period and again in week 56
    expect([fourWeekly[0]!.deductions[0]!.amountPence, fourWeekly.at(-1)!.deductions[0]!.amountPence]).toEqual([36_640, 36_640]);
    expect(payDates({ frequency: 'four-weekly', firstPayDate: '2025-04-13', payments: 3 })).toEqual(['2025-04-13', '2025-05-11', '2025-06-08']);
  });
});

describe('pensions, loans, letters and countries', () => {
  const april = (plan: Partial<PayrollPlan>) => runPayroll({ ...steady, months: 1, pensionRate: 0.05, ...plan } as PayrollPlan)[0]!;
  const amounts = (slip: PayrollPayslip) => Object.fromEntries(slip.deductions.map((d) => [d.name, d.amountPence]));

  it('takes a net-pay pension before tax', () => {
    // £150 pension; tax on £2,850: − £1,048.26 → £1,801 × 20% = £360.20; NI on £3,000: £156.16
    const slip = april({});
    expect([slip.grossPence, slip.taxablePence, slip.netPence]).toEqual([300_000, 285_000, 233_364]);
    expect(amounts(slip)).toEqual({ 'Income Tax': 36_020, 'National Insurance': 15_616, Pension: 15_000 });
  });

  it('takes relief at source after tax, 80% of the contribution', () => {
    // Tax on £3,000: £390.20; the employee pays £120 of the £150 contribution: the same net pay at the basic rate
    const slip = april({ pensionMethod: 'relief-at-source' });
    expect([slip.grossPence, slip.taxablePence, slip.netPence]).toEqual([300_000, 300_000, 233_364]);
    expect(amounts(slip)).toEqual({ 'Income Tax': 39_020, 'National Insurance': 15_616, Pension: 12_000 });
  });

  it('lowers gross pay by a salary sacrifice, so NI too', () => {
    // Gross £2,850: tax £360.20 as net pay, NI (£2,850 − £1,048) × 8% = £144.16: £12 more in pay (8% of £150)
    const slip = april({ pensionMethod: 'salary-sacrifice' });
    expect(slip.earnings.map((l) => [l.name, l.amountPence])).toEqual([
      ['Basic pay', 300_000],
      ['Pension salary sacrifice', -15_000],
    ]);
    expect([slip.grossPence, slip.taxablePence, slip.netPence]).toEqual([285_000, 285_000, 234_564]);
    expect(amounts(slip)).toEqual({ 'Income Tax': 36_020, 'National Insurance': 14_416 });
    expect(slip.yearToDate.pensionPence).toBe(15_000);
  });

  it('collects a plan and the Postgraduate Loan together', () => {
    // Plan 2: (£3,000 − £2,372.50) × 9% → £56; PGL: (£3,000 − £1,750) × 6% = £75
    const slip = april({ pensionRate: 0, studentLoans: ['plan2', 'postgraduate'] });
    expect(amounts(slip)).toMatchObject({ 'Student Loan': 5_600, 'Postgraduate Loan': 7_500 });
    expect(slip.yearToDate).toMatchObject({ studentLoanPence: 5_600, postgraduateLoanPence: 7_500 });
    expect(p60Of([slip], '2025/26')).toMatchObject({ studentLoanPence: 5_600, postgraduateLoanPence: 7_500 });
    expect(() => april({ studentLoans: ['plan1', 'plan2'] })).toThrow(/one plan/);
  });

  it('takes NI by the category letter', () => {
    expect(april({ pensionRate: 0, niCategory: 'C' })).toMatchObject({
      niCategory: 'C',
      deductions: expect.arrayContaining([{ kind: 'national-insurance', name: 'National Insurance', amountPence: 0 }]),
    });
  });

  it('taxes a Scottish year at the Scottish rates, to the annual figure exactly', () => {
    // £23,420 taxable in the year: £2,827 × 19% = £537.13, £12,094 × 20% = £2,418.80, (£23,420 − £14,921) × 21% = £1,784.79
    const slips = runPayroll({ ...steady, taxCode: () => 'S1257L' });
    expect(slips.at(-1)!.yearToDate.incomeTaxPence).toBe(474_072);
  });
});

describe('a full year of any plan totals what its last month says of the year', () => {
  it.each([
    ['£36,000', 3_600_000],
    ['£60,000, into the higher rate', 6_000_000],
    ['£150,000, into the additional rate', 15_000_000],
  ])('%s on 1257L', (_name, salary) => {
    const slips = runPayroll({ ...steady, annualSalaryPence: () => salary });
    const yearTaxable = slips.reduce((sum, p) => sum + p.taxablePence, 0);
    const taxablePounds = Math.floor((yearTaxable - 12 * payAdjustmentForPeriod(1257, 12)) / 100);
    const total = slips.reduce((sum, p) => sum + p.deductions[0]!.amountPence, 0);
    expect(total).toBe(bandedTaxToDate(rulesFor('2025/26').bands.rUK, taxablePounds, 12, 12));
  });
});
