// UK tax years (6 April to 5 April), a year's totals from its payslips, the month-by-month figures
// behind the tax-year chart, and the check of a finished year against its P60. Pure; pence.
import type { DeductionKind, DeductionLine } from '@portal/shared/pay-insights/what-changed';

export type TaxYear = {
  /** '2025/26' */
  label: string;
  startYear: number;
  /** 'YYYY-MM-DD': 6 April of startYear. */
  start: string;
  /** 'YYYY-MM-DD': 5 April of the next year. */
  end: string;
};

function taxYearStarting(startYear: number): TaxYear {
  return {
    label: `${startYear}/${String((startYear + 1) % 100).padStart(2, '0')}`,
    startYear,
    start: `${startYear}-04-06`,
    end: `${startYear + 1}-04-05`,
  };
}

/** The tax year an ISO date ('YYYY-MM-DD…') falls in. */
export function taxYearOf(isoDate: string): TaxYear {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  return taxYearStarting(month > 4 || (month === 4 && day >= 6) ? year : year - 1);
}

/** '2025/26' (or '2025-26') back to its tax year; null for other text or a year that does not follow on. */
export function taxYearFromLabel(label: string): TaxYear | null {
  const match = /^(\d{4})[/-](\d{2})$/.exec(label.trim());
  if (!match) return null;
  const year = taxYearStarting(Number(match[1]));
  return year.label.slice(5) === match[2] ? year : null;
}

/** Tax month 1 (6 April to 5 May) to 12 (6 March to 5 April). */
export function taxMonthOf(isoDate: string): number {
  const [, month, day] = isoDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  const monthsSinceApril = (month - 4 + 12) % 12;
  return ((day >= 6 ? monthsSinceApril : monthsSinceApril + 11) % 12) + 1;
}

export type TaxPeriodKind = 'month' | 'week' | 'fortnight' | 'four-week';

const WEEKS_IN: Record<Exclude<TaxPeriodKind, 'month'>, number> = { week: 1, fortnight: 2, 'four-week': 4 };

const addDaysIso = (isoDate: string, days: number) => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * The first and last day of a tax month, week, fortnight or four-week period of a year ('YYYY-MM-DD');
 * null for a period the year lacks. Month 1 is 6 April to 5 May and month 12 is 6 March to 5 April;
 * week 1 is 6 to 12 April, fortnights and four-week periods are counted in the same weeks, and the
 * last one (week 53, fortnight 27, four-week period 14) is the day or two left before 5 April
 * (https://www.gov.uk/government/publications/taxable-pay-tables-manual-method, the tables' week and month calendar).
 */
export function taxPeriodDates(taxYear: TaxYear, period: number, kind: TaxPeriodKind): { start: string; end: string } | null {
  if (!Number.isInteger(period) || period < 1 || !Number.isInteger(taxYear.startYear)) return null;
  if (kind === 'month') {
    if (period > 12) return null;
    const start = new Date(Date.UTC(taxYear.startYear, 3 + period - 1, 6));
    const end = new Date(Date.UTC(taxYear.startYear, 3 + period, 5));
    return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
  }
  const days = 7 * WEEKS_IN[kind];
  const start = addDaysIso(taxYear.start, days * (period - 1));
  if (start > taxYear.end) return null;
  const end = addDaysIso(start, days - 1);
  return { start, end: end > taxYear.end ? taxYear.end : end };
}

/** A year is finished the day after 5 April; only then can a P60 exist. */
export function isTaxYearFinished(taxYear: TaxYear, todayIso: string): boolean {
  return todayIso.slice(0, 10) > taxYear.end;
}

/** The tax years a list of payslips covers, newest first. */
export function taxYearsCovered(payslips: { payDate: string }[]): TaxYear[] {
  const starts = [...new Set(payslips.map((p) => taxYearOf(p.payDate).startYear))].sort((a, b) => b - a);
  return starts.map(taxYearStarting);
}

export type YearPayslip = {
  payDate: string;
  grossPence: number;
  /** Pay subject to Income Tax (gross less pension under a net-pay arrangement). */
  taxablePence: number;
  deductions: DeductionLine[];
  netPence: number;
};

export type MonthFigures = {
  taxMonth: number;
  payDate: string;
  grossPence: number;
  taxablePence: number;
  incomeTaxPence: number;
  nationalInsurancePence: number;
  pensionPence: number;
  studentLoanPence: number;
  otherDeductionsPence: number;
  netPence: number;
};

export type YearTotals = Omit<MonthFigures, 'taxMonth' | 'payDate'> & { payslips: number };

const deductionOf = (lines: DeductionLine[], kind: DeductionKind) => lines.filter((l) => l.kind === kind).reduce((total, l) => total + l.amountPence, 0);

/** One row per payslip of the year, in pay-date order (the chart and its table). */
export function monthlyFigures(payslips: YearPayslip[], taxYear: TaxYear): MonthFigures[] {
  return payslips
    .filter((p) => p.payDate >= taxYear.start && p.payDate <= taxYear.end)
    .sort((a, b) => a.payDate.localeCompare(b.payDate))
    .map((p) => ({
      taxMonth: taxMonthOf(p.payDate),
      payDate: p.payDate,
      grossPence: p.grossPence,
      taxablePence: p.taxablePence,
      incomeTaxPence: deductionOf(p.deductions, 'income-tax'),
      nationalInsurancePence: deductionOf(p.deductions, 'national-insurance'),
      pensionPence: deductionOf(p.deductions, 'pension'),
      studentLoanPence: deductionOf(p.deductions, 'student-loan'),
      otherDeductionsPence: deductionOf(p.deductions, 'other'),
      netPence: p.netPence,
    }));
}

/** Year-to-date totals of the payslips in the tax year. */
export function yearTotals(payslips: YearPayslip[], taxYear: TaxYear): YearTotals {
  const months = monthlyFigures(payslips, taxYear);
  const total = (pick: (m: MonthFigures) => number) => months.reduce((sum, m) => sum + pick(m), 0);
  return {
    payslips: months.length,
    grossPence: total((m) => m.grossPence),
    taxablePence: total((m) => m.taxablePence),
    incomeTaxPence: total((m) => m.incomeTaxPence),
    nationalInsurancePence: total((m) => m.nationalInsurancePence),
    pensionPence: total((m) => m.pensionPence),
    studentLoanPence: total((m) => m.studentLoanPence),
    otherDeductionsPence: total((m) => m.otherDeductionsPence),
    netPence: total((m) => m.netPence),
  };
}

/** The figures of a P60 the portal can check (pence). */
export type P60Figures = { payPence: number; taxPence: number; nationalInsurancePence?: number; studentLoanPence?: number };

export type P60Difference = { figure: string; payslipsPence: number; p60Pence: number; differencePence: number };

export type P60Check = { agrees: boolean; differences: P60Difference[] };

/** Do the year's payslips add up to its P60? Each figure the P60 states is compared. */
export function checkAgainstP60(totals: YearTotals, p60: P60Figures): P60Check {
  const pairs: [string, number, number | undefined][] = [
    // A P60's pay is the pay subject to tax in this employment.
    ['Pay', totals.taxablePence, p60.payPence],
    ['Income Tax', totals.incomeTaxPence, p60.taxPence],
    ['National Insurance', totals.nationalInsurancePence, p60.nationalInsurancePence],
    ['Student loan', totals.studentLoanPence, p60.studentLoanPence],
  ];
  const differences = pairs
    .filter((pair): pair is [string, number, number] => pair[2] !== undefined && pair[1] !== pair[2])
    .map(([figure, payslipsPence, p60Pence]) => ({ figure, payslipsPence, p60Pence, differencePence: payslipsPence - p60Pence }));
  return { agrees: differences.length === 0, differences };
}
