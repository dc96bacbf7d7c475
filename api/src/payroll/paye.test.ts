// Income Tax by HMRC's tax table routine. Every figure is worked by hand in its comment: pay
// adjustment from Tables A, taxable pay to date rounded down to the pound, band limits to date pro
// rata to 4 places of a pound (rounded down), tax to date rounded down to the penny.
import { bandedTaxToDate, incomeTaxForPeriod, payAdjustmentForPeriod, type IncomeTaxInput } from './paye';
import type { PayPeriod } from './pay-periods';
import { rulesFor, taxMonthOf, taxYearOf } from './uk-rules';

const month = (n: number): PayPeriod => ({ period: n, elapsed: n, perYear: 12, periodLength: 1, extra: false });
const week = (n: number, weeks = 1): PayPeriod => ({ period: n, elapsed: n * weeks, perYear: 52, periodLength: weeks, extra: n * weeks > 52 });

const payDay = (parts: Partial<IncomeTaxInput>): IncomeTaxInput => ({
  taxYear: '2025/26',
  period: month(1),
  taxCode: '1257L',
  taxablePayPence: 300_000,
  previousTaxablePayToDatePence: 0,
  previousTaxToDatePence: 0,
  ...parts,
});

describe('Tables A: the pay adjustment of one period', () => {
  it.each([
    // (257 × 10 + 9) / 12 = 214.9166… → 214.92, and two blocks of 500 at 5,000 / 12 = 416.666… → 416.67 each
    ['1257 a month', 1257, 12, 104_826],
    // 2,579 / 52 = 49.596… → 49.60, and two blocks of 5,000 / 52 = 96.153… → 96.16 each
    ['1257 a week', 1257, 52, 24_192],
    // 5,009 / 12 = 417.4166… → 417.42 (up to 500 the code is not split)
    ['500 a month', 500, 12, 41_742],
    // 19 / 12 = 1.583… → 1.59, plus one block of 416.67
    ['501 a month', 501, 12, 41_826],
    // 1000 is 500 and one block: 417.42 + 416.67
    ['1000 a month', 1_000, 12, 83_409],
    // 1,009 / 12 = 84.083… → 84.09, plus 2 × 416.67
    ['1100 a month', 1_100, 12, 91_743],
    // 979 / 12 = 81.583… → 81.59, plus 2 × 416.67
    ['1097 a month', 1_097, 12, 91_493],
    // 4,759 / 12 = 396.583… → 396.59
    ['475 a month', 475, 12, 39_659],
    ['0', 0, 12, 0],
  ] as const)('%s', (_name, code, perYear, pence) => expect(payAdjustmentForPeriod(code, perYear)).toBe(pence));

  it('gives a year of 1257L as £12,579.12 free pay, not £12,579: the month is rounded up before it is multiplied', () => {
    expect(payAdjustmentForPeriod(1257, 12) * 12).toBe(1_257_912);
  });
});

describe('Income Tax for a pay day (2025/26 unless named)', () => {
  it.each([
    // £3,000 − £1,048.26 = £1,951.74 → £1,951 × 20% (the basic band to date is £3,141.6666)
    ['£3,000 in month 1 on 1257L', payDay({}), 39_020],
    // £6,000 − £2,096.52 = £3,903.48 → £3,903 × 20% = £780.60, less £390.20 paid
    ['month 2 at the same pay, cumulatively', payDay({ period: month(2), previousTaxablePayToDatePence: 300_000, previousTaxToDatePence: 39_020 }), 39_040],
    // £6,000 − £1,048.26 → £4,951: £7,540 / 12 = £628.3333 at 20%, (£4,951 − £3,141.6666) × 40% = £723.7333 → £1,352.0666
    ['£6,000 in month 1 reaches the higher rate', payDay({ taxablePayPence: 600_000 }), 135_206],
    // 0T: £12,000, all taxable. 20% band £628.3333 + 40% band £34,976 / 12 = £2,914.6666 (together £42,516 / 12 = £3,543)
    // + (£12,000 − £10,428.3333) × 45% = £707.25 → £4,250.25
    ['the additional rate above £125,140 a year', payDay({ taxCode: '0T', taxablePayPence: 1_200_000 }), 425_025],
    [
      'an M1 code ignores earlier months',
      payDay({ period: month(7), taxCode: '1257L M1', previousTaxablePayToDatePence: 1_800_000, previousTaxToDatePence: 200_000 }),
      39_020,
    ],
    ['so does W1, and X', payDay({ period: month(9), taxCode: '1257L X' }), 39_020],
    // Six months of allowance, £6,289.56, exceed £3,000
    ['a new starter in month 6 on a cumulative code pays nothing', payDay({ period: month(6) }), 0],
    // £3,000 − £2,096.52 = £903.48 → £903 × 20% = £180.60; £180.60 − £390.20
    [
      'a month with no pay refunds tax paid',
      payDay({ period: month(2), taxablePayPence: 0, previousTaxablePayToDatePence: 300_000, previousTaxToDatePence: 39_020 }),
      -20_960,
    ],
    // £3,000 − £917.43 = £2,082.57 → £2,082 × 20%
    ['1100L takes more', payDay({ taxCode: '1100L' }), 41_640],
    // £1,000 + £396.59 = £1,396.59 → £1,396 × 20%
    ['K475 adds to the pay taxed', payDay({ taxCode: 'K475', taxablePayPence: 100_000 }), 27_920],
    // K5000: 417.42 + 9 × 416.67 = £4,167.45 added; the £1,238.46 due is held to half of £500
    ['a K code never takes more than half the pay', payDay({ taxCode: 'K5000', taxablePayPence: 50_000 }), 25_000],
    // Month 2: £1,000 + £8,334.90 → £9,334: £1,256.6666 + (£9,334 − £6,283.3333) × 40% = £2,476.53, less £250 paid: held to £250 again
    [
      'and carries what it could not take forward',
      payDay({ taxCode: 'K5000', period: month(2), taxablePayPence: 50_000, previousTaxablePayToDatePence: 50_000, previousTaxToDatePence: 25_000 }),
      25_000,
    ],
    ['the limit holds on a K code on a month 1 basis too', payDay({ taxCode: 'K5000 M1', taxablePayPence: 50_000 }), 25_000],
    // £3,000 to date × 20% = £600, less £400 paid
    [
      'BR taxes everything at 20%, cumulatively',
      payDay({ taxCode: 'BR', period: month(3), taxablePayPence: 100_000, previousTaxablePayToDatePence: 200_000, previousTaxToDatePence: 40_000 }),
      20_000,
    ],
    ['D0 at 40%', payDay({ taxCode: 'D0', taxablePayPence: 100_050 }), 40_000],
    ['D1 at 45%', payDay({ taxCode: 'D1', taxablePayPence: 100_000 }), 45_000],
    ['0T: no allowance, the usual bands', payDay({ taxCode: '0T' }), 60_000],
    ['NT takes no tax', payDay({ taxCode: 'NT' }), 0],
    // Scotland: £1,951 taxable. Starter £2,827 × 19% = £537.13 and basic £12,094 × 20% = £2,418.80, a twelfth: £246.3275;
    // intermediate (£1,951 − £1,243.4166) × 21% = £148.5925; £394.92
    ['S1257L: the Scottish bands', payDay({ taxCode: 'S1257L' }), 39_492],
    ['C1257L: Welsh rates equal the rest of the UK', payDay({ taxCode: 'C1257L' }), 39_020],
    ['SBR 20%', payDay({ taxCode: 'SBR', taxablePayPence: 100_000 }), 20_000],
    ['SD0 21% (intermediate)', payDay({ taxCode: 'SD0', taxablePayPence: 100_000 }), 21_000],
    ['SD1 42% (higher)', payDay({ taxCode: 'SD1', taxablePayPence: 100_000 }), 42_000],
    ['SD2 45% (advanced)', payDay({ taxCode: 'SD2', taxablePayPence: 100_000 }), 45_000],
    ['SD3 48% (top)', payDay({ taxCode: 'SD3', taxablePayPence: 100_000 }), 48_000],
    ['SD2 was the 47% top rate in 2023/24', payDay({ taxYear: '2023/24', taxCode: 'SD2', taxablePayPence: 100_000 }), 47_000],
    // 2023/24 Scotland, £3,000 on S1257L: starter £2,162 × 19% = £410.78, basic £10,956 × 20% = £2,191.20, a twelfth £216.8316;
    // intermediate (£1,951 − £1,093.1666) × 21% = £180.1450; £396.9766
    ['S1257L in 2023/24', payDay({ taxYear: '2023/24', taxCode: 'S1257L' }), 39_697],
  ])('%s', (_name, input, pence) => expect(incomeTaxForPeriod(input)).toBe(pence));

  it.each([
    // £700 − £241.92 = £458.08 → £458 × 20% (basic band to date £37,700 / 52 = £725)
    ['weekly, week 1', payDay({ period: week(1), taxablePayPence: 70_000 }), 9_160],
    // Week 2 of 52: £1,400 − £483.84 = £916.16 → £916 × 20%
    ['fortnightly, the first fortnight (week 2)', payDay({ period: week(1, 2), taxablePayPence: 140_000 }), 18_320],
    // Week 4: £2,800 − £967.68 = £1,832.32 → £1,832 × 20%
    ['four-weekly, the first period (week 4)', payDay({ period: week(1, 4), taxablePayPence: 280_000 }), 36_640],
    // Week 53 is taxed on a week 1 basis, whatever came before
    ['week 53', payDay({ period: week(53), taxablePayPence: 70_000, previousTaxablePayToDatePence: 3_640_000, previousTaxToDatePence: 476_400 }), 9_160],
    // Week 54 (fortnightly) on a week 2 basis, like the first fortnight
    ['week 54', payDay({ period: week(27, 2), taxablePayPence: 140_000, previousTaxablePayToDatePence: 3_640_000, previousTaxToDatePence: 476_400 }), 18_320],
    ['week 56', payDay({ period: week(14, 4), taxablePayPence: 280_000, previousTaxablePayToDatePence: 3_640_000, previousTaxToDatePence: 476_400 }), 36_640],
  ])('%s', (_name, input, pence) => expect(incomeTaxForPeriod(input)).toBe(pence));

  it('prices a whole year at the annual limits exactly', () => {
    // Month 12 of 12 is the year: £47,420 taxable → £37,700 × 20% + £9,720 × 40% = £11,428
    expect(bandedTaxToDate(rulesFor('2025/26').bands.rUK, 47_420, 12, 12)).toBe(1_142_800);
    expect(bandedTaxToDate(rulesFor('2025/26').bands.rUK, 0, 1, 12)).toBe(0);
  });

  it('refuses codes and years it has no rules for', () => {
    expect(() => incomeTaxForPeriod(payDay({ taxCode: 'SD3', taxYear: '2023/24' }))).toThrow(/SD3 is not a tax code of 2023\/24/);
    expect(() => incomeTaxForPeriod(payDay({ taxCode: 'D2' }))).toThrow(/D2 is not a tax code/);
    expect(() => incomeTaxForPeriod(payDay({ taxYear: '2019/20' }))).toThrow(/No UK payroll rules/);
  });
});

describe('tax years and months', () => {
  it.each([
    ['2026-04-05', '2025/26', 12],
    ['2026-04-06', '2026/27', 1],
    ['2026-05-05', '2026/27', 1],
    ['2026-05-06', '2026/27', 2],
    ['2027-03-31', '2026/27', 12],
  ])('%s is in %s, month %i', (date, year, taxMonth) => {
    expect(taxYearOf(date)).toBe(year);
    expect(taxMonthOf(date)).toBe(taxMonth);
  });

  it('has the published allowance and bands for every year it knows', () => {
    for (const year of ['2023/24', '2024/25', '2025/26', '2026/27']) {
      const rules = rulesFor(year);
      expect(rules.personalAllowance).toBe(12_570);
      expect(rules.bands.rUK.map((b) => b.rate)).toEqual([20, 40, 45]);
      expect(rules.bands.wales).toEqual(rules.bands.rUK);
      expect(rules.bands.scotland.map((b) => b.rate)).toEqual(year === '2023/24' ? [19, 20, 21, 42, 47] : [19, 20, 21, 42, 45, 48]);
    }
  });
});
