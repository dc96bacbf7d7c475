// A simple UK monthly payroll (basic-rate band only), so every demo payslip's figures add up:
// pension under net-pay arrangement, income tax, Class 1 NI, optional Plan 2 student loan.

export type Line = { name: string; amount: number };

export type PayslipFigures = {
  payDate: string;
  grossPence: number;
  deductions: Line[]; // pence
  other: Line[]; // pence
  totalDeductionsPence: number;
  netPence: number;
  taxYear: string;
  taxPence: number;
  niPence: number;
};

const PERSONAL_ALLOWANCE_MONTH = 104750; // £12,570 / 12, pence
const NI_THRESHOLD_MONTH = 104800; // £1,048
const STUDENT_LOAN_THRESHOLD_MONTH = 237250; // Plan 2, £28,470 / 12

/** Last Monday-to-Friday of the month, as YYYY-MM-DD. */
export function lastWorkingDay(year: number, month: number): string {
  const d = new Date(Date.UTC(year, month, 0)); // month is 1-based: day 0 of the next month
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** '2025/26' for any date from 6 April 2025 to 5 April 2026. */
export function taxYearOf(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const start = m > 4 || (m === 4 && d >= 6) ? y : y - 1;
  return `${start}/${String((start + 1) % 100).padStart(2, '0')}`;
}

export type Run = { from: { year: number; month: number }; months: number; monthlyGrossPence: (year: number, month: number) => number; studentLoan: boolean };

/** Every month of a run, with year-to-date totals reset each tax year. */
export function payroll(run: Run): PayslipFigures[] {
  const out: PayslipFigures[] = [];
  let ytdYear = '';
  let ytdTaxable = 0;
  let ytdTax = 0;
  for (let i = 0; i < run.months; i++) {
    const monthIndex = run.from.month - 1 + i;
    const year = run.from.year + Math.floor(monthIndex / 12);
    const month = (monthIndex % 12) + 1;
    const payDate = lastWorkingDay(year, month);
    const taxYear = taxYearOf(payDate);
    if (taxYear !== ytdYear) {
      ytdYear = taxYear;
      ytdTaxable = 0;
      ytdTax = 0;
    }
    const gross = run.monthlyGrossPence(year, month);
    const pension = Math.round(gross * 0.05);
    const taxable = gross - pension;
    const tax = Math.max(0, Math.round((taxable - PERSONAL_ALLOWANCE_MONTH) * 0.2));
    const ni = Math.max(0, Math.round((gross - NI_THRESHOLD_MONTH) * 0.08));
    const studentLoan = run.studentLoan ? Math.max(0, Math.floor(((gross - STUDENT_LOAN_THRESHOLD_MONTH) * 0.09) / 100) * 100) : 0;
    const deductions: Line[] = [
      { name: 'Income Tax', amount: tax },
      { name: 'National Insurance', amount: ni },
      { name: 'Pension', amount: pension },
      { name: 'Student Loan', amount: studentLoan },
    ];
    const total = deductions.reduce((sum, l) => sum + l.amount, 0);
    ytdTaxable += taxable;
    ytdTax += tax;
    out.push({
      payDate,
      grossPence: gross,
      deductions,
      other: [
        { name: 'Employer pension contribution', amount: Math.round(gross * 0.03) },
        { name: 'Taxable pay to date', amount: ytdTaxable },
        { name: 'Tax paid to date', amount: ytdTax },
      ],
      totalDeductionsPence: total,
      netPence: gross - total,
      taxYear,
      taxPence: tax,
      niPence: ni,
    });
  }
  return out;
}

export function sumForTaxYear(slips: PayslipFigures[], taxYear: string) {
  const inYear = slips.filter((s) => s.taxYear === taxYear);
  return {
    grossPence: inYear.reduce((a, s) => a + s.grossPence, 0),
    taxPence: inYear.reduce((a, s) => a + s.taxPence, 0),
    niPence: inYear.reduce((a, s) => a + s.niPence, 0),
  };
}
