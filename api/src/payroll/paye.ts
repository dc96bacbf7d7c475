// One month's deductions under the UK rules of its tax year: Income Tax by PAYE (cumulative, or
// month by month on an emergency code), employee Class 1 National Insurance (category A) and a
// student loan. Money in pence. The rounding follows HMRC's tax-table method: the tax-free pay of
// a code is (number × 10 + 9) pounds a year, taxable pay to date is rounded down to whole pounds,
// band limits to date are rounded up to whole pounds, tax to date is rounded down to the penny,
// and student loan repayments are rounded down to whole pounds.
import { rulesFor, type StudentLoanPlan, type TaxYearRules } from './uk-rules';

type CodeBasis =
  | { kind: 'allowance'; annualPence: number } // 1257L and the like; K codes have a negative allowance
  | { kind: 'banded' } // 0T: no allowance, usual bands
  | { kind: 'flat'; rate: number } // BR, D0, D1
  | { kind: 'no-tax' }; // NT

export type ParsedTaxCode = { basis: CodeBasis; emergency: boolean };

const FLAT_RATES: Record<string, number> = { BR: 0.2, D0: 0.4, D1: 0.45 };

/** Reads a tax code of England or Northern Ireland ('1257L', 'K475', 'BR', '0T', '1257L M1'). */
export function parseTaxCode(code: string): ParsedTaxCode {
  const match = /^(?:(BR|D0|D1|0T|NT)|(K)?(\d{1,4})([LMNT])?)(?:\s*(W1|M1|X))?$/.exec(code.trim().toUpperCase());
  if (!match || (match[3] && !match[2] && !match[4])) throw new Error(`Not a tax code of England or Northern Ireland: ${code}`);
  const [, flat, k, number, , marker] = match;
  const emergency = Boolean(marker);
  if (flat === '0T') return { basis: { kind: 'banded' }, emergency };
  if (flat === 'NT') return { basis: { kind: 'no-tax' }, emergency };
  if (flat) return { basis: { kind: 'flat', rate: FLAT_RATES[flat]! }, emergency };
  const annualPence = (Number(number) * 10 + 9) * 100;
  return { basis: { kind: 'allowance', annualPence: k ? -annualPence : annualPence }, emergency };
}

const toWholePoundsDown = (pence: number) => Math.floor(pence / 100) * 100;
const toWholePoundsUp = (pence: number) => Math.ceil(pence / 100) * 100;

function bandedTax(rules: TaxYearRules, taxablePence: number, period: number): number {
  let tax = 0;
  let lower = 0;
  for (const band of rules.bands) {
    const upper = band.upTo === null ? Infinity : toWholePoundsUp((band.upTo * period) / 12);
    const inBand = Math.max(0, Math.min(taxablePence, upper) - lower);
    tax += inBand * band.rate;
    lower = upper;
  }
  return Math.floor(tax);
}

export type IncomeTaxInput = {
  taxYear: string;
  /** Tax month of this payment, 1 (April) to 12 (March). */
  taxMonth: number;
  taxCode: string;
  /** Pay subject to tax this month (after pension under a net-pay arrangement). */
  taxablePayPence: number;
  /** Of earlier months of this tax year with this employer: taxable pay and tax paid. */
  previousTaxablePayToDatePence: number;
  previousTaxToDatePence: number;
};

/** Income Tax for one month; negative is a refund (cumulative codes only). */
export function incomeTaxForMonth(input: IncomeTaxInput): number {
  const rules = rulesFor(input.taxYear);
  const { basis, emergency } = parseTaxCode(input.taxCode);
  if (basis.kind === 'no-tax') return 0;
  // An emergency code treats every month as month 1 of a year with nothing before it.
  const period = emergency ? 1 : input.taxMonth;
  const payToDate = input.taxablePayPence + (emergency ? 0 : input.previousTaxablePayToDatePence);
  const paidToDate = emergency ? 0 : input.previousTaxToDatePence;

  let dueToDate: number;
  if (basis.kind === 'flat') {
    dueToDate = Math.floor(toWholePoundsDown(Math.max(0, payToDate)) * basis.rate);
  } else {
    const freePayToDate = basis.kind === 'allowance' ? Math.ceil((basis.annualPence * period) / 12) : 0;
    const taxableToDate = toWholePoundsDown(Math.max(0, payToDate - freePayToDate));
    dueToDate = bandedTax(rules, taxableToDate, period);
  }
  let thisMonth = dueToDate - paidToDate;
  // The regulatory limit: never more than half of this month's pay (it matters for K codes).
  thisMonth = Math.min(thisMonth, Math.floor(input.taxablePayPence / 2));
  return thisMonth;
}

/** Employee Class 1 National Insurance, category A, on one month's earnings paid on `payDate`. */
export function nationalInsuranceForMonth(taxYear: string, payDate: string, earningsPence: number): number {
  const { ni } = rulesFor(taxYear);
  const mainRate = [...ni.mainRates].reverse().find((r) => payDate >= r.from)?.rate ?? ni.mainRates[0]!.rate;
  const main = Math.max(0, Math.min(earningsPence, ni.upperEarningsLimitMonthly) - ni.primaryThresholdMonthly) * mainRate;
  const upper = Math.max(0, earningsPence - ni.upperEarningsLimitMonthly) * ni.upperRate;
  return Math.round(main + upper);
}

/** A month's student loan repayment: 9% of earnings over the monthly threshold, in whole pounds down. */
export function studentLoanForMonth(taxYear: string, plan: StudentLoanPlan, earningsPence: number): number {
  const { threshold, rate } = rulesFor(taxYear).studentLoan[plan];
  return toWholePoundsDown(Math.max(0, (earningsPence - threshold / 12) * rate));
}
