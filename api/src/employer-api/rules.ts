// The checks a publication passes beyond its JSON schema (which already checks every field's
// form: NI number, tax code, real dates, whole pence). Each refusal names the field, in the same
// `body.payslips.2.netPence` form the schema errors use, so payroll software can point at it.
import { HttpError } from '../http/errors';
import { payPeriodOf } from '../payroll/pay-periods';
import type { EmploymentRecordInput, PayslipInput } from './schemas';
import { londonIsoDate } from '../london-date';

const money = (pence: number) => (pence / 100).toFixed(2);
const sum = (lines: { amountPence: number }[]) => lines.reduce((total, line) => total + line.amountPence, 0);
/** A field's refusal: `field` is its path (`body.endDate`), the code names its last part. */
const refuse = (field: string, message: string) => HttpError.coded(400, 'request.field_invalid', `${field} ${message}`, {}, { field: field.split('.').pop() });

/** An employment record's dates: born in the past, started after birth, ended (if at all) on or after its start. */
export function checkEmploymentRecord(record: EmploymentRecordInput, where = 'body'): void {
  if (record.birthDate >= londonIsoDate()) throw refuse(`${where}.birthDate`, 'must be in the past');
  if (record.birthDate < '1900-01-01') throw refuse(`${where}.birthDate`, 'must be after 1900');
  if (record.startDate <= record.birthDate) throw refuse(`${where}.startDate`, `must be after the date of birth (${record.birthDate})`);
  if (record.endDate && record.endDate < record.startDate) throw refuse(`${where}.endDate`, `must not be before the start date (${record.startDate})`);
}

export function checkEndDate(endDate: string, startDate: string): void {
  if (endDate < startDate) throw refuse('body.endDate', `must not be before the start date (${startDate})`);
}

const PERIOD_NAMES = { weekly: 'tax week', fortnightly: 'tax fortnight', 'four-weekly': 'four-week tax period', monthly: 'tax month' };

/** A payslip's figures: lines that add up to the totals, net = gross less deductions, the tax period of its pay date. */
export function checkPayslip(payslip: PayslipInput, where: string): void {
  // Only pay given up (a salary sacrifice) takes a line below zero; a negative basic pay is a mistake.
  // https://www.gov.uk/guidance/salary-sacrifice-and-the-effects-on-paye
  for (const [index, line] of payslip.earnings.entries()) {
    if (line.amountPence < 0 && line.kind !== 'other')
      throw refuse(
        `${where}.earnings.${index}.amountPence`,
        `is below zero on a '${line.kind}' line (only an 'other' line, such as a salary sacrifice, may be)`,
      );
  }
  const earnings = sum(payslip.earnings);
  if (earnings !== payslip.grossPence)
    throw refuse(`${where}.grossPence`, `is ${money(payslip.grossPence)} but the earnings lines add up to ${money(earnings)}`);
  const deductions = sum(payslip.deductions);
  if (deductions !== payslip.totalDeductionsPence) {
    throw refuse(`${where}.totalDeductionsPence`, `is ${money(payslip.totalDeductionsPence)} but the deductions lines add up to ${money(deductions)}`);
  }
  const net = payslip.grossPence - payslip.totalDeductionsPence;
  if (net !== payslip.netPence) throw refuse(`${where}.netPence`, `is ${money(payslip.netPence)} but gross pay less deductions is ${money(net)}`);
  for (const required of ['Income Tax', 'National Insurance']) {
    if (!payslip.deductions.some((line) => line.name === required))
      throw refuse(`${where}.deductions`, `must include a '${required}' line (0 when none is due)`);
  }
  const frequency = payslip.payFrequency ?? 'monthly';
  const { period } = payPeriodOf(frequency, payslip.payDate);
  if (payslip.taxPeriod !== period)
    throw refuse(`${where}.taxPeriod`, `is ${payslip.taxPeriod} but the pay date ${payslip.payDate} falls in ${PERIOD_NAMES[frequency]} ${period}`);
  const postgraduateLoan = payslip.deductions.find((line) => line.name === 'Postgraduate Loan');
  if (postgraduateLoan && payslip.yearToDate.postgraduateLoanPence === undefined)
    throw refuse(`${where}.yearToDate.postgraduateLoanPence`, "is needed when the payslip has a 'Postgraduate Loan' line");
  if (postgraduateLoan && payslip.yearToDate.postgraduateLoanPence! < postgraduateLoan.amountPence) {
    throw refuse(
      `${where}.yearToDate.postgraduateLoanPence`,
      `is ${money(payslip.yearToDate.postgraduateLoanPence!)}, less than this payslip's Postgraduate Loan of ${money(postgraduateLoan.amountPence)}`,
    );
  }
  if (payslip.yearToDate.grossPence < payslip.grossPence) {
    throw refuse(
      `${where}.yearToDate.grossPence`,
      `is ${money(payslip.yearToDate.grossPence)}, less than this payslip's gross pay of ${money(payslip.grossPence)}`,
    );
  }
}

/** Every payslip of a pay run, and no payslip id twice in it. */
export function checkPayRun(payslips: PayslipInput[], at = 'body'): void {
  const [first] = payRunRuleProblems(payslips, at, 1);
  if (first) throw first;
}

/**
 * Each payslip's refusal under checkPayRun's rules, in order, up to `limit` of them (a preview lists
 * them all); a null stands for a payslip already refused by its schema.
 */
export function payRunRuleProblems(payslips: (PayslipInput | null)[], at = 'body', limit = Infinity): HttpError[] {
  const problems: HttpError[] = [];
  const seen = new Map<string, number>();
  for (const [index, payslip] of payslips.entries()) {
    if (problems.length >= limit) break;
    if (!payslip) continue;
    const where = `${at}.payslips.${index}`;
    const earlier = seen.get(payslip.payslipId);
    if (earlier !== undefined) {
      problems.push(refuse(`${where}.payslipId`, `repeats payslip ${earlier}'s id '${payslip.payslipId}'`));
      continue;
    }
    seen.set(payslip.payslipId, index);
    try {
      checkPayslip(payslip, where);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      problems.push(error);
    }
  }
  return problems;
}

/** '2025-26': two years in a row. */
export function checkTaxYear(label: string, field = 'query.taxYear'): void {
  const [start, end] = label.split('-').map(Number);
  if ((start! + 1) % 100 !== end) throw refuse(field, `must be a UK tax year written like 2025-26 (got ${label})`);
}

/** A minute's grace for a payroll clock a little ahead of ours. */
const CLOCK_SKEW_MS = 60_000;

/** A backfilled update's date: any time up to now, never ahead (it would sit at the top of the list). */
export function checkPublishedAt(publishedAt: string | undefined, where = 'body'): void {
  if (publishedAt && Date.parse(publishedAt) > Date.now() + CLOCK_SKEW_MS)
    throw refuse(`${where}.publishedAt`, `must not be in the future (got ${publishedAt})`);
}
