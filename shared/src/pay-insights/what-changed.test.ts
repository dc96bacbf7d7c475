import { pageWords } from '@portal/shared/pay-insights/page-words';
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
    [['Income Tax', -2_617, 'Your tax code changed from 1257L to 1100L: your tax-free amount went down by £1,570 a year (from £12,570 to £11,000).']],
    ['Your tax code changed from 1257L to 1100L: your tax-free amount went down by £1,570 a year (from £12,570 to £11,000).'],
  ],
  [
    'a higher tax code gives more tax-free pay',
    slip({ taxCode: '1100L', deductions: [tax(43_467), ni(17_216), pension(16_000)] }),
    slip(),
    [['Income Tax', 2_617, 'your tax-free amount went up by £1,570 a year']],
    ['Your tax code changed from 1100L to 1257L: your tax-free amount went up by £1,570 a year (from £11,000 to £12,570).'],
  ],
  [
    "a move onto HMRC's emergency code",
    slip(),
    slip({ taxCode: '1257L M1', deductions: [tax(45_000), ni(17_216), pension(16_000)] }),
    [
      [
        'Income Tax',
        -4_150,
        'Your tax code changed from 1257L to 1257L M1: the same tax-free amount; your tax is now worked out on each pay period alone (non-cumulative), not on your pay for the tax year so far.',
      ],
    ],
    [
      'Your tax code changed from 1257L to 1257L M1: the same tax-free amount; your tax is now worked out on each pay period alone (non-cumulative), not on your pay for the tax year so far.',
    ],
  ],
  [
    'the same number on a month-1 basis is a change of basis, not of allowance',
    slip({ taxCode: '1097L', deductions: [tax(45_000), ni(17_216), pension(16_000)] }),
    slip({ taxCode: '1097L M1', deductions: [tax(46_000), ni(17_216), pension(16_000)] }),
    [['Income Tax', -1_000, 'Your tax code changed from 1097L to 1097L M1: the same tax-free amount; your tax is now worked out on each pay period alone']],
    [
      'Your tax code changed from 1097L to 1097L M1: the same tax-free amount; your tax is now worked out on each pay period alone (non-cumulative), not on your pay for the tax year so far.',
    ],
  ],
  [
    'back from a month-1 basis: the year so far is put right',
    slip({ taxCode: '1097L M1', deductions: [tax(46_000), ni(17_216), pension(16_000)] }),
    slip({ taxCode: '1097L', deductions: [tax(30_000), ni(17_216), pension(16_000)] }),
    [['Income Tax', 16_000, 'your tax is worked out on your pay for the tax year so far again, so tax paid too much or too little']],
    [
      'Your tax code changed from 1097L M1 to 1097L: the same tax-free amount; your tax is worked out on your pay for the tax year so far again, so tax paid too much or too little while it was worked out on each pay period alone is put right on this payslip.',
    ],
  ],
  [
    'the same code written with or without its space is no change',
    slip({ taxCode: '1257L X', deductions: [tax(45_000), ni(17_216), pension(16_000)] }),
    slip({ taxCode: '1257LX', deductions: [tax(45_000), ni(17_216), pension(16_000)] }),
    [],
  ],
  [
    'a lower allowance with less tax is not named as the cause',
    slip({ earnings: [basic(330_000)], deductions: [tax(42_850), ni(18_016), pension(16_500)] }),
    slip({ taxCode: '1200L', deductions: [tax(40_000), ni(17_216), pension(16_000)] }),
    [
      ['Basic pay', -10_000, 'Your basic pay went down'],
      [
        'Income Tax',
        2_850,
        'Your tax code changed from 1257L to 1200L: your tax-free amount went down by £570 a year (from £12,570 to £12,000). Income Tax was £28.50 less all the same, because your pay before deductions was £100.00 less.',
      ],
      ['National Insurance', 800, 'National Insurance follows your pay'],
      ['Pension', 500, 'Your pension contribution is a share of your pay'],
    ],
    ['Your tax code changed from 1257L to 1200L: your tax-free amount went down by £570 a year (from £12,570 to £12,000).'],
  ],
  [
    'a move to Scottish rates',
    slip(),
    slip({ taxCode: 'S1257L', deductions: [tax(41_050), ni(17_216), pension(16_000)] }),
    [['Income Tax', -200, 'Your tax code changed from 1257L to S1257L: you now pay Scottish Income Tax rates.']],
    ['Your tax code changed from 1257L to S1257L: you now pay Scottish Income Tax rates.'],
  ],
  [
    'a move to Scotland with a new allowance says both',
    slip(),
    slip({ taxCode: 'S1100L', deductions: [tax(43_667), ni(17_216), pension(16_000)] }),
    [['Income Tax', -2_817, 'your tax-free amount went down by £1,570 a year (from £12,570 to £11,000); you now pay Scottish Income Tax rates.']],
    [
      'Your tax code changed from 1257L to S1100L: your tax-free amount went down by £1,570 a year (from £12,570 to £11,000); you now pay Scottish Income Tax rates.',
    ],
  ],
  [
    'a K code that adds more to the pay taxed',
    slip({ taxCode: 'K475', deductions: [tax(60_000), ni(17_216), pension(16_000)] }),
    slip({ taxCode: 'K500', deductions: [tax(60_417), ni(17_216), pension(16_000)] }),
    [['Income Tax', -417, 'Your tax code changed from K475 to K500: £250 a year more of your pay is taxed.']],
    ['Your tax code changed from K475 to K500: £250 a year more of your pay is taxed.'],
  ],
  [
    'a code the portal cannot read',
    slip(),
    slip({ taxCode: '1257Q', deductions: [tax(41_850), ni(17_216), pension(16_000)] }),
    [['Income Tax', -1_000, "Your tax code changed from 1257L to 1257Q: we can't explain this code; ask your payroll team."]],
    ["Your tax code changed from 1257L to 1257Q: we can't explain this code; ask your payroll team."],
  ],
  [
    'pennies of the cumulative method with the same pay and code',
    slip(),
    slip({ deductions: [tax(41_030), ni(17_216), pension(16_000)] }),
    [['Income Tax', -180, 'Income Tax was £1.80 more with the same pay: ask your payroll team']],
  ],
  [
    'a few pence of the cumulative method are named as rounding',
    slip(),
    slip({ deductions: [tax(40_870), ni(17_216), pension(16_000)] }),
    [
      [
        'Income Tax',
        -20,
        'Income Tax was £0.20 more with the same pay: pennies of rounding. Your tax is worked out on your pay for the tax year so far, rounded down to whole pounds',
      ],
    ],
  ],
  [
    'a few pence on a non-cumulative code are not rounding',
    slip({ taxCode: '1257L M1' }),
    slip({ taxCode: '1257L M1', deductions: [tax(40_870), ni(17_216), pension(16_000)] }),
    [['Income Tax', -20, 'ask your payroll team if you are unsure why']],
  ],
  ['a payslip published without a code says nothing of a change', slip({ taxCode: '' }), slip(), []],
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
    'a penny the lines do not account for is their rounding',
    slip(),
    slip({ netPence: slip().netPence - 1 }),
    [['Other differences', -1, 'A penny or two of rounding']],
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
    const comparison = comparePayslips(previous, current, pageWords);
    expect(comparison.netChangePence).toBe(current.netPence - previous.netPence);
    expect(comparison.changes.map((c) => [c.line, c.effectOnNetPence])).toEqual(expected.map(([line, effect]) => [line, effect]));
    comparison.changes.forEach((change, index) => expect(change.reason).toContain(expected[index]![2]));
    expect(comparison.notes).toEqual(notes);
  });

  it('has at least twenty cases', () => expect(cases.length).toBeGreaterThanOrEqual(20));

  it('always accounts for the whole change in net pay, largest effect first', () => {
    for (const [, previous, current] of cases) {
      const { changes, netChangePence } = comparePayslips(previous, current, pageWords);
      expect(changes.reduce((total, c) => total + c.effectOnNetPence, 0)).toBe(netChangePence);
      const sizes = changes.map((c) => Math.abs(c.effectOnNetPence));
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    }
  });

  it('keeps the amounts before and after, and null for a line that is new or gone', () => {
    const { changes } = comparePayslips(
      slip(),
      slip({ deductions: [tax(40_850), ni(17_216), pension(16_000), other('Cycle to work scheme', 8_333)] }),
      pageWords,
    );
    expect(changes[0]).toMatchObject({ kind: 'deduction', previousPence: null, currentPence: 8_333 });
  });
});

describe('comparePayslips with the API’s working of the tax', () => {
  // Alex's demo payslips of 31 August (1097L M1) and 30 September 2026 (1097L, 8 hours of overtime
  // at £30.57): the API works September's tax again by HMRC's method with August's code.
  const august = slip({ id: 'aug', payDate: '2026-08-31', taxCode: '1097L M1', deductions: [tax(45_700)], taxablePence: 314_640 });
  const september = slip({
    id: 'sep',
    earnings: [basic(331_200), { kind: 'overtime', name: 'Overtime', amountPence: 24_456, hours: 8, ratePence: 3_057 }],
    taxCode: '1097L',
    deductions: [tax(50_380)],
    taxablePence: 337_872,
    taxChange: { previousPayslipId: 'aug', codeEffectPence: 40, payEffectPence: 4_640, yearToDateEffectPence: 0, newTaxYear: false },
  });

  it('tells the pay’s effect from the code’s, largest first', () => {
    const income = comparePayslips(august, september, pageWords).changes.find((c) => c.line === 'Income Tax')!;
    expect(income.effectOnNetPence).toBe(-4_680);
    expect(income.reason).toBe(
      "Worked out again by HMRC's method: £46.40 more because your taxable pay was £232.32 more; £0.40 more because your tax code changed from 1097L M1 to 1097L (the same tax-free amount; your tax is worked out on your pay for the tax year so far again, so tax paid too much or too little while it was worked out on each pay period alone is put right on this payslip).",
    );
  });

  it('names tax put right on an earlier payslip, and pennies of rounding, as the cumulative method', () => {
    const october = slip({ id: 'oct', payDate: '2025-10-31', taxCode: '1097L', deductions: [tax(62_020)], taxablePence: 304_000 });
    const november = slip({
      id: 'nov',
      payDate: '2025-11-28',
      taxCode: '1097L',
      deductions: [tax(51_640)],
      taxablePence: 332_540,
      taxChange: { previousPayslipId: 'oct', codeEffectPence: 0, payEffectPence: 5_620, yearToDateEffectPence: -16_000, newTaxYear: false },
    });
    expect(comparePayslips(october, november, pageWords).changes.find((c) => c.line === 'Income Tax')!.reason).toBe(
      "Worked out again by HMRC's method: £160.00 less from working your tax out on the tax year so far: tax taken too much or too little on an earlier payslip is put right on a later one; £56.20 more because your taxable pay was £285.40 more.",
    );
    const december = {
      ...november,
      id: 'dec',
      taxChange: { previousPayslipId: 'oct', codeEffectPence: 0, payEffectPence: -10_360, yearToDateEffectPence: -20, newTaxYear: false },
    };
    expect(comparePayslips(october, december, pageWords).changes.find((c) => c.line === 'Income Tax')!.reason).toContain(
      '£0.20 less of rounding: your tax is worked out on your pay for the tax year so far, rounded down to whole pounds',
    );
  });

  it('names a week 53 pay day’s own basis, not rounding', () => {
    const week52 = slip({ id: 'w52', payDate: '2024-03-29', taxCode: 'S1257L', deductions: [tax(8_588)] });
    const week53 = slip({
      id: 'w53',
      payDate: '2024-04-05',
      taxCode: 'S1257L',
      deductions: [tax(8_589)],
      taxChange: { previousPayslipId: 'w52', codeEffectPence: 0, payEffectPence: 0, yearToDateEffectPence: 1, newTaxYear: false, extraPayDay: true },
    });
    expect(comparePayslips(week52, week53, pageWords).changes.find((c) => c.line === 'Income Tax')!.reason).toBe(
      "Worked out again by HMRC's method: £0.01 more because this is the extra pay day at the end of the tax year (week 53, 54 or 56), whose tax is worked out on that pay day alone, not on the tax year so far.",
    );
  });

  it('reads the working only when the earlier payslip is the one it was worked against', () => {
    const income = comparePayslips({ ...august, id: 'july' }, september, pageWords).changes.find((c) => c.line === 'Income Tax')!;
    expect(income.reason).not.toContain("HMRC's method");
  });
});
