// The next payslip worked out by hand from HMRC's published 2026/27 figures
// (https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2026-to-2027): 1257L gives
// £1,048.26 of pay free of tax a month (Tables A: code 257's £214.92, rounded up from 2,579 × £10 ÷ 12,
// plus two £416.67 blocks of 500), 20% up to £37,700 a year; employee NI is 8% of monthly pay over
// the £1,048 Primary Threshold.
import { forecastNextPayslip, payDayAfter, type ForecastFacts, type ForecastResult } from './forecast';

/** Month 1 of 2026/27: £3,200 gross on 1257L, letter A, no pension, no loan. */
const april: ForecastFacts = {
  payDate: '2026-04-30',
  frequency: 'monthly',
  taxCode: '1257L',
  niCategory: 'A',
  earnings: [{ kind: 'basic', amountPence: 320_000 }],
  grossPence: 320_000,
  taxablePence: 320_000,
  // Tax: £3,200 − £1,048.26 = £2,151.74, rounded down to £2,151, at 20% = £430.20.
  // NI: (£3,200 − £1,048) × 8% = £172.16.
  deductions: [
    { name: 'Income Tax', amountPence: 43_020 },
    { name: 'National Insurance', amountPence: 17_216 },
  ],
  yearToDate: {
    grossPence: 320_000,
    taxablePence: 320_000,
    incomeTaxPence: 43_020,
    nationalInsurancePence: 17_216,
    pensionPence: 0,
    studentLoanPence: 0,
    netPence: 259_764,
  },
  studentLoanPlan: null,
};

function forecastOf(result: ForecastResult) {
  if (!('forecast' in result)) throw new Error(result.unreadable);
  return result.forecast;
}

describe('the next payslip', () => {
  it('carries the year on by the cumulative method: 1257L, £3,200 a month', () => {
    const forecast = forecastOf(forecastNextPayslip(april, '2026-05-10'));
    expect(forecast).toMatchObject({ taxYear: '2026/27', frequency: 'monthly', basicPayPence: 320_000, pension: { method: 'net-pay', percent: 0 } });
    // Month 2: £6,400 − £2,096.52 = £4,303.48 → £4,303 at 20% = £860.60 to date, less £430.20 paid.
    expect(forecast.next).toEqual({
      payDate: '2026-05-29', // the last working day, as April's was
      taxPeriod: 2,
      grossPence: 320_000,
      incomeTaxPence: 43_040,
      nationalInsurancePence: 17_216,
      studentLoanPence: 0,
      postgraduateLoanPence: 0,
      pensionPence: 0,
      netPence: 259_744,
    });
    // The year: £38,400 − £12,579.12 → £25,820 taxable at 20% = £5,164.00; NI 12 × £172.16 = £2,065.92.
    expect(forecast.year.remainingPeriods).toBe(11);
    expect(forecast.year.total).toMatchObject({ grossPence: 3_840_000, incomeTaxPence: 516_400, nationalInsurancePence: 206_592, netPence: 3_117_008 });
    expect(forecast.whatIf).toBeNull();
  });

  it('prices 8% into the pension, before tax and by salary sacrifice', () => {
    const netPay = forecastOf(forecastNextPayslip(april, '2026-05-10', { percent: 8 })).whatIf!;
    // £256 before tax: month 2's taxable £6,144 − £2,096.52 → £4,047 at 20% = £809.40, less £430.20 = £379.20.
    expect(netPay.pension).toEqual({ method: 'net-pay', percent: 8 });
    expect(netPay.next).toMatchObject({ grossPence: 320_000, pensionPence: 25_600, incomeTaxPence: 37_920, nationalInsurancePence: 17_216, netPence: 239_264 });
    expect(netPay.takeHomeChangePerPeriodPence).toBe(-20_480);
    // A year: £3,072 paid in, £614.40 less tax.
    expect(netPay.takeHomeChangePerYearPence).toBe(-245_760);

    const sacrifice = forecastOf(forecastNextPayslip(april, '2026-05-10', { percent: 8, salarySacrifice: true })).whatIf!;
    // Gross £2,944: NI (£2,944 − £1,048) × 8% = £151.68, £20.48 less a month.
    expect(sacrifice.next).toMatchObject({
      grossPence: 294_400,
      pensionPence: 25_600,
      incomeTaxPence: 37_920,
      nationalInsurancePence: 15_168,
      netPence: 241_312,
    });
    expect(sacrifice.takeHomeChangePerPeriodPence).toBe(-18_432);
    expect(sacrifice.takeHomeChangePerYearPence).toBe(-245_760 + 12 * 2_048);
  });

  it('reads the pension, and the loan plan from what the payslip repaid', () => {
    // 5% net pay (£160) and Plan 2: (£3,200 − £2,448.75) × 9% = £67.61 → £67.
    const facts: ForecastFacts = {
      ...april,
      taxablePence: 304_000,
      deductions: [...april.deductions, { name: 'Pension', amountPence: 16_000 }, { name: 'Student Loan', amountPence: 6_700 }],
    };
    const forecast = forecastOf(forecastNextPayslip(facts, '2026-05-10'));
    expect(forecast.pension).toEqual({ method: 'net-pay', percent: 5 });
    expect(forecast.studentLoans).toEqual(['plan2']);
    expect(forecast.next).toMatchObject({ pensionPence: 16_000, studentLoanPence: 6_700 });
  });

  it('says why when it cannot read the payslip', () => {
    const unreadable = (facts: Partial<ForecastFacts>, today = '2026-05-10') => forecastNextPayslip({ ...april, ...facts }, today);
    expect(unreadable({ taxCode: '12Q' })).toEqual({ unreadable: 'We cannot read the tax code 12Q on your latest payslip.', part: 'taxCode' });
    expect(unreadable({ niCategory: 'Q' })).toEqual({
      unreadable: 'We cannot read the National Insurance category letter on your latest payslip.',
      part: 'niCategory',
    });
    expect(unreadable({ earnings: [] })).toEqual({ unreadable: 'Your latest payslip shows no basic pay to start from.', part: 'basicPay' });
    // £67 is no plan's repayment on £3,200 but Plan 2's; £0 is three plans' and they differ on nothing.
    expect(unreadable({ deductions: [...april.deductions, { name: 'Student Loan', amountPence: 1_234 }] })).toEqual({
      unreadable: 'We cannot tell which student loan plan your latest payslip repays.',
      part: 'studentLoan',
    });
    expect(unreadable({}, '2027-05-01')).toEqual({ unreadable: 'There is no payslip from the 2027/28 tax year to start from.', part: 'payDate' });
  });
});

describe('pay days', () => {
  it('follows the pattern of the latest pay day', () => {
    expect(payDayAfter('2026-10-30', 'monthly', 1)).toBe('2026-11-30');
    expect(payDayAfter('2026-10-30', 'monthly', 2)).toBe('2026-12-31');
    expect(payDayAfter('2026-10-25', 'monthly', 4)).toBe('2027-02-25');
    // 31 January 2026 is a Saturday, so not the last working day: the same day, or the month's last.
    expect(payDayAfter('2026-01-31', 'monthly', 1)).toBe('2026-02-28');
    expect(payDayAfter('2026-10-30', 'weekly', 1)).toBe('2026-11-06');
    expect(payDayAfter('2026-10-30', 'four-weekly', -1)).toBe('2026-10-02');
  });
});
