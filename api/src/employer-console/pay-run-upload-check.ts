// A pay run uploaded in the console, read and checked without touching the database: the file's
// bytes as text (UTF-8, with or without a byte-order mark, or UTF-16 with one), the import command's
// JSON or a payroll export's CSV (csv/pay-run-csv.ts), then the employer API's own checks — the
// records as the import takes them (import-run.ts), the pay run as the API does (pay-run-check.ts),
// listing every problem with its row and field rather than stopping at the first. A text cell
// starting = + - or @ is a problem too: a spreadsheet opening an export of it would run it.
// For 10,000 payslips this is a second of CPU, so the API runs it in a worker thread (upload-pool.ts).
import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { schemaCheck } from '../http/schema-check';
import { acceptedRecords } from '../employer-api/import-run';
import type { Refusal } from '../employer-api/import-run';
import { payRunProblems } from '../employer-api/pay-run-check';
import type { PreparedPayRun } from '../employer-api/pay-run-check';
import type { EmploymentUpsert } from '../employer-api/publish-repository';
import { PayRunParamsSchema } from '../employer-api/schemas';
import { CsvError } from '../employer-api/csv/parse-csv';
import { payRunFromCsv } from '../employer-api/csv/pay-run-csv';
import { NotUtf8, utf8Text } from '../employer-api/utf8-text';

export type UploadFormat = 'json' | 'csv';
export type UploadProblem = { row: number | null; field: string | null; message: string };
export type UploadTotals = { employees: number; grossPence: number; netPence: number };
/** What publishing an upload stores: its records and its pay run, checked. */
export type CheckedBatch = { records: EmploymentUpsert[]; payRunId: string; run: PreparedPayRun };
export type PayRunUploadCheck = {
  contentHash: string;
  payRunId: string | null;
  totals: UploadTotals;
  problems: UploadProblem[];
  /** Null when there is a problem: nothing of it can be published. */
  batch: CheckedBatch | null;
  /** Each payslip's row, as problems name it (for the checks the database answers). */
  rows: number[];
};

/** A preview lists at most this many problems (and says how many more). */
export const MAX_PROBLEMS = 500;

/** The import file as the console takes it: records and one pay run, nothing else. */
const ConsoleFileSchema = Type.Object(
  {
    employments: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
    payRun: Type.Object({ payRunId: Type.Unknown(), payslips: Type.Unknown() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
const checkFile = schemaCheck(ConsoleFileSchema);
const checkPayRunId = schemaCheck(PayRunParamsSchema);

/** Parts of the import file the console does not publish here. */
const ELSEWHERE: Record<string, string> = {
  payDocuments: 'holds pay documents: upload their PDFs under Documents',
  intranetDocuments: 'holds intranet documents, which the console does not publish',
  updates: 'holds updates: post them under Updates',
};

class Unreadable extends Error {}

/** The bytes as text: a UTF-8 byte-order mark dropped, UTF-16 with its mark decoded, anything else must be UTF-8. */
export function uploadText(bytes: Uint8Array): string {
  const [a, b] = [bytes[0], bytes[1]];
  if ((a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff)) {
    try {
      return new TextDecoder(a === 0xff ? 'utf-16le' : 'utf-16be', { fatal: true }).decode(bytes);
    } catch {
      throw new Unreadable('The file starts as UTF-16 text but is not: save it as UTF-8 (CSV UTF-8 in Excel)');
    }
  }
  let text: string;
  try {
    text = utf8Text(bytes).replace(/^\uFEFF/, '');
  } catch (error) {
    if (error instanceof NotUtf8) throw new Unreadable(`The file ${error.message}`);
    throw error;
  }
  if (text.includes('\u0000'))
    throw new Unreadable('The file holds NUL characters: it looks like UTF-16 without a byte-order mark. Save it as UTF-8 (CSV UTF-8 in Excel)');
  return text;
}

/** A text cell a spreadsheet would run as a formula: = + - @ first, and not a number or a phone number. */
const FORMULA = /^[=+\-@]/;
const NUMBER_OR_PHONE = /^[+-]?[0-9][0-9 .]*$/;

function formulaProblems(value: unknown, where: string, found: string[]): void {
  if (typeof value === 'string') {
    if (FORMULA.test(value) && !NUMBER_OR_PHONE.test(value))
      found.push(`${where} starts with '${value[0]}', which a spreadsheet would run as a formula: remove it`);
  } else if (Array.isArray(value)) value.forEach((item, i) => formulaProblems(item, `${where}.${i}`, found));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) formulaProblems(item, `${where}.${key}`, found);
}

/** Employees, gross and net of whatever payslips could be read (problems or not). */
function totalsOf(payslips: unknown): UploadTotals {
  const list = Array.isArray(payslips) ? (payslips as Record<string, unknown>[]) : [];
  const pence = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  const employees = new Set(list.map((p) => (p && typeof p === 'object' ? p.employmentId : undefined)).filter((id) => typeof id === 'string'));
  return {
    employees: employees.size,
    grossPence: list.reduce((sum, p) => sum + pence(p?.grossPence), 0),
    netPence: list.reduce((sum, p) => sum + pence(p?.netPence), 0),
  };
}

/** A JSON problem's place: `employments.2.birthDate` is item 3's birthDate; `payRun.payslips.0.netPence` payslip 1's. */
function jsonProblem(message: string): UploadProblem {
  const at = /^(employments|payRun\.payslips)\.([0-9]+)(?:\.([A-Za-z0-9.]+))?/.exec(message);
  if (!at) {
    const field = /^(?:file\.)?(payRun(?:\.[A-Za-z]+)?|employments|[A-Za-z]+)\b/.exec(message)?.[1] ?? null;
    return { row: null, field, message };
  }
  const list = at[1] === 'employments' ? 'employments' : 'payslips';
  return { row: Number(at[2]) + 1, field: at[3] ? `${list}.${at[3]}` : list, message };
}

/**
 * A CSV problem's place: the import's field reworded by the CSV's rows (`row 5, netPence …`, the
 * header being row 1) becomes data row 4; rows named inside the message are data rows too.
 */
function csvProblem(message: string): UploadProblem[] {
  const columns = /^row 1: (missing|unknown) columns? (.*?)(?: \(see .*\))?$/.exec(message);
  if (columns) {
    return [...columns[2]!.matchAll(/'([^']*)'/g)].map(([, column]) => ({
      row: null,
      field: column!,
      message: `The header ${columns[1] === 'missing' ? 'lacks the column' : 'has a column not in the format,'} '${column}'`,
    }));
  }
  const dataRows = (text: string) => text.replace(/\brow ([0-9]+)/g, (_all, n: string) => (n === '1' ? 'the header row' : `row ${Number(n) - 1}`));
  const at = /^row ([0-9]+)(?:, ([A-Za-z0-9.]+))?/.exec(message);
  if (!at || at[1] === '1') return [{ row: null, field: null, message: dataRows(message) }];
  return [{ row: Number(at[1]) - 1, field: at[2] ?? null, message: dataRows(message) }];
}

/** Reads and checks an upload; never throws for what is in the file. */
export function checkPayRunUpload(format: UploadFormat, bytes: Uint8Array): PayRunUploadCheck {
  const contentHash = createHash('sha256').update(bytes).digest('hex');
  const refused = (problems: UploadProblem[], payRunId: string | null = null, payslips: unknown = []): PayRunUploadCheck => ({
    contentHash,
    payRunId,
    totals: totalsOf(payslips),
    problems:
      problems.length > MAX_PROBLEMS
        ? [...problems.slice(0, MAX_PROBLEMS), { row: null, field: null, message: `… and ${problems.length - MAX_PROBLEMS} more problems` }]
        : problems,
    batch: null,
    rows: [],
  });
  const whole = (message: string) => refused([{ row: null, field: null, message }]);

  let data: unknown;
  let place: (message: string) => UploadProblem[] = (message) => [jsonProblem(message)];
  try {
    const text = uploadText(bytes);
    if (!text.trim()) return whole('The file is empty');
    if (format === 'csv') {
      const csv = payRunFromCsv(text);
      data = csv.data;
      place = (message) => csvProblem(csv.where(message));
    } else {
      try {
        data = JSON.parse(text);
      } catch (error) {
        return whole(`The file is not valid JSON: ${(error as Error).message}`);
      }
    }
  } catch (error) {
    if (error instanceof Unreadable) return whole(error.message);
    if (error instanceof CsvError) return refused(csvProblem(error.message));
    throw error;
  }

  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const elsewhere = Object.keys(ELSEWHERE).filter((key) => key in data);
    if (elsewhere.length) return refused(elsewhere.map((key) => ({ row: null, field: key, message: `The file ${ELSEWHERE[key]}` })));
  }
  const file = checkFile(data, 'file');
  if (!file.ok) return refused(place(file.problem.replace(/^file\.?/, '').trim() ? file.problem : 'The file must be an object with payRun'));
  const { employments = [], payRun } = file.value;

  const messages: string[] = [];
  formulaProblems(employments, 'employments', messages);
  formulaProblems(payRun.payslips, 'payRun.payslips', messages);
  const refusals: Refusal[] = [];
  const records = acceptedRecords(employments, refusals);
  messages.push(...refusals.map((r) => r.reason));
  const id = checkPayRunId({ payRunId: payRun.payRunId }, 'payRun');
  if (!id.ok) messages.push(id.problem);
  const checked = payRunProblems({ payslips: payRun.payslips }, 'payRun', MAX_PROBLEMS + 1);
  messages.push(...checked.problems);

  const payRunId = id.ok ? id.value.payRunId : null;
  if (messages.length || !checked.run || !payRunId) return refused(messages.flatMap(place), payRunId, payRun.payslips);
  const rows = checked.run.payslips.map((_p, i) => place(`payRun.payslips.${i}.payDate`)[0]?.row ?? i + 1);
  return { contentHash, payRunId, totals: totalsOf(payRun.payslips), problems: [], batch: { records, payRunId, run: checked.run }, rows };
}
