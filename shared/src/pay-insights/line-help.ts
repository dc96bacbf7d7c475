// 'What is this?' for each line of a payslip, written for an employee. Matched by kind
// where the payslip gives one, else by the line's name; unknown lines get a general answer.
import { deductionKindOf } from '@portal/shared/pay-insights/from-payslip';
import type { DeductionKind, EarningKind } from '@portal/shared/pay-insights/what-changed';
import type { PayTextId, PayWords } from '@portal/shared/pay-insights/words';

const EARNING_HELP: Record<EarningKind, PayTextId> = {
  basic: 'earningBasic',
  overtime: 'earningOvertime',
  bonus: 'earningBonus',
  statutory: 'earningStatutory',
  other: 'earningOther',
};

const DEDUCTION_HELP: Record<Exclude<DeductionKind, 'pension' | 'student-loan'>, PayTextId> = {
  'income-tax': 'deductionIncomeTax',
  'national-insurance': 'deductionNationalInsurance',
  other: 'deductionOther',
};

// Student and Postgraduate Loans: 9% (6% for a Postgraduate Loan) of pay above the plan's
// threshold, taken by the employer for the Student Loans Company
// (https://www.gov.uk/repaying-your-student-loan/what-you-pay, https://www.gov.uk/repaying-your-student-loan/which-repayment-plan-you-are-on).
const LOAN_PLAN_HELP: Record<string, PayTextId> = {
  '1': 'loanPlan1',
  '2': 'loanPlan2',
  '4': 'loanPlan4',
  '5': 'loanPlan5',
  postgraduate: 'loanPostgraduate',
  unstated: 'loanUnstated',
};

/** Which loan a deduction's name repays: a plan number, 'postgraduate', 'unstated', 'unknown' (a plan the portal does not know), or null for no loan. */
export function loanPlanOf(name: string): string | null {
  const text = name.trim().toLowerCase();
  if (/post ?graduate|\bpgl\b/.test(text)) return 'postgraduate';
  if (!/student loan/.test(text)) return null;
  const plan = /plan\s*(\w+)/.exec(text)?.[1];
  if (!plan) return 'unstated';
  return LOAN_PLAN_HELP[plan] ? plan : 'unknown';
}

/** What the payslip shows of how a pension is taken: its pay before deductions, taxable pay and pension line (pence). */
export type PensionEvidence = { grossPence: number; taxablePence: number | null; pensionPence: number };

// The three ways a workplace pension is taken (https://www.gov.uk/tax-on-your-private-pension/pension-tax-relief,
// https://www.gov.uk/guidance/salary-sacrifice-and-the-effects-on-paye).
const PENSION_HELP = {
  'net-pay': 'pensionNetPay',
  'relief-at-source': 'pensionReliefAtSource',
  'salary-sacrifice': 'pensionSalarySacrifice',
  unstated: 'pensionUnstated',
} as const satisfies Record<string, PayTextId>;

/** How a pension line is taken, from its name or else from the payslip's figures; 'unstated' where neither says. */
export function pensionMethodOf(name: string, evidence?: PensionEvidence): keyof typeof PENSION_HELP {
  const text = name.trim().toLowerCase();
  if (/salary sacrifice|sal sac/.test(text)) return 'salary-sacrifice';
  if (/relief at source|\bras\b/.test(text)) return 'relief-at-source';
  if (/net pay/.test(text)) return 'net-pay';
  if (!evidence || evidence.taxablePence === null || evidence.pensionPence <= 0) return 'unstated';
  // Taxable pay that is pay less the contribution shows it was taken before tax; taxable pay equal to
  // the whole pay shows it was taken after tax.
  if (evidence.taxablePence === evidence.grossPence - evidence.pensionPence) return 'net-pay';
  if (evidence.taxablePence === evidence.grossPence) return 'relief-at-source';
  return 'unstated';
}

const OTHER_LINE_HELP: Record<string, PayTextId> = {
  'employer pension contribution': 'otherEmployerPension',
  'taxable pay to date': 'otherTaxablePayToDate',
  'tax paid to date': 'otherTaxPaidToDate',
};

export function earningHelp(kind: EarningKind, words: PayWords): string {
  return words.text(EARNING_HELP[kind]);
}

/** Help for a deduction by its name; a pension's method is read from the payslip's figures where its name does not say. */
export function deductionHelp(name: string, words: PayWords, pension?: PensionEvidence): string {
  const loan = loanPlanOf(name);
  if (loan) return words.text(LOAN_PLAN_HELP[loan] ?? 'unreadableLoanPlan');
  if (/pension/i.test(name)) return words.text(PENSION_HELP[pensionMethodOf(name, pension)]);
  const kind = deductionKindOf(name);
  return words.text(kind === 'pension' || kind === 'student-loan' ? DEDUCTION_HELP.other : DEDUCTION_HELP[kind]);
}

/** Help for a line of the 'Other' list, or null for a line the portal cannot explain. */
export function otherLineHelp(name: string, words: PayWords): string | null {
  const id = OTHER_LINE_HELP[name.trim().toLowerCase()];
  return id ? words.text(id) : null;
}

// What each National Insurance category letter means for the employee
// (https://www.gov.uk/national-insurance-rates-letters/category-letters,
// https://www.gov.uk/guidance/national-insurance-category-letters). The letters for freeports (F I L S)
// and investment zones (N E D K) mean the same for the employee as A, B, J and C; only the employer pays less.
const NI_CATEGORY_LETTERS = new Set('ABCHJMZVFILSNEDKX');

/** What a National Insurance category letter means for the employee; null for a letter the portal cannot read. */
export function niCategoryHelp(letter: string | null | undefined, words: PayWords): string | null {
  const code = typeof letter === 'string' ? letter.trim().toUpperCase() : '';
  return code.length === 1 && NI_CATEGORY_LETTERS.has(code) ? words.text(`niCategory${code}` as PayTextId) : null;
}
