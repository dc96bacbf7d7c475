// A pay run's body read, checked and made ready to store: JSON as UTF-8, no control characters, the
// route's schema, the pay run rules (rules.ts), and each payslip's content hash and stored columns.
// For 10,000 payslips this is about half a second of CPU, so the API runs it in a worker thread
// (pay-run-pool.ts) and the event loop stays free; the import command calls it in-process.
import { HttpError } from '../http/errors';
import { controlCharacterProblem } from '../http/control-characters';
import { schemaCheck } from '../http/schema-check';
import { contentHash } from './content-hash';
import { checkPayRun, payRunRuleProblems } from './rules';
import { PAY_RUN_MAX_PAYSLIPS, PayRunInputSchema, PayslipInputSchema } from './schemas';
import type { PayslipInput } from './schemas';
import { NotUtf8, utf8Text } from './utf8-text';
import { toJson } from '../db/convert';

/** One payslip as it will be stored: its ids, its content hash and its columns. */
export type PreparedPayslip = { payslipId: string; employmentId: string; payDate: string; hash: string; columns: PayslipColumns };
/** A checked pay run: the hash of its whole content and its payslips in order. */
export type PreparedPayRun = { hash: string; payslips: PreparedPayslip[] };
/** What a check answers: the run, or the refusal the API gives (`{ status, error }`). */
export type PayRunCheck = { ok: true; run: PreparedPayRun } | { ok: false; status: number; message: string };

export type PayslipColumns = ReturnType<typeof payslipColumns>;

export function payslipColumns(p: PayslipInput) {
  return {
    pay_date: p.payDate,
    gross_pence: p.grossPence,
    total_deductions_pence: p.totalDeductionsPence,
    net_pence: p.netPence,
    deductions: toJson(p.deductions.map((line) => ({ name: line.name, amount: line.amountPence }))),
    other: toJson((p.other ?? []).map((line) => ({ name: line.name, amount: line.amountPence }))),
    tax_code: p.taxCode,
    ni_category: p.niCategory,
    tax_period: p.taxPeriod,
    pay_frequency: p.payFrequency ?? 'monthly',
    earnings: toJson(p.earnings.map(({ kind, name, amountPence, hours, ratePence }) => ({ kind, name, amount: amountPence, hours, rate: ratePence }))),
    taxable_pence: p.taxablePence,
    year_to_date: toJson(p.yearToDate),
  };
}

const checkBody = schemaCheck(PayRunInputSchema);

/** The pay run in `value` (a parsed body, or the import file's `payRun` with `where` 'payRun'); throws HttpError to refuse it. */
export function preparePayRun(value: unknown, where = 'body'): PreparedPayRun {
  const problem = controlCharacterProblem(value, where);
  if (problem) throw new HttpError(400, problem);
  const checked = checkBody(value, where);
  if (!checked.ok) throw new HttpError(400, checked.problem);
  const { payslips } = checked.value;
  checkPayRun(payslips, where);
  const prepared = payslips.map((p) => ({
    payslipId: p.payslipId,
    employmentId: p.employmentId,
    payDate: p.payDate,
    hash: contentHash(p),
    columns: payslipColumns(p),
  }));
  return { hash: contentHash(checked.value), payslips: prepared };
}

const checkPayslipShape = schemaCheck(PayslipInputSchema);

/**
 * The same checks as preparePayRun, listing every problem rather than stopping at the first (up to
 * `limit`): for a preview that names each row to mend. The run when there is none.
 */
export function payRunProblems(value: unknown, where = 'body', limit = 1000): { run: PreparedPayRun; problems: [] } | { run: null; problems: string[] } {
  const whole = checkBody(value, where);
  const problem = controlCharacterProblem(value, where);
  if (whole.ok && !problem) {
    const problems = payRunRuleProblems(whole.value.payslips, where, limit).map((error) => error.message);
    return problems.length ? { run: null, problems } : { run: preparePayRun(value, where), problems: [] };
  }
  const payslips = (value as { payslips?: unknown } | null)?.payslips;
  // Not a list of payslips, or too long a one: the first problem says what the run must be.
  if (!Array.isArray(payslips) || payslips.length === 0 || payslips.length > PAY_RUN_MAX_PAYSLIPS)
    return { run: null, problems: [problem ?? (whole.ok ? 'unreadable' : whole.problem)] };
  const problems: string[] = [];
  const shaped = payslips.map((payslip: unknown, index): PayslipInput | null => {
    const at = `${where}.payslips.${index}`;
    const control = controlCharacterProblem(payslip, at);
    const shape = control ? null : checkPayslipShape(payslip, at);
    if (control ?? (shape && !shape.ok)) {
      problems.push(control ?? (shape as { problem: string }).problem);
      return null;
    }
    return payslip as PayslipInput;
  });
  // The rules of the payslips whose fields are right, each refusal in its payslip's place.
  const ruled = payRunRuleProblems(shaped, where, limit).map((error) => error.message);
  const at = (message: string) => Number(/\.payslips\.([0-9]+)/.exec(message)?.[1] ?? -1);
  const all = [...problems, ...ruled].sort((a, b) => at(a) - at(b)).slice(0, limit);
  // Nothing wrong in any payslip: the problem is around them (a field beside `payslips`).
  return { run: null, problems: all.length ? all : [problem ?? (whole.ok ? 'unreadable' : whole.problem)] };
}

/** The body's bytes as the pay run route receives them. */
export function checkPayRunBody(bytes: Uint8Array): PayRunCheck {
  let value: unknown;
  try {
    const text = utf8Text(bytes);
    if (!text.trim()) return { ok: false, status: 400, message: 'The request body is empty but the content type is application/json' };
    value = JSON.parse(text);
  } catch (error) {
    if (error instanceof NotUtf8) return { ok: false, status: 400, message: `body ${error.message}` };
    return { ok: false, status: 400, message: 'The request body is not valid JSON' };
  }
  try {
    return { ok: true, run: preparePayRun(value) };
  } catch (error) {
    if (error instanceof HttpError) return { ok: false, status: error.statusCode, message: error.message };
    throw error;
  }
}
