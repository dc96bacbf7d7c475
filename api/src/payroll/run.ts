// A monthly payroll of one employment under the real UK rules of each tax year it covers: earnings
// lines (salary, overtime, bonus) that add up to gross pay, pension under a net-pay arrangement,
// PAYE, employee NI and a student loan, and the year-to-date figures a payslip and a P60 show.
// Pure and in pence, so the demo data (and any test of it) can be recomputed from its inputs.
import { incomeTaxForMonth, nationalInsuranceForMonth, studentLoanForMonth } from './paye';
import { taxMonthOf, taxYearOf, type StudentLoanPlan } from './uk-rules';

export type EarningLine = { kind: 'basic' | 'overtime' | 'bonus'; name: string; amountPence: number; hours?: number; ratePence?: number };
export type DeductionLine = { kind: 'income-tax' | 'national-insurance' | 'pension' | 'student-loan'; name: string; amountPence: number };

export type PayrollPlan = {
  /** Calendar month of the first payment; pay day is the last working day of each month. */
  firstPayMonth: { year: number; month: number };
  months: number;
  /** Salary a year on that pay day. */
  annualSalaryPence: (payDate: string) => number;
  /** The tax code in force on that pay day ('1257L', '1257L M1', …). */
  taxCode: (payDate: string) => string;
  overtime?: (payDate: string) => { hours: number; ratePence: number } | null;
  bonusPence?: (payDate: string) => number;
  studentLoan: StudentLoanPlan | null;
  /** Shares of gross pay: the employee's (deducted before tax) and the employer's. */
  pensionRate: number;
  employerPensionRate: number;
};

export type YearToDate = {
  grossPence: number;
  taxablePence: number;
  incomeTaxPence: number;
  nationalInsurancePence: number;
  pensionPence: number;
  studentLoanPence: number;
  netPence: number;
};

export type PayrollPayslip = {
  payDate: string;
  taxYear: string;
  /** Tax month 1–12. */
  taxPeriod: number;
  taxCode: string;
  niCategory: 'A';
  earnings: EarningLine[];
  grossPence: number;
  taxablePence: number;
  deductions: DeductionLine[];
  totalDeductionsPence: number;
  netPence: number;
  employerPensionPence: number;
  /** This employment's figures from the start of the tax year to this payslip, inclusive. */
  yearToDate: YearToDate;
};

/** Last Monday-to-Friday of a month (1-based), as 'YYYY-MM-DD'. */
export function lastWorkingDay(year: number, month: number): string {
  const date = new Date(Date.UTC(year, month, 0));
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

const EMPTY_YEAR: YearToDate = {
  grossPence: 0,
  taxablePence: 0,
  incomeTaxPence: 0,
  nationalInsurancePence: 0,
  pensionPence: 0,
  studentLoanPence: 0,
  netPence: 0,
};

function earningsOn(plan: PayrollPlan, payDate: string): EarningLine[] {
  const lines: EarningLine[] = [{ kind: 'basic', name: 'Basic pay', amountPence: Math.round(plan.annualSalaryPence(payDate) / 12) }];
  const overtime = plan.overtime?.(payDate);
  if (overtime) lines.push({ kind: 'overtime', name: 'Overtime', amountPence: Math.round(overtime.hours * overtime.ratePence), ...overtime });
  const bonus = plan.bonusPence?.(payDate) ?? 0;
  if (bonus > 0) lines.push({ kind: 'bonus', name: 'Bonus', amountPence: bonus });
  return lines;
}

export function runPayroll(plan: PayrollPlan): PayrollPayslip[] {
  const payslips: PayrollPayslip[] = [];
  let ytd = EMPTY_YEAR;
  for (let index = 0; index < plan.months; index += 1) {
    const monthIndex = plan.firstPayMonth.month - 1 + index;
    const payDate = lastWorkingDay(plan.firstPayMonth.year + Math.floor(monthIndex / 12), (monthIndex % 12) + 1);
    const taxYear = taxYearOf(payDate);
    if (payslips.at(-1)?.taxYear !== taxYear) ytd = EMPTY_YEAR;

    const taxCode = plan.taxCode(payDate);
    const earnings = earningsOn(plan, payDate);
    const gross = earnings.reduce((sum, line) => sum + line.amountPence, 0);
    const pension = Math.round(gross * plan.pensionRate);
    const taxable = gross - pension;
    const tax = incomeTaxForMonth({
      taxYear,
      taxMonth: taxMonthOf(payDate),
      taxCode,
      taxablePayPence: taxable,
      previousTaxablePayToDatePence: ytd.taxablePence,
      previousTaxToDatePence: ytd.incomeTaxPence,
    });
    const ni = nationalInsuranceForMonth(taxYear, payDate, gross);
    const loan = plan.studentLoan ? studentLoanForMonth(taxYear, plan.studentLoan, gross) : 0;
    const deductions: DeductionLine[] = [
      { kind: 'income-tax', name: 'Income Tax', amountPence: tax },
      { kind: 'national-insurance', name: 'National Insurance', amountPence: ni },
      { kind: 'pension', name: 'Pension', amountPence: pension },
      ...(plan.studentLoan ? [{ kind: 'student-loan' as const, name: 'Student Loan', amountPence: loan }] : []),
    ];
    const totalDeductions = tax + ni + pension + loan;
    const net = gross - totalDeductions;
    ytd = {
      grossPence: ytd.grossPence + gross,
      taxablePence: ytd.taxablePence + taxable,
      incomeTaxPence: ytd.incomeTaxPence + tax,
      nationalInsurancePence: ytd.nationalInsurancePence + ni,
      pensionPence: ytd.pensionPence + pension,
      studentLoanPence: ytd.studentLoanPence + loan,
      netPence: ytd.netPence + net,
    };
    payslips.push({
      payDate,
      taxYear,
      taxPeriod: taxMonthOf(payDate),
      taxCode,
      niCategory: 'A',
      earnings,
      grossPence: gross,
      taxablePence: taxable,
      deductions,
      totalDeductionsPence: totalDeductions,
      netPence: net,
      employerPensionPence: Math.round(gross * plan.employerPensionRate),
      yearToDate: ytd,
    });
  }
  return payslips;
}

/** What a P60 states for one tax year of this employment: its last payslip's year-to-date figures. */
export function p60Of(payslips: PayrollPayslip[], taxYear: string) {
  const last = payslips.filter((p) => p.taxYear === taxYear).at(-1);
  if (!last) throw new Error(`No payslips in ${taxYear}`);
  return {
    taxYear,
    finalTaxCode: last.taxCode,
    payPence: last.yearToDate.taxablePence,
    taxPence: last.yearToDate.incomeTaxPence,
    nationalInsurancePence: last.yearToDate.nationalInsurancePence,
    studentLoanPence: last.yearToDate.studentLoanPence,
  };
}
