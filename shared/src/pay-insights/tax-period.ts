// A payslip's tax period in words, as its payroll counts it: tax months for monthly pay, tax weeks
// (from 6 April) for weekly, fortnightly and four-weekly pay, with the extra week 53, fortnight 27
// or four-week period 14 pay day at the end of some years
// (https://www.gov.uk/guidance/payroll-in-week-53-54-or-56). Pure; used by screens and PDFs alike.
import { taxPeriodDates, taxYearOf, type TaxPeriodKind } from '@portal/shared/pay-insights/tax-year';
import type { PayTextId, PayWords } from '@portal/shared/pay-insights/words';

export type PayFrequency = 'weekly' | 'fortnightly' | 'four-weekly' | 'monthly';

const KIND_OF: Record<PayFrequency, TaxPeriodKind> = { weekly: 'week', fortnightly: 'fortnight', 'four-weekly': 'four-week', monthly: 'month' };
/** The catalog's select key for each frequency (ICU keys have no hyphens). */
const KEY_OF: Record<PayFrequency, string> = { weekly: 'weekly', fortnightly: 'fortnightly', 'four-weekly': 'fourWeekly', monthly: 'monthly' };
/** The period a full year of this pay ends on; one past it is the extra pay day. */
const PERIODS_A_YEAR: Record<PayFrequency, number> = { weekly: 52, fortnightly: 26, 'four-weekly': 13, monthly: 12 };

/** 'Week 53', 'Fortnight 3', 'Four-week period 2', 'Month 7'. */
export function taxPeriodName(frequency: PayFrequency | undefined, period: number, words: PayWords): string {
  return words.text('taxPeriodName', { frequency: KEY_OF[frequency ?? 'monthly'], period: String(period) });
}

/** '4 April 2024 to 5 April 2024', or '5 April 2024' for a one-day period; null for a period the year lacks. */
export function taxPeriodSpan(frequency: PayFrequency | undefined, payDate: string, period: number, words: PayWords): string | null {
  const dates = taxPeriodDates(taxYearOf(payDate), period, KIND_OF[frequency ?? 'monthly']);
  if (!dates) return null;
  if (dates.start === dates.end) return words.longDate(dates.start);
  return words.text('dateSpan', { start: words.longDate(dates.start), end: words.longDate(dates.end) });
}

/** Whether this is the extra pay day a year of weekly, fortnightly or four-weekly pay can end with. */
export function isExtraPayDay(frequency: PayFrequency | undefined, period: number): boolean {
  return period > PERIODS_A_YEAR[frequency ?? 'monthly'];
}

/**
 * What a payslip shows beside its period: the dates, and for weekly, fortnightly or four-weekly pay which
 * pay day of the payroll's year it is ('5 April 2025, the 53rd weekly pay day of the 2024 to 2025 tax year',
 * the tax year as gov.uk names it).
 */
export function taxPeriodDetail(frequency: PayFrequency | undefined, payDate: string, period: number, words: PayWords): string | null {
  const pay = frequency ?? 'monthly';
  const span = taxPeriodSpan(pay, payDate, period, words);
  if (pay === 'monthly' || !span) return span;
  const { startYear } = taxYearOf(payDate);
  return words.text('taxPeriodDetail', { span, period, frequency: KEY_OF[pay], startYear: String(startYear), endYear: String(startYear + 1) });
}

const EXPLANATION: Record<PayFrequency, PayTextId> = {
  monthly: 'explainMonth',
  weekly: 'explainWeek',
  fortnightly: 'explainFortnight',
  'four-weekly': 'explainFourWeek',
};
const EXTRA_PAY_DAY: Record<Exclude<PayFrequency, 'monthly'>, PayTextId> = {
  weekly: 'explainExtraWeek',
  fortnightly: 'explainExtraFortnight',
  'four-weekly': 'explainExtraFourWeek',
};

/** What the tax period means, in a sentence or three, for the 'What is this?' beside it. */
export function taxPeriodExplanation(frequency: PayFrequency | undefined, payDate: string, period: number, words: PayWords): string {
  const pay = frequency ?? 'monthly';
  const span = taxPeriodSpan(pay, payDate, period, words);
  const meaning = words.text(EXPLANATION[pay], { hasDates: span ? 'yes' : 'no', span: span ?? '' });
  if (pay === 'monthly' || !isExtraPayDay(pay, period)) return meaning;
  return `${meaning} ${words.text(EXTRA_PAY_DAY[pay])}`;
}

/** What a payslip pays for: 'October 2026' for monthly pay, 'Weekly pay, paid on 5 April 2024' otherwise. */
export function payPeriodWords(frequency: PayFrequency | undefined, payDate: string, words: PayWords): string {
  if (!frequency || frequency === 'monthly') return words.monthYear(payDate);
  return words.text('payPaidOn', { frequency: KEY_OF[frequency], date: words.longDate(payDate) });
}
