// Pay frequencies and the tax period a pay day falls in. Weekly, fortnightly and four-weekly pay are
// counted in tax weeks (week 1 is 6 to 12 April), monthly pay in tax months. The weeks left over at
// the end of a year make a week 53 (weekly), 54 (fortnightly) or 56 (four-weekly) pay day, which
// HMRC taxes on a week 1 basis: https://www.gov.uk/guidance/payroll-in-week-53-54-or-56
import { taxMonthOf, taxYearOf } from '@portal/shared/pay-insights/tax-year';

export type PayFrequency = 'weekly' | 'fortnightly' | 'four-weekly' | 'monthly';

const PAY_FREQUENCIES: readonly PayFrequency[] = ['weekly', 'fortnightly', 'four-weekly', 'monthly'];

/** A stored frequency as the payroll counts it; monthly for anything else (payslips stored before frequencies were). */
export function payFrequencyOf(stored: string | null | undefined): PayFrequency {
  return PAY_FREQUENCIES.find((frequency) => frequency === stored) ?? 'monthly';
}

/** Weeks in one pay period (0 for monthly, which is counted in months). */
export const WEEKS_IN_PERIOD: Record<PayFrequency, number> = { weekly: 1, fortnightly: 2, 'four-weekly': 4, monthly: 0 };

const DAY_MS = 86_400_000;

/** Tax week 1 (6 to 12 April) to 53 (5 April, and 4 April in a year with 29 February). */
export function taxWeekOf(isoDate: string): number {
  const start = Date.parse(`${taxYearOf(isoDate).start}T00:00:00Z`);
  const days = Math.round((Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) - start) / DAY_MS);
  return Math.floor(days / 7) + 1;
}

/**
 * Where a pay day stands in its tax year. `period` is what a payslip shows (month 1–12, week
 * 1–53, fortnight 1–27, four-week period 1–14). For Income Tax, `elapsed` of `perYear` parts of the
 * year have passed (months of 12, or weeks of 52), and `extra` marks the week 53, 54 or 56 pay day.
 */
export type PayPeriod = { period: number; elapsed: number; perYear: 12 | 52; periodLength: number; extra: boolean };

export function payPeriodOf(frequency: PayFrequency, payDate: string): PayPeriod {
  if (frequency === 'monthly') {
    const month = taxMonthOf(payDate);
    return { period: month, elapsed: month, perYear: 12, periodLength: 1, extra: false };
  }
  const weeks = WEEKS_IN_PERIOD[frequency];
  const period = Math.ceil(taxWeekOf(payDate) / weeks);
  const elapsed = period * weeks;
  return { period, elapsed, perYear: 52, periodLength: weeks, extra: elapsed > 52 };
}
