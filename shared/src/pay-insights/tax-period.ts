// A payslip's tax period in words, as its payroll counts it: tax months for monthly pay, tax weeks
// (from 6 April) for weekly, fortnightly and four-weekly pay, with the extra week 53, fortnight 27
// or four-week period 14 pay day at the end of some years
// (https://www.gov.uk/guidance/payroll-in-week-53-54-or-56). Pure; used by screens and PDFs alike.
import { formatLongDate } from '@portal/shared/format';
import { taxPeriodDates, taxYearOf, type TaxPeriodKind } from '@portal/shared/pay-insights/tax-year';

export type PayFrequency = 'weekly' | 'fortnightly' | 'four-weekly' | 'monthly';

const KIND_OF: Record<PayFrequency, TaxPeriodKind> = { weekly: 'week', fortnightly: 'fortnight', 'four-weekly': 'four-week', monthly: 'month' };
const NAME_OF: Record<PayFrequency, string> = { weekly: 'Week', fortnightly: 'Fortnight', 'four-weekly': 'Four-week period', monthly: 'Month' };
/** The period a full year of this pay ends on; one past it is the extra pay day. */
const PERIODS_A_YEAR: Record<PayFrequency, number> = { weekly: 52, fortnightly: 26, 'four-weekly': 13, monthly: 12 };

/** 'Week 53', 'Fortnight 3', 'Four-week period 2', 'Month 7'. */
export function taxPeriodName(frequency: PayFrequency | undefined, period: number): string {
  return `${NAME_OF[frequency ?? 'monthly']} ${period}`;
}

const ordinal = (n: number) => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
};

/** '2023 to 2024': a tax year as gov.uk names it. */
const taxYearWords = (payDate: string) => {
  const { startYear } = taxYearOf(payDate);
  return `${startYear} to ${startYear + 1}`;
};

/** '4 April 2024 to 5 April 2024', or '5 April 2024' for a one-day period; null for a period the year lacks. */
export function taxPeriodSpan(frequency: PayFrequency | undefined, payDate: string, period: number): string | null {
  const dates = taxPeriodDates(taxYearOf(payDate), period, KIND_OF[frequency ?? 'monthly']);
  if (!dates) return null;
  return dates.start === dates.end ? formatLongDate(dates.start) : `${formatLongDate(dates.start)} to ${formatLongDate(dates.end)}`;
}

/** Whether this is the extra pay day a year of weekly, fortnightly or four-weekly pay can end with. */
export function isExtraPayDay(frequency: PayFrequency | undefined, period: number): boolean {
  return period > PERIODS_A_YEAR[frequency ?? 'monthly'];
}

/**
 * What a payslip shows beside its period: the dates, and for weekly, fortnightly or four-weekly pay which
 * pay day of the payroll's year it is ('5 April 2025, the 53rd weekly pay day of the 2024 to 2025 tax year').
 */
export function taxPeriodDetail(frequency: PayFrequency | undefined, payDate: string, period: number): string | null {
  const pay = frequency ?? 'monthly';
  const span = taxPeriodSpan(pay, payDate, period);
  if (pay === 'monthly' || !span) return span;
  return `${span}, the ${ordinal(period)} ${pay} pay day of the ${taxYearWords(payDate)} tax year`;
}

/** What the tax period means, in a sentence or three, for the 'What is this?' beside it. */
export function taxPeriodExplanation(frequency: PayFrequency | undefined, payDate: string, period: number): string {
  const pay = frequency ?? 'monthly';
  const span = taxPeriodSpan(pay, payDate, period);
  if (pay === 'monthly') {
    return `The month of the tax year this payslip belongs to${span ? `: ${span}` : ''}. The tax year starts on 6 April, so month 1 is 6 April to 5 May and month 12 is 6 March to 5 April.`;
  }
  const unit = NAME_OF[pay].toLowerCase();
  const first = `The ${unit} of the tax year this payslip belongs to${span ? `: ${span}` : ''}.`;
  const counting = `Weeks are counted from 6 April, so week 1 is 6 to 12 April${pay === 'weekly' ? '' : ` and ${unit} 1 starts on 6 April`}.`;
  if (!isExtraPayDay(pay, period)) return `${first} ${counting}`;
  return `${first} ${counting} A tax year is 52 weeks and a day (two in a leap year), so a year with a ${pay} pay day on 5 April (or on 4 or 5 April in a leap year) has an extra ${unit}. The tax on it is worked out on its own, with one ${unit}'s share of the tax-free allowance, not with the year so far.`;
}

const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const PAY_NAME: Record<Exclude<PayFrequency, 'monthly'>, string> = { weekly: 'Weekly', fortnightly: 'Fortnightly', 'four-weekly': 'Four-weekly' };

/** What a payslip pays for: 'October 2026' for monthly pay, 'Weekly pay, paid on 5 April 2024' otherwise. */
export function payPeriodWords(frequency: PayFrequency | undefined, payDate: string): string {
  if (!frequency || frequency === 'monthly') return monthYear.format(new Date(`${payDate.slice(0, 10)}T00:00:00Z`));
  return `${PAY_NAME[frequency]} pay, paid on ${formatLongDate(payDate)}`;
}
