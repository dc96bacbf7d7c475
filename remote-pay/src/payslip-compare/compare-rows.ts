// The rows of two payslips side by side: pay, each deduction either of them has (in the order they
// appear, matched by name without case), total deductions and net pay, with the difference.
import type { Payslip } from '@portal/shared/api/types';

/** `kind`: a payslip-wide figure (whose label the page words) or one deduction line (labelled by its name). */
export type CompareRow = { kind: 'gross' | 'deduction' | 'totalDeductions' | 'net'; label: string; first: number; second: number; difference: number };

const key = (name: string) => name.trim().toLowerCase();
const pence = (pounds: number) => Math.round(pounds * 100);
const row = (kind: CompareRow['kind'], label: string, first: number, second: number): CompareRow => ({
  kind,
  label,
  first,
  second,
  difference: (pence(second) - pence(first)) / 100,
});

export function compareRows(first: Payslip, second: Payslip): CompareRow[] {
  const names = new Map<string, string>();
  for (const line of [...first.deductions, ...second.deductions]) if (!names.has(key(line.name))) names.set(key(line.name), line.name);
  const amountOf = (payslip: Payslip, wanted: string) =>
    payslip.deductions.filter((line) => key(line.name) === wanted).reduce((sum, line) => sum + line.amount, 0);
  return [
    row('gross', 'Gross pay', first.grossPay, second.grossPay),
    ...[...names].map(([wanted, label]) => row('deduction', label, amountOf(first, wanted), amountOf(second, wanted))),
    row('totalDeductions', 'Total deductions', first.totalDeductions, second.totalDeductions),
    row('net', 'Net pay', first.netPay, second.netPay),
  ];
}

/** Orders two payslips by pay date, older first, so differences read as 'since'. */
export function olderFirst(a: Payslip, b: Payslip): [Payslip, Payslip] {
  return a.payDate <= b.payDate ? [a, b] : [b, a];
}
