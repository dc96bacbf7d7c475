// A payslip as a PDF page: the same figures and plain words as the payslip screen.
import { earningHelp } from '@portal/shared/pay-insights/line-help';
import { explainTaxCode } from '@portal/shared/pay-insights/tax-code';
import { payPeriodWords, taxPeriodDetail, taxPeriodName, type PayFrequency } from '@portal/shared/pay-insights/tax-period';
import type { EarningKind } from '@portal/shared/pay-insights/what-changed';
import { payWords } from '../../languages/pay-words';
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
  /** What the tax period counts; monthly when absent. */
  payFrequency?: PayFrequency;
  /** Pence; rate in pence an hour. */
  earnings?: { kind: EarningKind; name: string; amount: number; hours?: number; rate?: number }[];
  // Who issues it and under which references (migration 027); absent where the employer gave none.
  /** On one line, its lines joined by commas. */
  employerAddress?: string | null;
  payeReference?: string | null;
  payrollNumber?: string | null;
  /** As a reader knows it: 'Plan 2', 'Postgraduate Loan'. */
  studentLoanPlan?: string | null;
  /** The tax year so far, this payslip included (pence). */
  yearToDate?: { grossPence: number; taxablePence: number; incomeTaxPence: number; nationalInsurancePence: number } | null;
};

/** `explanations`: the plain words beside the tax code and each payment (the payslip screen's); a lender's pack leaves them out. */
export type PayslipDrawing = { explanations?: boolean };

export const payslipTitle = (p: PayslipForPdf) => `Payslip ${britishDate(p.payDate)}`;

/** Draws the payslip from the current page's top. */
export function drawPayslip(doc: Pdf, p: PayslipForPdf, { explanations = true }: PayslipDrawing = {}): void {
  header(doc, p.employerName, 'Payslip');
  // The document's labels are English; its explanations come from the screens' own catalog.
  const words = payWords('en');
  const taxCode = explainTaxCode(p.taxCode, words);
  if (p.employerAddress) note(doc, p.employerAddress);
  if (p.payeReference) row(doc, 'Employer PAYE reference', p.payeReference);
  row(doc, 'Employee', p.employeeName);
  if (p.payrollNumber) row(doc, 'Payroll number', p.payrollNumber);
  row(doc, 'Pay date', britishDate(p.payDate));
  row(doc, 'Pay period', payPeriodWords(p.payFrequency, p.payDate, words));
  if (p.taxPeriod) row(doc, 'Tax period', taxPeriodName(p.payFrequency, p.taxPeriod, words));
  // Weekly, fortnightly or four-weekly pay: which pay day of the year, so a week 53 reads as one.
  const detail = p.taxPeriod && p.payFrequency && p.payFrequency !== 'monthly' ? taxPeriodDetail(p.payFrequency, p.payDate, p.taxPeriod, words) : null;
  if (detail) note(doc, detail);
  row(doc, 'National Insurance number', p.niNumber);
  if (p.niCategory) row(doc, 'National Insurance category letter', p.niCategory);
  row(doc, 'Tax code', taxCode.code);
  if (p.studentLoanPlan) row(doc, 'Student loan plan', p.studentLoanPlan);
  if (explanations) {
    // The same plain words as the payslip screen's 'What is this?'.
    note(doc, [taxCode.summary, ...taxCode.details].join(' '));
    if (taxCode.emergency && taxCode.advice) note(doc, `Emergency tax code: ${taxCode.advice}`);
  }
  section(doc, 'Payments');
  for (const line of p.earnings ?? []) {
    const hourly = line.hours !== undefined && line.rate !== undefined ? ` (${line.hours} hours × ${gbp(line.rate)})` : '';
    row(doc, `${line.name}${hourly}`, gbp(line.amount));
    if (explanations) note(doc, earningHelp(line.kind, words));
  }
  row(doc, 'Gross pay', gbp(p.grossPence), Boolean(p.earnings?.length));
  section(doc, 'Deductions');
  for (const d of p.deductions) {
    if (d.name === 'Income Tax' || d.name === 'National Insurance' || d.amount > 0) row(doc, d.name, gbp(d.amount));
  }
  row(doc, 'Total deductions', gbp(p.totalDeductionsPence), true);
  section(doc, 'Take-home pay');
  row(doc, 'Net pay', gbp(p.netPence), true);
  // The year-to-date section below says what an 'X to date' line would.
  const other = p.yearToDate ? p.other.filter((o) => !/ to date$/i.test(o.name)) : p.other;
  if (other.length) {
    section(doc, 'Other');
    for (const o of other) row(doc, o.name, gbp(o.amount));
  }
  if (p.yearToDate) {
    section(doc, 'Tax year to date');
    row(doc, 'Gross pay', gbp(p.yearToDate.grossPence));
    row(doc, 'Taxable pay', gbp(p.yearToDate.taxablePence));
    row(doc, 'Income Tax', gbp(p.yearToDate.incomeTaxPence));
    row(doc, 'National Insurance', gbp(p.yearToDate.nationalInsurancePence));
  }
  footer(doc, 'Your net pay is paid into the bank account you gave your employer. Contact your payroll team if anything on this payslip looks wrong.');
}
