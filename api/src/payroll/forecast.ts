// What the next payslip will be, estimated with the payroll engine (run.ts) from the latest payslip
// of the tax year: the same basic pay, no overtime or bonus, the same tax code, NI letter, loan plans
// and pension, carried on from its year-to-date figures. Also the tax year's total (paid so far plus
// the pay days left), and the same next payslip with another pension contribution.
// Pure and in pence. A figure the engine cannot read gives a reason instead of a guess.
import { isNiCategory, type NiCategory } from './national-insurance';
import type { PayFrequency } from './pay-periods';
import { lastWorkingDay, runPayroll, type PayrollPayslip, type PensionMethod, type YearToDate } from './run';
import { checkLoanPlans, studentLoanRepayment } from './student-loans';
import { parseTaxCode } from './tax-codes';
import { rulesFor, taxYearOf, type StudentLoanPlan } from './uk-rules';

/** What a stored payslip says that the forecast needs, in pence. */
export type ForecastFacts = {
  payDate: string;
  /** How often the employee is paid, as the payslip was published. */
  frequency: PayFrequency;
  taxCode: string | null;
  niCategory: string | null;
  earnings: { kind: string; amountPence: number }[];
  grossPence: number;
  taxablePence: number | null;
  deductions: { name: string; amountPence: number }[];
  yearToDate: YearToDate | null;
  /** The loan plan the employer's record names, if any. */
  studentLoanPlan: string | null;
};

export type PayslipEstimate = {
  payDate: string;
  taxPeriod: number;
  grossPence: number;
  incomeTaxPence: number;
  nationalInsurancePence: number;
  studentLoanPence: number;
  postgraduateLoanPence: number;
  /** What the employee pays in: deducted from pay, or given up by salary sacrifice. */
  pensionPence: number;
  netPence: number;
};

export type YearTotals = Omit<PayslipEstimate, 'payDate' | 'taxPeriod'>;

export type PensionChoice = { percent: number; salarySacrifice: boolean };

export type Forecast = {
  taxYear: string;
  frequency: PayFrequency;
  basicPayPence: number;
  taxCode: string;
  niCategory: NiCategory;
  studentLoans: StudentLoanPlan[];
  pension: { method: PensionMethod; percent: number };
  next: PayslipEstimate;
  year: { remainingPeriods: number; soFar: YearTotals; remaining: YearTotals; total: YearTotals };
  whatIf: {
    pension: { method: PensionMethod; percent: number };
    next: PayslipEstimate;
    takeHomeChangePerPeriodPence: number;
    /** Over a whole tax year at this pay, both ways. */
    takeHomeChangePerYearPence: number;
  } | null;
};

/** What of the latest payslip the estimate could not start from (the error's `field`, for the words). */
export type UnreadablePart = 'payDate' | 'yearToDate' | 'taxCode' | 'niCategory' | 'basicPay' | 'studentLoan';

export type ForecastResult = { forecast: Forecast } | { unreadable: string; part: UnreadablePart };

const PERIODS_A_YEAR: Record<PayFrequency, number> = { weekly: 52, fortnightly: 26, 'four-weekly': 13, monthly: 12 };
const DAYS_APART: Record<Exclude<PayFrequency, 'monthly'>, number> = { weekly: 7, fortnightly: 14, 'four-weekly': 28 };
const DAY_MS = 86_400_000;

/**
 * The pay day `steps` pay days after (or before) the latest: every 7, 14 or 28 days, or monthly on
 * the last working day when the latest was one, else on the same day of the month.
 */
export function payDayAfter(latest: string, frequency: PayFrequency, steps: number): string {
  if (frequency !== 'monthly') return new Date(Date.parse(`${latest}T00:00:00Z`) + steps * DAYS_APART[frequency] * DAY_MS).toISOString().slice(0, 10);
  const [year, month, day] = latest.split('-').map(Number) as [number, number, number];
  const index = month - 1 + steps;
  const targetYear = year + Math.floor(index / 12);
  const targetMonth = (((index % 12) + 12) % 12) + 1;
  if (latest === lastWorkingDay(year, month)) return lastWorkingDay(targetYear, targetMonth);
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${targetYear}-${String(targetMonth).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

const sumOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
const amountOf = (lines: { name: string; amountPence: number }[], name: string) =>
  sumOf(lines.filter((line) => line.name.trim().toLowerCase() === name).map((line) => line.amountPence));

/** The pension as the payslip shows it: a salary sacrifice line, or a Pension deduction taken before tax (net pay) or after (relief at source). */
function pensionOf(facts: ForecastFacts): { method: PensionMethod; percent: number } {
  const sacrifice = -sumOf(facts.earnings.filter((line) => line.kind === 'other' && line.amountPence < 0).map((line) => line.amountPence));
  const pensionable = sumOf(facts.earnings.filter((line) => line.amountPence > 0 && line.kind !== 'other').map((line) => line.amountPence));
  // To the nearest 0.1%, as schemes set their rates.
  const percentOf = (contribution: number) => (pensionable > 0 ? Math.round((contribution * 1000) / pensionable) / 10 : 0);
  if (sacrifice > 0) return { method: 'salary-sacrifice', percent: percentOf(sacrifice) };
  const deducted = amountOf(facts.deductions, 'pension');
  if (deducted > 0 && facts.taxablePence === facts.grossPence) return { method: 'relief-at-source', percent: percentOf(deducted / 0.8) };
  return { method: 'net-pay', percent: percentOf(deducted) };
}

/**
 * The loan plans: the Postgraduate Loan when the payslip repays one, and the undergraduate plan the
 * record names, or else the only plan whose repayment on this pay matches the payslip's and the
 * estimate's alike.
 */
function loanPlansOf(facts: ForecastFacts, taxYear: string, frequency: PayFrequency, basicPence: number): StudentLoanPlan[] | null {
  const plans: StudentLoanPlan[] = facts.deductions.some((line) => line.name.trim().toLowerCase() === 'postgraduate loan') ? ['postgraduate'] : [];
  if (!facts.deductions.some((line) => line.name.trim().toLowerCase() === 'student loan')) return plans;
  const recorded = facts.studentLoanPlan;
  if (recorded === 'plan1' || recorded === 'plan2' || recorded === 'plan4' || recorded === 'plan5') return [recorded, ...plans];
  const paid = amountOf(facts.deductions, 'student loan');
  const rules = rulesFor(taxYear).studentLoans;
  const matching = (['plan1', 'plan2', 'plan4', 'plan5'] as const).filter(
    (plan) => rules[plan] && studentLoanRepayment(taxYear, plan, frequency, facts.grossPence) === paid,
  );
  const estimates = new Set(matching.map((plan) => studentLoanRepayment(taxYear, plan, frequency, basicPence)));
  if (matching.length === 0 || estimates.size !== 1) return null;
  return [matching[0]!, ...plans];
}

function estimateOf(slip: PayrollPayslip): PayslipEstimate {
  const line = (kind: string) => sumOf(slip.deductions.filter((d) => d.kind === kind).map((d) => d.amountPence));
  const sacrificed = -sumOf(slip.earnings.filter((e) => e.kind === 'other').map((e) => e.amountPence));
  return {
    payDate: slip.payDate,
    taxPeriod: slip.taxPeriod,
    grossPence: slip.grossPence,
    incomeTaxPence: line('income-tax'),
    nationalInsurancePence: line('national-insurance'),
    studentLoanPence: line('student-loan'),
    postgraduateLoanPence: line('postgraduate-loan'),
    pensionPence: line('pension') + sacrificed,
    netPence: slip.netPence,
  };
}

function totalsOf(estimates: YearTotals[]): YearTotals {
  const add = (key: keyof YearTotals) => sumOf(estimates.map((e) => e[key]));
  return {
    grossPence: add('grossPence'),
    incomeTaxPence: add('incomeTaxPence'),
    nationalInsurancePence: add('nationalInsurancePence'),
    studentLoanPence: add('studentLoanPence'),
    postgraduateLoanPence: add('postgraduateLoanPence'),
    pensionPence: add('pensionPence'),
    netPence: add('netPence'),
  };
}

const without = ({ payDate: _payDate, taxPeriod: _taxPeriod, ...totals }: PayslipEstimate): YearTotals => totals;

/** The estimate, from the latest payslip, on `today` ('YYYY-MM-DD'); `choice` asks for another pension contribution too. */
export function forecastNextPayslip(facts: ForecastFacts, today: string, choice?: Partial<PensionChoice>): ForecastResult {
  const taxYear = taxYearOf(facts.payDate);
  if (taxYear !== taxYearOf(today)) return { unreadable: `There is no payslip from the ${taxYearOf(today)} tax year to start from.`, part: 'payDate' };
  if (!facts.taxCode || !facts.yearToDate || facts.taxablePence === null)
    return { unreadable: 'Your latest payslip does not show its tax code and figures for the year to date.', part: 'yearToDate' };
  try {
    parseTaxCode(facts.taxCode);
  } catch {
    return { unreadable: `We cannot read the tax code ${facts.taxCode} on your latest payslip.`, part: 'taxCode' };
  }
  const niCategory = facts.niCategory?.trim().toUpperCase() ?? '';
  if (!isNiCategory(niCategory)) return { unreadable: 'We cannot read the National Insurance category letter on your latest payslip.', part: 'niCategory' };
  const { frequency } = facts;
  const basicPence = sumOf(facts.earnings.filter((line) => line.kind === 'basic').map((line) => line.amountPence));
  if (basicPence <= 0) return { unreadable: 'Your latest payslip shows no basic pay to start from.', part: 'basicPay' };
  const studentLoans = loanPlansOf(facts, taxYear, frequency, basicPence);
  if (!studentLoans) return { unreadable: 'We cannot tell which student loan plan your latest payslip repays.', part: 'studentLoan' };
  const pension = pensionOf(facts);
  const taxCode = facts.taxCode;

  const payDaysLeft: string[] = [];
  for (let step = 1; taxYearOf(payDayAfter(facts.payDate, frequency, step)) === taxYear; step++) payDaysLeft.push(payDayAfter(facts.payDate, frequency, step));
  const nextPayDay = payDayAfter(facts.payDate, frequency, 1);
  const nextYear = taxYearOf(nextPayDay);
  // A whole tax year of pay days on the same pattern, for the yearly change.
  const wholeYear: string[] = [];
  for (let step = -56; step <= 56; step++) {
    const day = payDayAfter(facts.payDate, frequency, step);
    if (taxYearOf(day) === nextYear) wholeYear.push(day);
  }

  const run = (payDays: string[], method: PensionMethod, percent: number, opening?: { taxYear: string; yearToDate: YearToDate }): PayslipEstimate[] =>
    runPayroll({
      frequency,
      payDays,
      annualSalaryPence: () => basicPence * PERIODS_A_YEAR[frequency],
      taxCode: () => taxCode,
      niCategory,
      studentLoans,
      pensionRate: percent / 100,
      employerPensionRate: 0,
      pensionMethod: method,
      ...(opening ? { openingYearToDate: opening } : {}),
    }).map(estimateOf);
  const opening = { taxYear, yearToDate: facts.yearToDate };
  try {
    checkLoanPlans(studentLoans);
    rulesFor(nextYear);
    const remaining = payDaysLeft.length ? run(payDaysLeft, pension.method, pension.percent, opening) : [];
    const next = remaining[0] ?? run([nextPayDay], pension.method, pension.percent, opening)[0]!;
    const ytd = facts.yearToDate;
    const soFar: YearTotals = {
      grossPence: ytd.grossPence,
      incomeTaxPence: ytd.incomeTaxPence,
      nationalInsurancePence: ytd.nationalInsurancePence,
      studentLoanPence: ytd.studentLoanPence,
      postgraduateLoanPence: ytd.postgraduateLoanPence ?? 0,
      pensionPence: ytd.pensionPence,
      netPence: ytd.netPence,
    };
    const remainingTotals = totalsOf(remaining.map(without));
    let whatIf: Forecast['whatIf'] = null;
    if (choice && (choice.percent !== undefined || choice.salarySacrifice !== undefined)) {
      const method: PensionMethod =
        choice.salarySacrifice === true
          ? 'salary-sacrifice'
          : choice.salarySacrifice === false && pension.method === 'salary-sacrifice'
            ? 'net-pay'
            : pension.method;
      const percent = choice.percent ?? pension.percent;
      const changed = run([nextPayDay], method, percent, opening)[0]!;
      const yearNet = (m: PensionMethod, p: number) => sumOf(run(wholeYear, m, p).map((e) => e.netPence));
      whatIf = {
        pension: { method, percent },
        next: changed,
        takeHomeChangePerPeriodPence: changed.netPence - next.netPence,
        takeHomeChangePerYearPence: yearNet(method, percent) - yearNet(pension.method, pension.percent),
      };
    }
    return {
      forecast: {
        taxYear,
        frequency,
        basicPayPence: basicPence,
        taxCode,
        niCategory,
        studentLoans,
        pension,
        next,
        year: {
          remainingPeriods: remaining.length,
          soFar,
          remaining: remainingTotals,
          total: totalsOf([soFar, remainingTotals]),
        },
        whatIf,
      },
    };
  } catch {
    // A code of no rate this year (a D3 outside Scotland), or a tax year whose rates are not known yet.
    return { unreadable: `We cannot work out pay in the ${nextYear} tax year with the tax code ${taxCode}.`, part: 'taxCode' };
  }
}
