// A payroll of one employment under the real UK rules of each tax year it covers: earnings lines
// (salary, overtime, bonus) that add up to gross pay, a pension (net-pay arrangement, relief at
// source or salary sacrifice), PAYE, employee NI, student loans, and the year-to-date figures a
// payslip and a P60 show. Weekly, fortnightly, four-weekly or monthly pay.
// Pure and in pence, so the demo data (and any test of it) can be recomputed from its inputs.
import { employeeNationalInsurance, type NiCategory } from './national-insurance';
import { incomeTaxForPeriod } from './paye';
import { payPeriodOf, type PayFrequency } from './pay-periods';
import { checkLoanPlans, studentLoanRepayment } from './student-loans';
import { taxYearOf, type StudentLoanPlan } from './uk-rules';

export type EarningLine = {
  kind: 'basic' | 'overtime' | 'bonus' | 'other';
  name: string;
  amountPence: number;
  hours?: number;
  ratePence?: number;
};
export type DeductionLine = {
  kind: 'income-tax' | 'national-insurance' | 'pension' | 'student-loan' | 'postgraduate-loan';
  name: string;
  amountPence: number;
};

/**
 * How the employee's pension is taken: before tax (net-pay arrangement), after tax with the scheme
 * claiming basic-rate relief (relief at source: 80% of the contribution is deducted), or by giving up
 * that much pay (salary sacrifice: gross pay, and so tax and NI, are lower).
 * https://www.gov.uk/guidance/pension-schemes-work-out-your-tax-relief-on-pension-contributions
 * https://www.gov.uk/guidance/salary-sacrifice-and-the-effects-on-paye
 */
export type PensionMethod = 'net-pay' | 'relief-at-source' | 'salary-sacrifice';

/**
 * When the pay days fall: the last working day of each month, every 7, 14 or 28 days from the
 * first, or on the days given (an estimate of pay days to come).
 */
export type PaySchedule =
  | { frequency?: 'monthly'; firstPayMonth: { year: number; month: number }; months: number }
  | { frequency: Exclude<PayFrequency, 'monthly'>; firstPayDate: string; payments: number }
  | { frequency: PayFrequency; payDays: string[] };

export type PayrollPlan = PaySchedule & {
  /** Salary a year on that pay day; a pay day's basic pay is its share (a twelfth, a 52nd, …). */
  annualSalaryPence: (payDate: string) => number;
  /** The tax code in force on that pay day ('1257L', 'S1257L', 'C1257L', '1257L M1', 'K475', 'BR', …). */
  taxCode: (payDate: string) => string;
  overtime?: (payDate: string) => { hours: number; ratePence: number } | null;
  bonusPence?: (payDate: string) => number;
  /** NI category letter; A when not given. */
  niCategory?: NiCategory;
  /** One undergraduate plan, the Postgraduate Loan, or both. */
  studentLoans: StudentLoanPlan[];
  /** Shares of gross pay: the employee's and the employer's. */
  pensionRate: number;
  employerPensionRate: number;
  /** net-pay when not given. */
  pensionMethod?: PensionMethod;
  /** Figures of the first tax year's earlier pay days, paid before this plan's first (a forecast's start). */
  openingYearToDate?: { taxYear: string; yearToDate: YearToDate };
};

export type YearToDate = {
  grossPence: number;
  taxablePence: number;
  incomeTaxPence: number;
  nationalInsurancePence: number;
  pensionPence: number;
  studentLoanPence: number;
  /** Only on the payslips of a plan that repays a Postgraduate Loan. */
  postgraduateLoanPence?: number;
  netPence: number;
};

export type PayrollPayslip = {
  payDate: string;
  taxYear: string;
  /** Tax month 1–12 (monthly pay), or week 1–53, fortnight 1–27 or four-week period 1–14. */
  taxPeriod: number;
  frequency: PayFrequency;
  taxCode: string;
  niCategory: NiCategory;
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

const DAYS_APART = { weekly: 7, fortnightly: 14, 'four-weekly': 28 };
const PERIODS_A_YEAR: Record<PayFrequency, number> = { weekly: 52, fortnightly: 26, 'four-weekly': 13, monthly: 12 };

/** The plan's pay days, in order. */
export function payDates(schedule: PaySchedule): string[] {
  if ('payDays' in schedule) return schedule.payDays;
  if ('months' in schedule) {
    const { firstPayMonth, months } = schedule;
    return Array.from({ length: months }, (_, index) => {
      const monthIndex = firstPayMonth.month - 1 + index;
      return lastWorkingDay(firstPayMonth.year + Math.floor(monthIndex / 12), (monthIndex % 12) + 1);
    });
  }
  const first = Date.parse(`${schedule.firstPayDate}T00:00:00Z`);
  const step = DAYS_APART[schedule.frequency] * 86_400_000;
  return Array.from({ length: schedule.payments }, (_, index) => new Date(first + index * step).toISOString().slice(0, 10));
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

function earningsOn(plan: PayrollPlan, frequency: PayFrequency, payDate: string): EarningLine[] {
  const basic = Math.round(plan.annualSalaryPence(payDate) / PERIODS_A_YEAR[frequency]);
  const lines: EarningLine[] = [{ kind: 'basic', name: 'Basic pay', amountPence: basic }];
  const overtime = plan.overtime?.(payDate);
  if (overtime) lines.push({ kind: 'overtime', name: 'Overtime', amountPence: Math.round(overtime.hours * overtime.ratePence), ...overtime });
  const bonus = plan.bonusPence?.(payDate) ?? 0;
  if (bonus > 0) lines.push({ kind: 'bonus', name: 'Bonus', amountPence: bonus });
  return lines;
}

const sumOf = (lines: { amountPence: number }[]) => lines.reduce((sum, line) => sum + line.amountPence, 0);

/** The pension on a pay day's pensionable pay: what leaves the employee's pay, and what it does to taxable pay. */
function pensionOn(method: PensionMethod, rate: number, pensionablePence: number) {
  const contribution = Math.round(pensionablePence * rate);
  if (method === 'salary-sacrifice') return { sacrificed: contribution, deducted: 0, beforeTax: 0, paidIn: contribution };
  // Relief at source: the employee pays 80%, the scheme claims the basic-rate 20% from HMRC.
  if (method === 'relief-at-source') {
    const deducted = Math.round(contribution * 0.8);
    return { sacrificed: 0, deducted, beforeTax: 0, paidIn: deducted };
  }
  return { sacrificed: 0, deducted: contribution, beforeTax: contribution, paidIn: contribution };
}

export function runPayroll(plan: PayrollPlan): PayrollPayslip[] {
  const frequency = plan.frequency ?? 'monthly';
  const category = plan.niCategory ?? 'A';
  const method = plan.pensionMethod ?? 'net-pay';
  checkLoanPlans(plan.studentLoans);
  const payslips: PayrollPayslip[] = [];
  let ytd = EMPTY_YEAR;
  for (const payDate of payDates(plan)) {
    const taxYear = taxYearOf(payDate);
    if (payslips.at(-1)?.taxYear !== taxYear)
      ytd = plan.openingYearToDate?.taxYear === taxYear && !payslips.length ? plan.openingYearToDate.yearToDate : EMPTY_YEAR;
    const period = payPeriodOf(frequency, payDate);

    const taxCode = plan.taxCode(payDate);
    const contractual = earningsOn(plan, frequency, payDate);
    const pension = pensionOn(method, plan.pensionRate, sumOf(contractual));
    const earnings: EarningLine[] = pension.sacrificed
      ? [...contractual, { kind: 'other', name: 'Pension salary sacrifice', amountPence: -pension.sacrificed }]
      : contractual;
    const gross = sumOf(earnings);
    const taxable = gross - pension.beforeTax;
    const tax = incomeTaxForPeriod({
      taxYear,
      taxCode,
      period,
      taxablePayPence: taxable,
      previousTaxablePayToDatePence: ytd.taxablePence,
      previousTaxToDatePence: ytd.incomeTaxPence,
    });
    const ni = employeeNationalInsurance({ taxYear, payDate, frequency, category, earningsPence: gross });
    const loans = plan.studentLoans.map((loan) => ({ loan, pence: studentLoanRepayment(taxYear, loan, frequency, gross) }));
    const deductions: DeductionLine[] = [
      { kind: 'income-tax', name: 'Income Tax', amountPence: tax },
      { kind: 'national-insurance', name: 'National Insurance', amountPence: ni },
      ...(method === 'salary-sacrifice' ? [] : [{ kind: 'pension' as const, name: 'Pension', amountPence: pension.deducted }]),
      ...loans.map(({ loan, pence }): DeductionLine =>
        loan === 'postgraduate'
          ? { kind: 'postgraduate-loan', name: 'Postgraduate Loan', amountPence: pence }
          : { kind: 'student-loan', name: 'Student Loan', amountPence: pence },
      ),
    ];
    const studentLoan = sumOf(loans.filter(({ loan }) => loan !== 'postgraduate').map(({ pence }) => ({ amountPence: pence })));
    const postgraduateLoan = loans.find(({ loan }) => loan === 'postgraduate')?.pence;
    const totalDeductions = sumOf(deductions);
    const net = gross - totalDeductions;
    ytd = {
      grossPence: ytd.grossPence + gross,
      taxablePence: ytd.taxablePence + taxable,
      incomeTaxPence: ytd.incomeTaxPence + tax,
      nationalInsurancePence: ytd.nationalInsurancePence + ni,
      pensionPence: ytd.pensionPence + pension.paidIn,
      studentLoanPence: ytd.studentLoanPence + studentLoan,
      ...(postgraduateLoan === undefined ? {} : { postgraduateLoanPence: (ytd.postgraduateLoanPence ?? 0) + postgraduateLoan }),
      netPence: ytd.netPence + net,
    };
    payslips.push({
      payDate,
      taxYear,
      taxPeriod: period.period,
      frequency,
      taxCode,
      niCategory: category,
      earnings,
      grossPence: gross,
      taxablePence: taxable,
      deductions,
      totalDeductionsPence: totalDeductions,
      netPence: net,
      employerPensionPence: Math.round(sumOf(contractual) * plan.employerPensionRate),
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
    ...(last.yearToDate.postgraduateLoanPence === undefined ? {} : { postgraduateLoanPence: last.yearToDate.postgraduateLoanPence }),
  };
}
