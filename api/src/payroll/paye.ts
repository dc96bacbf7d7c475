// Income Tax for one pay day by HMRC's tax table routine ("Specification for PAYE tax table
// routines", the computer form of Tables A to D): https://www.gov.uk/government/publications/payroll-technical-specifications-income-tax
//  1. Pay adjustment (Tables A, https://www.gov.uk/government/publications/tax-tables-a-pay-adjustment-tables):
//     one period's figure for the code, rounded up to the penny, times the period number; codes over
//     500 take the figure for the remainder (1 to 500) plus one 500 block per 500.
//  2. Taxable pay to date: pay to date less the adjustment (plus it, for a K code), rounded down to
//     the pound.
//  3. Tax to date: each band's limit to date is its annual limit pro rata (to 4 places of a pound,
//     rounded down, as the specification does), the tax of the bands below likewise; the total is
//     rounded down to the penny.
//  4. This pay day's tax is tax to date less tax paid, a refund when below nothing (cumulative codes);
//     a K code never takes more than half of this pay day's pay (the regulatory limit).
// Week 1/month 1 codes, and the week 53, 54 and 56 pay days, are taxed on this pay day's pay alone.
// Money in pence; band arithmetic in hundredths of a penny.
import type { PayPeriod } from './pay-periods';
import { parseTaxCode } from './tax-codes';
import { rulesFor, type TaxBand } from './uk-rules';

const PENNY = 100; // hundredths of a penny

/** One period's pay adjustment for a code number (Tables A), in pence: weekly (52) or monthly (12). */
export function payAdjustmentForPeriod(codeNumber: number, perYear: 12 | 52): number {
  if (codeNumber <= 0) return 0;
  const adjustment = (number: number) => Math.ceil(((number * 10 + 9) * 100) / perYear);
  const blocks = Math.floor((codeNumber - 1) / 500);
  const remainder = codeNumber - blocks * 500;
  const block = Math.ceil(500_000 / perYear); // £5,000 a year: £416.67 a month, £96.16 a week
  return adjustment(remainder) + blocks * block;
}

/** Tax on whole pounds of taxable pay to date, `elapsed` of `perYear` parts into the year; in pence. */
export function bandedTaxToDate(bands: TaxBand[], taxablePounds: number, elapsed: number, perYear: number): number {
  const taxable = taxablePounds * 10_000; // in hundredths of a penny
  let lowerLimit = 0;
  let annualLimitBelow = 0;
  let annualTaxBelow = 0; // the annual tax of the bands already filled, in hundredths of a penny
  for (const band of bands) {
    const upperLimit = band.upTo === null ? Infinity : Math.floor((band.upTo * 10_000 * elapsed) / perYear);
    if (taxable <= upperLimit) {
      const taxBelowToDate = Math.floor((annualTaxBelow * elapsed) / perYear);
      const inBand = Math.floor(((taxable - lowerLimit) * band.rate) / 100);
      return Math.floor((taxBelowToDate + inBand) / PENNY);
    }
    annualTaxBelow += (band.upTo! - annualLimitBelow) * 100 * band.rate;
    annualLimitBelow = band.upTo!;
    lowerLimit = upperLimit;
  }
  throw new Error('The top band has no upper limit');
}

export type IncomeTaxInput = {
  taxYear: string;
  taxCode: string;
  /** Where this pay day falls in the tax year (pay-periods.ts). */
  period: PayPeriod;
  /** Pay subject to tax on this pay day (after pension under a net-pay arrangement). */
  taxablePayPence: number;
  /** Of earlier pay days of this tax year with this employer: taxable pay and tax paid. */
  previousTaxablePayToDatePence: number;
  previousTaxToDatePence: number;
};

/** Income Tax for one pay day; below nothing is a refund (cumulative codes only). */
export function incomeTaxForPeriod(input: IncomeTaxInput): number {
  const rules = rulesFor(input.taxYear);
  const { country, basis, nonCumulative } = parseTaxCode(input.taxCode);
  if (basis.kind === 'no-tax') return 0;
  if (basis.kind === 'flat' && rules.flatCodes[country][basis.code] === undefined) throw new Error(`${input.taxCode} is not a tax code of ${input.taxYear}`);

  const { period } = input;
  const weekOne = nonCumulative || period.extra;
  // On a week 1 basis the pay day stands alone, as one pay period's worth of the year.
  const elapsed = weekOne ? period.periodLength : period.elapsed;
  const payToDate = input.taxablePayPence + (weekOne ? 0 : input.previousTaxablePayToDatePence);
  const paidToDate = weekOne ? 0 : input.previousTaxToDatePence;

  let dueToDate: number;
  if (basis.kind === 'flat') {
    const pounds = Math.max(0, Math.floor(payToDate / 100));
    dueToDate = pounds * rules.flatCodes[country][basis.code]!; // pounds × rate% is pence
  } else {
    const adjustment = basis.kind === 'no-allowance' ? 0 : payAdjustmentForPeriod(basis.number, period.perYear) * elapsed;
    const taxablePence = basis.kind === 'k' ? payToDate + adjustment : payToDate - adjustment;
    const taxablePounds = Math.max(0, Math.floor(taxablePence / 100));
    dueToDate = bandedTaxToDate(rules.bands[country], taxablePounds, elapsed, period.perYear);
  }
  let tax = dueToDate - paidToDate;
  if (weekOne) tax = Math.max(0, tax);
  // The regulatory limit: a K code never takes more than 50% of this pay day's pay.
  // https://www.gov.uk/government/publications/payroll-technical-specifications-income-tax ("regulatory limit")
  if (basis.kind === 'k') tax = Math.min(tax, Math.floor(input.taxablePayPence / 2));
  return tax;
}
