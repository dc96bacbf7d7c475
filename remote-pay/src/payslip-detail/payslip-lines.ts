// Which lines of a payslip the detail shows (spec section 2): 'Deductions' always lists Income Tax
// and National Insurance (at £0.00 if the data lacks them) and any other deduction above 0.
import type { Payslip, PayslipLine } from '@portal/shared/api/types';
import { toPence } from '@portal/shared/pay-insights/from-payslip';
import type { PensionEvidence } from '@portal/shared/pay-insights/line-help';

const ALWAYS_SHOWN_DEDUCTIONS = ['Income Tax', 'National Insurance'] as const;

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function visibleDeductions(deductions: readonly PayslipLine[]): PayslipLine[] {
  const always = ALWAYS_SHOWN_DEDUCTIONS.map((name) => deductions.find((line) => sameName(line.name, name)) ?? { name, amount: 0 });
  const others = deductions.filter((line) => !ALWAYS_SHOWN_DEDUCTIONS.some((name) => sameName(line.name, name)) && line.amount > 0);
  return [...always, ...others];
}

/** The payslips either side of `id` in a newest-first list: previous is older, next is newer. */
export function neighbours(payslips: readonly Payslip[], id: string): { previous?: Payslip; next?: Payslip } {
  const index = payslips.findIndex((payslip) => payslip.ID === id);
  if (index < 0) return {};
  return { previous: payslips[index + 1], next: index > 0 ? payslips[index - 1] : undefined };
}

/** What a payslip's figures show of how its pension is taken: pay, taxable pay (null when not published) and the pension lines (pence). */
export function pensionEvidenceOf(payslip: Payslip): PensionEvidence {
  const pensionPence = payslip.deductions.filter((line) => /pension/i.test(line.name)).reduce((total, line) => total + toPence(line.amount), 0);
  const taxable = payslip.taxablePay;
  return { grossPence: toPence(payslip.grossPay), taxablePence: typeof taxable === 'number' ? toPence(taxable) : null, pensionPence };
}
