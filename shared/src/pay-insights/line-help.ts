// 'What is this?' for each line of a payslip, written for an employee. Matched by kind
// where the payslip gives one, else by the line's name; unknown lines get a general answer.
import { deductionKindOf } from '@portal/shared/pay-insights/from-payslip';
import type { DeductionKind, EarningKind } from '@portal/shared/pay-insights/what-changed';

const EARNING_HELP: Record<EarningKind, string> = {
  basic: 'Your salary or wages for this pay period, before anything is taken off.',
  overtime: 'Pay for hours you worked beyond your usual hours: the hours times the overtime rate.',
  bonus: 'A payment on top of your usual pay. It is taxed like the rest of your pay, so more tax may be taken this month.',
  statutory: 'Pay set by law, such as Statutory Sick Pay or Statutory Maternity Pay, paid to you by your employer.',
  other: 'Pay before anything is taken off. Ask your payroll team if you do not recognise it.',
};

const DEDUCTION_HELP: Record<Exclude<DeductionKind, 'pension' | 'student-loan'>, string> = {
  'income-tax':
    'Tax on your pay, taken by your employer for HMRC (Pay As You Earn). How much depends on your tax code and on what you have been paid since 6 April.',
  'national-insurance':
    'Pays towards your State Pension and some benefits. It is a share of your pay above the threshold for your pay period (a week, a month…), worked out on each payslip on its own, and does not depend on your tax code.',
  other: 'An amount taken from your pay that you have agreed to, such as a scheme or a subscription. Ask your payroll team if you do not recognise it.',
};

export const UNREADABLE_LOAN_PLAN = "We can't explain this plan; ask your payroll team.";

// Student and Postgraduate Loans: 9% (6% for a Postgraduate Loan) of pay above the plan's
// threshold, taken by the employer for the Student Loans Company
// (https://www.gov.uk/repaying-your-student-loan/what-you-pay, https://www.gov.uk/repaying-your-student-loan/which-repayment-plan-you-are-on).
const LOAN_PLAN_HELP: Record<string, string> = {
  '1': 'A repayment of your Plan 1 student loan (usually a course in England or Wales that started before September 2012, or in Northern Ireland): 9% of your pay above the Plan 1 threshold, so nothing is taken when your pay is under it. Your employer passes it to HMRC for the Student Loans Company.',
  '2': 'A repayment of your Plan 2 student loan (usually a course in England or Wales that started from September 2012 to July 2023): 9% of your pay above the Plan 2 threshold, so nothing is taken when your pay is under it. Your employer passes it to HMRC for the Student Loans Company.',
  '4': 'A repayment of your Plan 4 student loan (a course in Scotland): 9% of your pay above the Plan 4 threshold, so nothing is taken when your pay is under it. Your employer passes it to HMRC for the Student Loans Company.',
  '5': 'A repayment of your Plan 5 student loan (a course in England that started from August 2023): 9% of your pay above the Plan 5 threshold, so nothing is taken when your pay is under it. Your employer passes it to HMRC for the Student Loans Company.',
  postgraduate:
    "A repayment of your Postgraduate Loan (a master's or doctoral loan): 6% of your pay above the Postgraduate Loan threshold, so nothing is taken when your pay is under it. It is taken as well as any student loan plan. Your employer passes it to HMRC for the Student Loans Company.",
  unstated:
    'A repayment of your student loan: 9% of your pay above the threshold of your repayment plan (Plan 1, 2, 4 or 5), so nothing is taken when your pay is under it. Your employer passes it to HMRC for the Student Loans Company.',
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
  'net-pay':
    'Your own contribution to your workplace pension, taken before tax (a net pay arrangement): your pay is taxed after it is taken off, so you get tax relief straight away. You still pay National Insurance on it.',
  'relief-at-source':
    'Your own contribution to your workplace pension, taken after tax (relief at source): your pension scheme claims 20% basic-rate tax relief from HMRC and adds it to your pension. If you pay a higher rate, you can claim the rest from HMRC.',
  'salary-sacrifice':
    'Your pension under salary sacrifice: you give up part of your pay and your employer pays it into your pension, so your pay is reduced before tax and National Insurance and you pay less of both.',
  unstated:
    'Your own contribution to your workplace pension. This payslip does not say how your scheme takes it: under a net pay arrangement it is taken before tax; under relief at source it is taken after tax and the scheme claims 20% basic-rate tax relief from HMRC for you; under salary sacrifice your pay is reduced before tax and National Insurance. Your payroll team can tell you which yours is.',
} as const;

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

const OTHER_LINE_HELP: Record<string, string> = {
  'employer pension contribution': 'What your employer pays into your pension on top of your pay. It is not taken from your pay.',
  'taxable pay to date': 'Your pay that Income Tax is worked out on, from 6 April up to and including this payslip.',
  'tax paid to date': 'The Income Tax taken from your pay from 6 April up to and including this payslip.',
};

export function earningHelp(kind: EarningKind): string {
  return EARNING_HELP[kind];
}

/** Help for a deduction by its name; a pension's method is read from the payslip's figures where its name does not say. */
export function deductionHelp(name: string, pension?: PensionEvidence): string {
  const loan = loanPlanOf(name);
  if (loan) return LOAN_PLAN_HELP[loan] ?? UNREADABLE_LOAN_PLAN;
  if (/pension/i.test(name)) return PENSION_HELP[pensionMethodOf(name, pension)];
  const kind = deductionKindOf(name);
  return kind === 'pension' || kind === 'student-loan' ? DEDUCTION_HELP.other : DEDUCTION_HELP[kind];
}

/** Help for a line of the 'Other' list, or null for a line the portal cannot explain. */
export function otherLineHelp(name: string): string | null {
  return OTHER_LINE_HELP[name.trim().toLowerCase()] ?? null;
}

export const UNREADABLE_NI_CATEGORY = "We can't explain this letter; ask your payroll team.";

// What each National Insurance category letter means for the employee
// (https://www.gov.uk/national-insurance-rates-letters/category-letters,
// https://www.gov.uk/guidance/national-insurance-category-letters). The letters for freeports (F I L S)
// and investment zones (N E D K) mean the same for the employee as A, B, J and C; only the employer pays less.
const SAME_AS_A = 'you pay the same National Insurance as most employees (category A)';
const REDUCED = 'you pay a reduced rate, because you are a married woman or widow who chose it before April 1977';
const DEFERRED = 'you pay only 2%, because you already pay National Insurance in another job and have deferred it here';
const OVER_PENSION_AGE = 'you pay no employee National Insurance, because you are over State Pension age';
const EMPLOYER_RELIEF = 'your employer pays less on your pay';
const NI_CATEGORY_HELP: Record<string, string> = {
  A: 'Category A is the standard category for most employees: you pay National Insurance on your pay above the threshold.',
  B: `Category B: ${REDUCED}.`,
  C: `Category C: ${OVER_PENSION_AGE}. Your employer still pays theirs.`,
  H: `Category H is for apprentices under 25: ${SAME_AS_A}; your employer pays none on your pay up to a limit.`,
  J: `Category J: ${DEFERRED}.`,
  M: `Category M is for employees under 21: ${SAME_AS_A}; your employer pays none on your pay up to a limit.`,
  Z: `Category Z is for employees under 21 who have deferred: ${DEFERRED}.`,
  V: `Category V is for veterans in their first civilian job since leaving the armed forces: ${SAME_AS_A}; your employer pays none on your pay up to a limit for the first year.`,
  F: `Category F is for employees at a freeport: ${SAME_AS_A}; ${EMPLOYER_RELIEF}.`,
  I: `Category I is for employees at a freeport: ${REDUCED}.`,
  L: `Category L is for employees at a freeport: ${DEFERRED}.`,
  S: `Category S is for employees at a freeport: ${OVER_PENSION_AGE}.`,
  N: `Category N is for employees in an investment zone: ${SAME_AS_A}; ${EMPLOYER_RELIEF}.`,
  E: `Category E is for employees in an investment zone: ${REDUCED}.`,
  D: `Category D is for employees in an investment zone: ${DEFERRED}.`,
  K: `Category K is for employees in an investment zone: ${OVER_PENSION_AGE}.`,
  X: 'Category X: you do not pay National Insurance, for example because you are under 16.',
};

/** What a National Insurance category letter means for the employee; a plain note for one the portal cannot read. */
export function niCategoryHelp(letter: string | null | undefined): string {
  const code = typeof letter === 'string' ? letter.trim().toUpperCase() : '';
  return NI_CATEGORY_HELP[code] ?? UNREADABLE_NI_CATEGORY;
}
