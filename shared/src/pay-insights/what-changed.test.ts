import { comparePayslips, type ComparablePayslip, type DeductionLine, type EarningLine } from '@portal/shared/pay-insights/what-changed';

// A September payslip: £3,200 salary, the usual four deductions.
const basic = (amountPence: number, extra: Partial<EarningLine> = {}): EarningLine => ({ kind: 'basic', name: 'Basic pay', amountPence, ...extra });
const tax = (amountPence: number): DeductionLine => ({ kind: 'income-tax', name: 'Income Tax', amountPence });
const ni = (amountPence: number): DeductionLine => ({ kind: 'national-insurance', name: 'National Insurance', amountPence });
const pension = (amountPence: number): DeductionLine => ({ kind: 'pension', name: 'Pension', amountPence });
const loan = (amountPence: number): DeductionLine => ({ kind: 'student-loan', name: 'Student Loan', amountPence });
const other = (name: string, amountPence: number): DeductionLine => ({ kind: 'other', name, amountPence });

type Slip = Omit<ComparablePayslip, 'netPence'> & { netPence?: number };
function slip(parts: Partial<Slip> = {}): ComparablePayslip {
  const whole: Slip = {
    payDate: '2026-09-30',
    taxCode: '1257L',
    niCategory: 'A',
    earnings: [basic(320_000)],
    deductions: [tax(40_850), ni(17_216), pension(16_000)],
    ...parts,
  };
  const net = whole.earnings.reduce((a, l) => a + l.amountPence, 0) - whole.deductions.reduce((a, l) => a + l.amountPence, 0);
  return { ...whole, netPence: whole.netPence ?? net };
}

type Expected = [line: string, effectOnNetPence: number, reason: string];

const cases: [name: string, previous: ComparablePayslip, current: ComparablePayslip, changes: Expected[], notes?: string[]][] = [
  ['nothing changed', slip(), slip(), []],
  [
    'a pay rise on a salary: basic pay up, tax, NI and pension follow it',
    slip(),
    slip({ earnings: [basic(336_000)], deductions: [tax(44_050), ni(18_496), pension(16_800)] }),
    [
      ['Basic pay', 16_000, 'Your basic pay went up: a pay rise'],
      ['Income Tax', -3_200, 'Income Tax follows your pay, because your pay before deductions was £160.00 more'],
      ['National Insurance', -1_280, 'National Insurance follows your pay'],
      ['Pension', -800, 'Your pension contribution is a share of your pay'],
    ],
  ],
  [
    'an hourly rate rise',
    slip({ earnings: [basic(240_000, { hours: 160, ratePence: 1_500 })] }),
    slip({ earnings: [basic(252_000, { hours: 160, ratePence: 1_575 })] }),
    [['Basic pay', 12_000, 'A pay rise: your rate went from £15.00 to £15.75 an hour.']],
  ],
  [
    'fewer hours at the same rate',
    slip({ earnings: [basic(240_000, { hours: 160, ratePence: 1_500 })] }),
    slip({ earnings: [basic(225_000, { hours: 150, ratePence: 1_500 })] }),
    [['Basic pay', -15_000, 'You were paid for 150 hours this month, against 160 last month.']],
  ],
  [
    'overtime this month',
    slip(),
    slip({ earnings: [basic(320_000), { kind: 'overtime', name: 'Overtime', amountPence: 27_000, hours: 12, ratePence: 2_250 }] }),
    [['Overtime', 27_000, 'Overtime this month: 12 hours.']],
  ],
  [
    'no overtime this month',
    slip({ earnings: [basic(320_000), { kind: 'overtime', name: 'Overtime', amountPence: 27_000, hours: 12, ratePence: 2_250 }] }),
    slip(),
    [['Overtime', -27_000, 'No overtime this month.']],
  ],
  [
    'more overtime hours',
    slip({ earnings: [basic(320_000), { kind: 'overtime', name: 'Overtime', amountPence: 9_000, hours: 4, ratePence: 2_250 }] }),
    slip({ earnings: [basic(320_000), { kind: 'overtime', name: 'Overtime', amountPence: 18_000, hours: 8, ratePence: 2_250 }] }),
    [['Overtime', 9_000, '8 hours of overtime this month, against 4 last month.']],
  ],
  [
    'a bonus this month',
    slip(),
    slip({ earnings: [basic(320_000), { kind: 'bonus', name: 'Christmas bonus', amountPence: 50_000 }] }),
    [['Christmas bonus', 50_000, 'A bonus this month.']],
  ],
  [
    'the bonus does not repeat',
    slip({ earnings: [basic(320_000), { kind: 'bonus', name: 'Christmas bonus', amountPence: 50_000 }] }),
    slip(),
    [['Christmas bonus', -50_000, 'No bonus this month; last month had one.']],
  ],
  [
    'statutory sick pay in place of some salary',
    slip(),
    slip({ earnings: [basic(240_000), { kind: 'statutory', name: 'Statutory Sick Pay', amountPence: 11_875 }] }),
    [
      ['Basic pay', -80_000, 'Your basic pay went down'],
      ['Statutory Sick Pay', 11_875, 'Statutory Sick Pay this month (statutory pay'],
    ],
  ],
  [
    'a tax code change with the same pay',
    slip(),
    slip({ taxCode: '1100L', deductions: [tax(43_467), ni(17_216), pension(16_000)] }),
    [['Income Tax', -2_617, 'Your tax code changed from 1257L to 1100L, so less of your pay is tax-free.']],
    ['Your tax code changed from 1257L to 1100L.'],
  ],
  [
    'a higher tax code gives more tax-free pay',
    slip({ taxCode: '1100L', deductions: [tax(43_467), ni(17_216), pension(16_000)] }),
    slip(),
    [['Income Tax', 2_617, 'so more of your pay is tax-free']],
    ['Your tax code changed from 1100L to 1257L.'],
  ],
  [
    'a move onto an emergency code',
    slip(),
    slip({ taxCode: '1257L M1', deductions: [tax(45_000), ni(17_216), pension(16_000)] }),
    [['Income Tax', -4_150, 'Your tax code changed from 1257L to 1257L M1']],
    ['Your tax code changed from 1257L to 1257L M1.'],
  ],
  [
    'a new tax year starts',
    slip({ payDate: '2026-03-31', deductions: [tax(45_000), ni(17_216), pension(16_000)] }),
    slip({ payDate: '2026-04-30' }),
    [['Income Tax', 4_150, 'A new tax year started on 6 April, so your tax-free allowance started again.']],
    ['A new tax year started on 6 April: your year-to-date figures started again.'],
  ],
  [
    'a pay rise in the first month of a new tax year: the pay is the reason, the new year a note',
    slip({ payDate: '2026-03-31' }),
    slip({ payDate: '2026-04-30', earnings: [basic(331_200)], deductions: [tax(43_090), ni(18_112), pension(16_560)] }),
    [
      ['Basic pay', 11_200, 'Your basic pay went up: a pay rise'],
      ['Income Tax', -2_240, 'Income Tax follows your pay, because your pay before deductions was £112.00 more; a new tax year also started on 6 April.'],
      ['National Insurance', -896, 'National Insurance follows your pay'],
      ['Pension', -560, 'Your pension contribution is a share of your pay'],
    ],
    ['A new tax year started on 6 April: your year-to-date figures started again.'],
  ],
  [
    'a National Insurance category change',
    slip(),
    slip({ niCategory: 'C', deductions: [tax(40_850), pension(16_000)] }),
    [['National Insurance', 17_216, 'Your National Insurance category changed from A to C.']],
    ['Your National Insurance category changed from A to C.'],
  ],
  [
    'pay goes over the student loan threshold',
    slip(),
    slip({ earnings: [basic(360_000)], deductions: [tax(48_850), ni(20_416), pension(18_000), loan(7_000)] }),
    [
      ['Basic pay', 40_000, 'Your basic pay went up'],
      ['Income Tax', -8_000, 'Income Tax follows your pay'],
      ['Student Loan', -7_000, 'Your pay went over the student loan repayment threshold this month, so a repayment was taken.'],
      ['National Insurance', -3_200, 'National Insurance follows your pay'],
      ['Pension', -2_000, 'Your pension contribution is a share of your pay'],
    ],
  ],
  [
    'pay falls under the student loan threshold',
    slip({ deductions: [tax(40_850), ni(17_216), pension(16_000), loan(2_000)] }),
    slip(),
    [['Student Loan', 2_000, 'Your pay was under the student loan repayment threshold this month, so no repayment was taken.']],
  ],
  [
    'a new deduction',
    slip(),
    slip({ deductions: [tax(40_850), ni(17_216), pension(16_000), other('Cycle to work scheme', 8_333)] }),
    [['Cycle to work scheme', -8_333, 'A new deduction: Cycle to work scheme.']],
  ],
  [
    'a deduction that ended',
    slip({ deductions: [tax(40_850), ni(17_216), pension(16_000), other('Season ticket loan', 12_000)] }),
    slip(),
    [['Season ticket loan', 12_000, 'Season ticket loan was not taken this month.']],
  ],
  [
    'a deduction that changed amount',
    slip({ deductions: [tax(40_850), ni(17_216), pension(16_000), other('Union subscription', 1_500)] }),
    slip({ deductions: [tax(40_850), ni(17_216), pension(16_000), other('Union subscription', 1_800)] }),
    [['Union subscription', -300, 'Union subscription was £3.00 more than last month.']],
  ],
  [
    'pension contributions start',
    slip({ deductions: [tax(44_050), ni(17_216)] }),
    slip(),
    [
      ['Pension', -16_000, 'Pension contributions started this month.'],
      ['Income Tax', 3_200, 'Income Tax was £32.00 less with the same pay'],
    ],
  ],
  [
    'more Income Tax with the same pay and code',
    slip(),
    slip({ deductions: [tax(41_850), ni(17_216), pension(16_000)] }),
    [['Income Tax', -1_000, 'Income Tax was £10.00 more with the same pay: ask your payroll team if you are unsure why.']],
  ],
  [
    'tax that moves against the pay is not said to follow it',
    slip(),
    slip({ earnings: [basic(330_000)], deductions: [tax(39_850), ni(18_016), pension(16_500)] }),
    [
      ['Basic pay', 10_000, 'Your basic pay went up'],
      ['Income Tax', 1_000, 'Income Tax was £10.00 less although your pay before deductions was more: ask your payroll team if you are unsure why.'],
      ['National Insurance', -800, 'National Insurance follows your pay'],
      ['Pension', -500, 'Your pension contribution is a share of your pay'],
    ],
  ],
  [
    'a net pay the lines do not account for',
    slip(),
    slip({ netPence: slip().netPence - 500 }),
    [['Other differences', -500, 'do not account for £5.00 of the change in net pay']],
  ],
  ['a line renamed with the same amount is no change', slip(), slip({ earnings: [{ kind: 'basic', name: 'Salary', amountPence: 320_000 }] }), []],
  [
    'two lines of one name are read as one',
    slip({ deductions: [tax(40_850), ni(17_216), pension(16_000), other('Charity', 500), other('charity ', 500)] }),
    slip({ deductions: [tax(40_850), ni(17_216), pension(16_000), other('Charity', 1_000)] }),
    [],
  ],
];

describe('comparePayslips', () => {
  it.each(cases)('%s', (_name, previous, current, expected, notes = []) => {
    const comparison = comparePayslips(previous, current);
    expect(comparison.netChangePence).toBe(current.netPence - previous.netPence);
    expect(comparison.changes.map((c) => [c.line, c.effectOnNetPence])).toEqual(expected.map(([line, effect]) => [line, effect]));
    comparison.changes.forEach((change, index) => expect(change.reason).toContain(expected[index]![2]));
    expect(comparison.notes).toEqual(notes);
  });

  it('has at least twenty cases', () => expect(cases.length).toBeGreaterThanOrEqual(20));

  it('always accounts for the whole change in net pay, largest effect first', () => {
    for (const [, previous, current] of cases) {
      const { changes, netChangePence } = comparePayslips(previous, current);
      expect(changes.reduce((total, c) => total + c.effectOnNetPence, 0)).toBe(netChangePence);
      const sizes = changes.map((c) => Math.abs(c.effectOnNetPence));
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    }
  });

  it('keeps the amounts before and after, and null for a line that is new or gone', () => {
    const { changes } = comparePayslips(slip(), slip({ deductions: [tax(40_850), ni(17_216), pension(16_000), other('Cycle to work scheme', 8_333)] }));
    expect(changes[0]).toMatchObject({ kind: 'deduction', previousPence: null, currentPence: 8_333 });
  });
});
