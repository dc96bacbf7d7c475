// 'What is this?' for each line of a payslip, written for an employee. Matched by kind
// where the payslip gives one, else by the line's name; unknown lines get a general answer.
import { deductionKindOf } from '@portal/shared/pay-insights/from-payslip';
import type { EarningKind } from '@portal/shared/pay-insights/what-changed';

const EARNING_HELP: Record<EarningKind, string> = {
  basic: 'Your salary or wages for this pay period, before anything is taken off.',
  overtime: 'Pay for hours you worked beyond your usual hours: the hours times the overtime rate.',
  bonus: 'A payment on top of your usual pay. It is taxed like the rest of your pay, so more tax may be taken this month.',
  statutory: 'Pay set by law, such as Statutory Sick Pay or Statutory Maternity Pay, paid to you by your employer.',
  other: 'Pay before anything is taken off. Ask your payroll team if you do not recognise it.',
};

const DEDUCTION_HELP: Record<string, string> = {
  'income-tax':
    'Tax on your pay, taken by your employer for HMRC (Pay As You Earn). How much depends on your tax code and on what you have been paid since 6 April.',
  'national-insurance':
    'Pays towards your State Pension and some benefits. It is a share of your pay above a monthly threshold, worked out on each payslip on its own, and does not depend on your tax code.',
  pension: 'Your own contribution to your workplace pension. It is taken before tax, so you pay less Income Tax.',
  'student-loan':
    "A repayment of your student loan: 9% of your pay above your plan's threshold. Your employer passes it to HMRC for the Student Loans Company.",
  other: 'An amount taken from your pay that you have agreed to, such as a scheme or a subscription. Ask your payroll team if you do not recognise it.',
};

const OTHER_LINE_HELP: Record<string, string> = {
  'employer pension contribution': 'What your employer pays into your pension on top of your pay. It is not taken from your pay.',
  'taxable pay to date': 'Your pay that Income Tax is worked out on, from 6 April up to and including this payslip.',
  'tax paid to date': 'The Income Tax taken from your pay from 6 April up to and including this payslip.',
};

export function earningHelp(kind: EarningKind): string {
  return EARNING_HELP[kind];
}

export function deductionHelp(name: string): string {
  return DEDUCTION_HELP[deductionKindOf(name)]!;
}

/** Help for a line of the 'Other' list, or null for a line the portal cannot explain. */
export function otherLineHelp(name: string): string | null {
  return OTHER_LINE_HELP[name.trim().toLowerCase()] ?? null;
}

export function niCategoryHelp(letter: string): string {
  const code = letter.trim().toUpperCase();
  if (code === 'A') return 'Category A is the standard National Insurance category for most employees.';
  return `Your National Insurance category is ${code}. The letter sets how much National Insurance you pay; ask your payroll team if you think it is wrong.`;
}
