// Student loan and Postgraduate Loan repayments on one pay day: the plan's rate of earnings (as for
// National Insurance) over the pay period's threshold, rounded down to the pound. HMRC publishes the
// thresholds a year, a month and a week: the annual figure ÷ 12 and ÷ 52 to the penny below (Plan 2
// in 2025/26: £28,470, £2,372.50, £547.50); a fortnight and four weeks are ÷ 26 and ÷ 13 alike.
// https://www.gov.uk/guidance/special-rules-for-student-loans (and "Rates and thresholds for employers")
import type { PayFrequency } from './pay-periods';
import { rulesFor, type StudentLoanPlan } from './uk-rules';

const PERIODS_A_YEAR: Record<PayFrequency, number> = { weekly: 52, fortnightly: 26, 'four-weekly': 13, monthly: 12 };

/** The plan's threshold for one pay period, in pence (to the penny below). */
export function studentLoanThreshold(taxYear: string, plan: StudentLoanPlan, frequency: PayFrequency): number {
  const rule = rulesFor(taxYear).studentLoans[plan];
  if (!rule) throw new Error(`No ${plan} repayments in ${taxYear}`);
  return Math.floor((rule.threshold * 100) / PERIODS_A_YEAR[frequency]);
}

/** One pay day's repayment for a plan, in pence (whole pounds). */
export function studentLoanRepayment(taxYear: string, plan: StudentLoanPlan, frequency: PayFrequency, earningsPence: number): number {
  const { rate } = rulesFor(taxYear).studentLoans[plan] ?? { rate: 0 };
  const over = Math.max(0, earningsPence - studentLoanThreshold(taxYear, plan, frequency));
  return Math.floor((over * rate) / 100 / 100) * 100;
}

/** A payroll may collect one undergraduate plan and the Postgraduate Loan together, never two plans. */
export function checkLoanPlans(plans: StudentLoanPlan[]): void {
  const undergraduate = plans.filter((plan) => plan !== 'postgraduate');
  if (undergraduate.length > 1 || new Set(plans).size !== plans.length)
    throw new Error(`A payroll repays one plan and the Postgraduate Loan at most (got ${plans.join(', ')})`);
}
