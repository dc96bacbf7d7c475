// A payslip as a PDF page: the same figures and plain words as the payslip screen.
import { earningHelp } from '@portal/shared/pay-insights/line-help';
import { explainTaxCode } from '@portal/shared/pay-insights/tax-code';
import type { EarningKind } from '@portal/shared/pay-insights/what-changed';
import { britishDate, gbp } from '../format';
import { footer, header, note, row, section } from './layout';
import type { Pdf } from './layout';

export type PayslipForPdf = {
  employerName: string;
  employeeName: string;
  niNumber: string;
  taxCode: string;
  payDate: string;
  grossPence: number;
  totalDeductionsPence: number;
  netPence: number;
  deductions: { name: string; amount: number }[];
  other: { name: string; amount: number }[];
  // The details that explain a payslip; absent on payslips published without them.
  niCategory?: string | null;
  taxPeriod?: number | null;
  /** Pence; rate in pence an hour. */
  earnings?: { kind: EarningKind; name: string; amount: number; hours?: number; rate?: number }[];
};

const payPeriod = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export const payslipTitle = (p: PayslipForPdf) => `Payslip ${britishDate(p.payDate)}`;

/** Draws the payslip from the current page's top. */
export function drawPayslip(doc: Pdf, p: PayslipForPdf): void {
  header(doc, p.employerName, 'Payslip');
  const taxCode = explainTaxCode(p.taxCode);
  row(doc, 'Employee', p.employeeName);
  row(doc, 'Pay date', britishDate(p.payDate));
  row(doc, 'Pay period', payPeriod.format(new Date(`${p.payDate.slice(0, 10)}T00:00:00Z`)));
  if (p.taxPeriod) row(doc, 'Tax period', `Month ${p.taxPeriod}`);
  row(doc, 'National Insurance number', p.niNumber);
  if (p.niCategory) row(doc, 'National Insurance category', p.niCategory);
  row(doc, 'Tax code', taxCode.code);
  // The same plain words as the payslip screen's 'What is this?'.
  note(doc, [taxCode.summary, ...taxCode.details].join(' '));
  if (taxCode.emergency && taxCode.advice) note(doc, `Emergency tax code: ${taxCode.advice}`);
  section(doc, 'Payments');
  for (const line of p.earnings ?? []) {
    const hourly = line.hours !== undefined && line.rate !== undefined ? ` (${line.hours} hours × ${gbp(line.rate)})` : '';
    row(doc, `${line.name}${hourly}`, gbp(line.amount));
    note(doc, earningHelp(line.kind));
  }
  row(doc, 'Gross pay', gbp(p.grossPence), Boolean(p.earnings?.length));
  section(doc, 'Deductions');
  for (const d of p.deductions) {
    if (d.name === 'Income Tax' || d.name === 'National Insurance' || d.amount > 0) row(doc, d.name, gbp(d.amount));
  }
  row(doc, 'Total deductions', gbp(p.totalDeductionsPence), true);
  section(doc, 'Take-home pay');
  row(doc, 'Net pay', gbp(p.netPence), true);
  if (p.other.length) {
    section(doc, 'Other');
    for (const o of p.other) row(doc, o.name, gbp(o.amount));
  }
  footer(doc, 'Your net pay is paid into the bank account you gave your employer. Contact your payroll team if anything on this payslip looks wrong.');
}
