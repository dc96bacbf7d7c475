import { incomeTaxForMonth } from './paye';
import { lastWorkingDay, p60Of, runPayroll, type PayrollPlan } from './run';

const steady: PayrollPlan = {
  firstPayMonth: { year: 2025, month: 4 },
  months: 12,
  annualSalaryPence: () => 3_600_000,
  taxCode: () => '1257L',
  studentLoan: null,
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
  studentLoan: 'plan2',
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

  it('collects a full year of tax cumulatively: £36,000 on 1257L pays £4,684.20', () => {
    const slips = runPayroll(steady);
    expect(slips.reduce((sum, p) => sum + p.deductions[0]!.amountPence, 0)).toBe(468_420);
    expect(slips.at(-1)!.yearToDate.incomeTaxPence).toBe(468_420);
    expect(slips[0]!.deductions[0]!.amountPence).toBe(39_020);
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
      incomeTaxForMonth({
        taxYear: '2026/27',
        taxMonth: 1,
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
    expect(emergency!.deductions[0]!.amountPence).toBe(25_020); // £2,300 − £1,048.25 = £1,251 (whole pounds) × 20% = £250.20
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
