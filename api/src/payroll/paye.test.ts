// Figures checked by hand against HMRC's tax-table method (see paye.ts) and the published rates.
import { incomeTaxForMonth, nationalInsuranceForMonth, parseTaxCode, studentLoanForMonth, type IncomeTaxInput } from './paye';
import { rulesFor, taxMonthOf, taxYearOf } from './uk-rules';

const month = (parts: Partial<IncomeTaxInput>): IncomeTaxInput => ({
  taxYear: '2025/26',
  taxMonth: 1,
  taxCode: '1257L',
  taxablePayPence: 300_000,
  previousTaxablePayToDatePence: 0,
  previousTaxToDatePence: 0,
  ...parts,
});

describe('Income Tax for a month', () => {
  it.each([
    ['£3,000 in month 1 on 1257L: £1,048.25 tax-free, £1,951 taxed at 20%', month({}), 39_020],
    ['month 2 at the same pay, cumulatively', month({ taxMonth: 2, previousTaxablePayToDatePence: 300_000, previousTaxToDatePence: 39_020 }), 39_040],
    ['£6,000 in month 1 reaches the higher rate', month({ taxablePayPence: 600_000 }), 135_200],
    [
      'an emergency code ignores earlier months',
      month({ taxMonth: 7, taxCode: '1257L M1', previousTaxablePayToDatePence: 0, previousTaxToDatePence: 0 }),
      39_020,
    ],
    [
      'a W1 marker is an emergency code too',
      month({ taxMonth: 9, taxCode: '1257L W1', previousTaxablePayToDatePence: 1_800_000, previousTaxToDatePence: 200_000 }),
      39_020,
    ],
    ['a new starter in month 6 on a cumulative code gets five months of allowance back', month({ taxMonth: 6 }), 0],
    [
      'a month with no pay refunds tax paid',
      month({ taxMonth: 2, taxablePayPence: 0, previousTaxablePayToDatePence: 300_000, previousTaxToDatePence: 39_020 }),
      -20_960,
    ],
    ['a lower code (1100L) takes more tax', month({ taxCode: '1100L' }), 41_640],
    ['K475 adds to the pay taxed', month({ taxCode: 'K475', taxablePayPence: 100_000 }), 27_920],
    ['a K code never takes more than half the pay', month({ taxCode: 'K5000', taxablePayPence: 50_000 }), 25_000],
    [
      'BR taxes everything at 20%, cumulatively',
      month({ taxCode: 'BR', taxMonth: 3, taxablePayPence: 100_000, previousTaxablePayToDatePence: 200_000, previousTaxToDatePence: 40_000 }),
      20_000,
    ],
    ['D0 taxes everything at 40%', month({ taxCode: 'D0', taxablePayPence: 100_000 }), 40_000],
    ['0T has no allowance but the usual bands', month({ taxCode: '0T' }), 60_000],
    ['NT takes no tax', month({ taxCode: 'NT' }), 0],
  ])('%s', (_name, input, pence) => expect(incomeTaxForMonth(input)).toBe(pence));

  it('refuses codes it cannot apply', () => {
    expect(() => parseTaxCode('S1257L')).toThrow(/England or Northern Ireland/);
    expect(() => parseTaxCode('1257')).toThrow();
    expect(() => incomeTaxForMonth(month({ taxYear: '2019/20' }))).toThrow(/No UK payroll rules/);
  });
});

describe('National Insurance for a month (category A)', () => {
  it.each([
    ['8% over £1,048 in 2025/26', '2025/26', '2025-10-31', 300_000, 15_616],
    ['nothing under the Primary Threshold', '2025/26', '2025-10-31', 100_000, 0],
    ['2% over the Upper Earnings Limit', '2025/26', '2025-10-31', 500_000, 26_750],
    ['12% in December 2023', '2023/24', '2023-12-29', 300_000, 23_424],
    ['10% from 6 January 2024', '2023/24', '2024-01-31', 300_000, 19_520],
    ['8% in 2024/25', '2024/25', '2024-04-30', 300_000, 15_616],
  ])('%s', (_name, taxYear, payDate, earnings, pence) => expect(nationalInsuranceForMonth(taxYear, payDate, earnings)).toBe(pence));
});

describe('student loan for a month', () => {
  it.each([
    ['Plan 2 in 2025/26: 9% over £2,372.50, whole pounds down', '2025/26', 'plan2', 300_000, 5_600],
    ['Plan 2 in 2026/27: the threshold rose to £29,385', '2026/27', 'plan2', 300_000, 4_900],
    ['Plan 1 in 2024/25', '2024/25', 'plan1', 300_000, 8_200],
    ['nothing under the threshold', '2025/26', 'plan2', 230_000, 0],
  ] as const)('%s', (_name, taxYear, plan, earnings, pence) => expect(studentLoanForMonth(taxYear, plan, earnings)).toBe(pence));
});

describe('tax years and months', () => {
  it.each([
    ['2026-04-05', '2025/26', 12],
    ['2026-04-06', '2026/27', 1],
    ['2026-04-30', '2026/27', 1],
    ['2026-05-05', '2026/27', 1],
    ['2026-05-06', '2026/27', 2],
    ['2026-10-30', '2026/27', 7],
    ['2027-01-29', '2026/27', 10],
    ['2027-03-31', '2026/27', 12],
  ])('%s is in %s, month %i', (date, year, taxMonth) => {
    expect(taxYearOf(date)).toBe(year);
    expect(taxMonthOf(date)).toBe(taxMonth);
  });

  it('has the published personal allowance and bands for every year it knows', () => {
    for (const year of ['2023/24', '2024/25', '2025/26', '2026/27']) {
      const rules = rulesFor(year);
      expect(rules.personalAllowance).toBe(1_257_000);
      expect(rules.bands.map((b) => b.rate)).toEqual([0.2, 0.4, 0.45]);
    }
  });
});
