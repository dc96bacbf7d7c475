// The wire's payslip as the pay-insights modules read it: pence, and deductions sorted into kinds by
// their names. A payslip published without earnings lines (as older ones were) has its gross pay stand
// as one line, so a change shows as 'Pay before deductions' with a neutral reason.
import type { Payslip } from '@portal/shared/api/types';
import type { YearPayslip } from '@portal/shared/pay-insights/tax-year';
import type { ComparablePayslip, DeductionKind } from '@portal/shared/pay-insights/what-changed';

const DEDUCTION_KINDS: Record<string, DeductionKind> = {
  'income tax': 'income-tax',
  'national insurance': 'national-insurance',
  pension: 'pension',
  'student loan': 'student-loan',
};

export const toPence = (pounds: number) => Math.round(pounds * 100);

/** A line's kind by its name; a student loan named with its plan ('Student Loan Plan 2') is a student loan (one P60 box holds plans 1, 2, 4 and 5; a Postgraduate Loan has its own). */
export function deductionKindOf(name: string): DeductionKind {
  const text = name.trim().toLowerCase();
  return DEDUCTION_KINDS[text] ?? (/^student loan\b/.test(text) ? 'student-loan' : 'other');
}

export function comparableFromPayslip(payslip: Payslip): ComparablePayslip {
  return {
    id: payslip.ID,
    payDate: payslip.payDate,
    taxCode: payslip.taxCode ?? '',
    niCategory: payslip.niCategory ?? '',
    earnings: payslip.earnings?.length
      ? payslip.earnings.map((line) => ({
          kind: line.kind,
          name: line.name,
          amountPence: toPence(line.amount),
          ...(line.hours === undefined ? {} : { hours: line.hours }),
          ...(line.rate === undefined ? {} : { ratePence: toPence(line.rate) }),
        }))
      : [{ kind: 'other', name: 'Pay before deductions', amountPence: toPence(payslip.grossPay) }],
    deductions: payslip.deductions.map((line) => ({ kind: deductionKindOf(line.name), name: line.name, amountPence: toPence(line.amount) })),
    netPence: toPence(payslip.netPay),
    taxablePence: payslip.taxablePay === undefined || payslip.taxablePay === null ? null : toPence(payslip.taxablePay),
    taxChange: payslip.taxChange ?? null,
  };
}

/** A payslip as the tax-year figures read it; taxable pay is gross less pension when not given. */
export function yearPayslipFromPayslip(payslip: Payslip): YearPayslip {
  const deductions = payslip.deductions.map((line) => ({ kind: deductionKindOf(line.name), name: line.name, amountPence: toPence(line.amount) }));
  const pension = deductions.filter((line) => line.kind === 'pension').reduce((sum, line) => sum + line.amountPence, 0);
  return {
    payDate: payslip.payDate,
    grossPence: toPence(payslip.grossPay),
    taxablePence: payslip.taxablePay === undefined || payslip.taxablePay === null ? toPence(payslip.grossPay) - pension : toPence(payslip.taxablePay),
    deductions,
    netPence: toPence(payslip.netPay),
  };
}
