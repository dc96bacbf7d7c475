// A payslip as a PDF page: the same figures and plain words as the payslip screen.
import { earningHelp } from '@portal/shared/pay-insights/line-help';
import { explainTaxCode } from '@portal/shared/pay-insights/tax-code';
import { payPeriodWords, taxPeriodDetail, taxPeriodName, type PayFrequency } from '@portal/shared/pay-insights/tax-period';
import type { EarningKind } from '@portal/shared/pay-insights/what-changed';
import type { Language } from '../../languages/language';
import { payWords } from '../../languages/pay-words';
import { gbp } from '../format';
import { footer, header, note, row, section } from './layout';
import type { Pdf } from './layout';
import { pdfTexts } from './pdf-texts';

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
export type PayslipDrawing = { explanations?: boolean; language?: Language };

export const payslipTitle = (p: PayslipForPdf, language: Language = 'en') =>
  pdfTexts(language)('payslipTitle', { date: payWords(language).longDate(p.payDate) });

/** Draws the payslip from the current page's top. */
export function drawPayslip(doc: Pdf, p: PayslipForPdf, { explanations = true, language = 'en' }: PayslipDrawing = {}): void {
  // The labels are the PDF's own texts; the explanations are the screens' (the same catalog).
  const t = pdfTexts(language);
  const words = payWords(language);
  const date = (iso: string) => words.longDate(iso);
  header(doc, p.employerName, t('payslip'));
  const taxCode = explainTaxCode(p.taxCode, words);
  if (p.employerAddress) note(doc, p.employerAddress);
  if (p.payeReference) row(doc, t('employerPayeReference'), p.payeReference);
  row(doc, t('employee'), p.employeeName);
  if (p.payrollNumber) row(doc, t('payrollNumber'), p.payrollNumber);
  row(doc, t('payDate'), date(p.payDate));
  row(doc, t('payPeriod'), payPeriodWords(p.payFrequency, p.payDate, words));
  if (p.taxPeriod) row(doc, t('taxPeriod'), taxPeriodName(p.payFrequency, p.taxPeriod, words));
  // Weekly, fortnightly or four-weekly pay: which pay day of the year, so a week 53 reads as one.
  const detail = p.taxPeriod && p.payFrequency && p.payFrequency !== 'monthly' ? taxPeriodDetail(p.payFrequency, p.payDate, p.taxPeriod, words) : null;
  if (detail) note(doc, detail);
  row(doc, t('niNumber'), p.niNumber);
  if (p.niCategory) row(doc, t('niCategory'), p.niCategory);
  row(doc, t('taxCode'), taxCode.code);
  if (p.studentLoanPlan) row(doc, t('studentLoanPlan'), p.studentLoanPlan);
  if (explanations) {
    // The same plain words as the payslip screen's 'What is this?'.
    note(doc, [taxCode.summary, ...taxCode.details].join(' '));
    if (taxCode.emergency && taxCode.advice) note(doc, t('emergencyCode', { advice: taxCode.advice }));
  }
  section(doc, t('payments'));
  for (const line of p.earnings ?? []) {
    const hourly = line.hours !== undefined && line.rate !== undefined;
    row(doc, hourly ? t('hourly', { line: line.name, hours: String(line.hours), rate: gbp(line.rate!) }) : line.name, gbp(line.amount));
    if (explanations) note(doc, earningHelp(line.kind, words));
  }
  row(doc, t('grossPay'), gbp(p.grossPence), Boolean(p.earnings?.length));
  section(doc, t('deductions'));
  for (const d of p.deductions) {
    if (d.name === 'Income Tax' || d.name === 'National Insurance' || d.amount > 0) row(doc, d.name, gbp(d.amount));
  }
  row(doc, t('totalDeductions'), gbp(p.totalDeductionsPence), true);
  section(doc, t('takeHomePay'));
  row(doc, t('netPay'), gbp(p.netPence), true);
  // The year-to-date section below says what an 'X to date' line would.
  const other = p.yearToDate ? p.other.filter((o) => !/ to date$/i.test(o.name)) : p.other;
  if (other.length) {
    section(doc, t('other'));
    for (const o of other) row(doc, o.name, gbp(o.amount));
  }
  if (p.yearToDate) {
    section(doc, t('taxYearToDate'));
    row(doc, t('grossPay'), gbp(p.yearToDate.grossPence));
    row(doc, t('taxablePay'), gbp(p.yearToDate.taxablePence));
    row(doc, t('incomeTax'), gbp(p.yearToDate.incomeTaxPence));
    row(doc, t('nationalInsurance'), gbp(p.yearToDate.nationalInsurancePence));
  }
  footer(doc, t('footer'));
}
