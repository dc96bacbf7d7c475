import {
  checkAgainstP60,
  isTaxYearFinished,
  taxPeriodDates,
  monthlyFigures,
  taxMonthOf,
  taxYearFromLabel,
  taxYearOf,
  taxYearsCovered,
  yearTotals,
  type YearPayslip,
} from '@portal/shared/pay-insights/tax-year';

const payslip = (payDate: string, grossPence: number, extra: { loan?: number; other?: number } = {}): YearPayslip => {
  const pension = Math.round(grossPence * 0.05);
  const deductions = [
    { kind: 'income-tax' as const, name: 'Income Tax', amountPence: 40_000 },
    { kind: 'national-insurance' as const, name: 'National Insurance', amountPence: 15_000 },
    { kind: 'pension' as const, name: 'Pension', amountPence: pension },
    ...(extra.loan ? [{ kind: 'student-loan' as const, name: 'Student Loan', amountPence: extra.loan }] : []),
    ...(extra.other ? [{ kind: 'other' as const, name: 'Cycle to work', amountPence: extra.other }] : []),
  ];
  const total = deductions.reduce((sum, line) => sum + line.amountPence, 0);
  return { payDate, grossPence, taxablePence: grossPence - pension, deductions, netPence: grossPence - total };
};

describe('tax years', () => {
  it.each([
    ['2026-04-05', '2025/26', '2025-04-06', '2026-04-05'],
    ['2026-04-06', '2026/27', '2026-04-06', '2027-04-05'],
    ['2026-10-30T09:00:00.000Z', '2026/27', '2026-04-06', '2027-04-05'],
    ['2000-01-31', '1999/00', '1999-04-06', '2000-04-05'],
  ])('%s is in %s', (date, label, start, end) => expect(taxYearOf(date)).toEqual({ label, startYear: Number(label.slice(0, 4)), start, end }));

  it('reads a label back, and refuses one whose years do not follow on', () => {
    expect(taxYearFromLabel('2025/26')?.start).toBe('2025-04-06');
    expect(taxYearFromLabel('2025-26')?.label).toBe('2025/26');
    expect(taxYearFromLabel('2025/27')).toBeNull();
    expect(taxYearFromLabel('25/26')).toBeNull();
  });

  it.each([
    ['2026-04-06', 1],
    ['2026-05-05', 1],
    ['2026-05-06', 2],
    ['2026-12-31', 9],
    ['2027-04-05', 12],
  ])('%s is tax month %i', (date, month) => expect(taxMonthOf(date)).toBe(month));

  it('is finished only after 5 April', () => {
    const year = taxYearOf('2025-10-31');
    expect(isTaxYearFinished(year, '2026-04-05')).toBe(false);
    expect(isTaxYearFinished(year, '2026-04-06')).toBe(true);
  });

  it('lists the years payslips cover, newest first', () => {
    expect(
      taxYearsCovered([payslip('2025-03-31', 1), payslip('2026-04-30', 1), payslip('2025-04-30', 1), payslip('2026-03-31', 1)]).map((y) => y.label),
    ).toEqual(['2026/27', '2025/26', '2024/25']);
  });
});

describe('a year in figures', () => {
  const year = taxYearOf('2025-06-30');
  const slips = [
    payslip('2026-04-30', 300_000),
    payslip('2025-05-30', 300_000, { loan: 5_600 }),
    payslip('2025-04-30', 300_000),
    payslip('2025-03-31', 300_000),
    payslip('2026-03-31', 320_000, { other: 2_000 }),
  ];

  it('gives one row per payslip of the year, in date order, split by kind', () => {
    const months = monthlyFigures(slips, year);
    expect(months.map((m) => [m.payDate, m.taxMonth])).toEqual([
      ['2025-04-30', 1],
      ['2025-05-30', 2],
      ['2026-03-31', 12],
    ]);
    expect(months[1]).toMatchObject({ studentLoanPence: 5_600, pensionPence: 15_000, incomeTaxPence: 40_000, nationalInsurancePence: 15_000 });
    expect(months[2]).toMatchObject({ otherDeductionsPence: 2_000, grossPence: 320_000 });
  });

  it('adds up the year', () => {
    expect(yearTotals(slips, year)).toEqual({
      payslips: 3,
      grossPence: 920_000,
      taxablePence: 874_000,
      incomeTaxPence: 120_000,
      nationalInsurancePence: 45_000,
      pensionPence: 46_000,
      studentLoanPence: 5_600,
      otherDeductionsPence: 2_000,
      netPence: 920_000 - 120_000 - 45_000 - 46_000 - 5_600 - 2_000,
    });
  });

  it('agrees with a P60 that states the same figures', () => {
    const totals = yearTotals(slips, year);
    expect(checkAgainstP60(totals, { payPence: 874_000, taxPence: 120_000, nationalInsurancePence: 45_000 })).toEqual({ agrees: true, differences: [] });
  });

  it('shows each figure that differs from the P60, and by how much', () => {
    const totals = yearTotals(slips, year);
    expect(checkAgainstP60(totals, { payPence: 920_000, taxPence: 119_000, studentLoanPence: 5_600 })).toEqual({
      agrees: false,
      differences: [
        { figure: 'Pay', payslipsPence: 874_000, p60Pence: 920_000, differencePence: -46_000 },
        { figure: 'Income Tax', payslipsPence: 120_000, p60Pence: 119_000, differencePence: 1_000 },
      ],
    });
  });
});

describe('taxPeriodDates', () => {
  const year = taxYearOf('2026-08-31');
  it.each([
    // period, kind, first day, last day
    [1, 'month', '2026-04-06', '2026-05-05'],
    [5, 'month', '2026-08-06', '2026-09-05'],
    [9, 'month', '2026-12-06', '2027-01-05'],
    [10, 'month', '2027-01-06', '2027-02-05'],
    [12, 'month', '2027-03-06', '2027-04-05'],
    [1, 'week', '2026-04-06', '2026-04-12'],
    [2, 'week', '2026-04-13', '2026-04-19'],
    [52, 'week', '2027-03-29', '2027-04-04'],
    [53, 'week', '2027-04-05', '2027-04-05'],
    [1, 'fortnight', '2026-04-06', '2026-04-19'],
    [26, 'fortnight', '2027-03-22', '2027-04-04'],
    [27, 'fortnight', '2027-04-05', '2027-04-05'],
    [2, 'four-week', '2026-05-04', '2026-05-31'],
    [14, 'four-week', '2027-04-05', '2027-04-05'],
  ] as const)('%s %s: %s to %s', (period, kind, start, end) => expect(taxPeriodDates(year, period, kind)).toEqual({ start, end }));

  it('gives week 53 two days in a year whose 5 April follows a leap day', () => {
    expect(taxPeriodDates(taxYearOf('2027-05-01'), 53, 'week')).toEqual({ start: '2028-04-04', end: '2028-04-05' });
  });

  it.each([
    [0, 'month'],
    [13, 'month'],
    [1.5, 'month'],
    [54, 'week'],
    [28, 'fortnight'],
    [15, 'four-week'],
    [-1, 'week'],
  ] as const)('has no %s %s', (period, kind) => expect(taxPeriodDates(year, period, kind)).toBeNull());
});
