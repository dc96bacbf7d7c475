// A pay run as CSV, the way a payroll export writes it: one row per payslip, carrying the
// employment record's fields and a fixed column for each kind of line. It becomes the same import
// file as JSON (import-run.ts), so it passes the same checks; a refusal's field
// (`payRun.payslips.3.netPence`) is turned back into the row and column it came from.
import { CsvError, parseCsv, type CsvRow } from './parse-csv';

/** The employment record's columns (empty email, mobilePhone, endDate, payrollNumber or studentLoanPlan: none). */
const RECORD_COLUMNS = [
  'employmentId',
  'employeeName',
  'email',
  'mobilePhone',
  'niNumber',
  'bankLast4',
  'birthDate',
  'startDate',
  'endDate',
  'payrollNumber',
  'studentLoanPlan',
] as const;
const OPTIONAL_RECORD_COLUMNS = new Set(['email', 'mobilePhone', 'endDate', 'payrollNumber', 'studentLoanPlan']);
/** Columns a file made before they existed leaves out: the record then has no such field. */
const LATER_RECORD_COLUMNS = new Set(['payrollNumber', 'studentLoanPlan']);

/** Earnings columns, each one line of the payslip (left out when empty or 0). */
const EARNINGS = [
  { column: 'basicPayPence', kind: 'basic', name: 'Basic pay' },
  { column: 'overtimePence', kind: 'overtime', name: 'Overtime', hours: 'overtimeHours', rate: 'overtimeRatePence' },
  { column: 'bonusPence', kind: 'bonus', name: 'Bonus' },
  { column: 'statutoryPayPence', kind: 'statutory', name: 'Statutory pay' },
  { column: 'otherEarningsPence', kind: 'other', name: 'Other earnings' },
] as const;

/** Deduction columns: Income Tax and National Insurance always, the others when not empty or 0. */
const DEDUCTIONS = [
  { column: 'incomeTaxPence', name: 'Income Tax', always: true },
  { column: 'nationalInsurancePence', name: 'National Insurance', always: true },
  { column: 'pensionPence', name: 'Pension', always: false },
  { column: 'studentLoanPence', name: 'Student Loan', always: false },
  { column: 'postgraduateLoanPence', name: 'Postgraduate Loan', always: false },
  { column: 'otherDeductionsPence', name: 'Other deductions', always: false },
] as const;

const PAYSLIP_COLUMNS = [
  'payRunId',
  'payslipId',
  'payDate',
  'taxCode',
  'niCategory',
  'taxPeriod',
  'grossPence',
  'taxablePence',
  'totalDeductionsPence',
  'netPence',
] as const;
const YEAR_TO_DATE = ['grossPence', 'taxablePence', 'incomeTaxPence', 'nationalInsurancePence', 'pensionPence', 'studentLoanPence', 'netPence'] as const;
const ytdColumn = (field: string) => `ytd${field[0]!.toUpperCase()}${field.slice(1)}`;
/** Optional payslip columns: monthly pay when payFrequency is left out; the Postgraduate Loan so far only for those who repay one. */
const PAY_FREQUENCY = 'payFrequency';
const YTD_POSTGRADUATE_LOAN = ytdColumn('postgraduateLoanPence');

export const CSV_REQUIRED_COLUMNS = [
  ...RECORD_COLUMNS.filter((c) => !OPTIONAL_RECORD_COLUMNS.has(c)),
  ...PAYSLIP_COLUMNS,
  'basicPayPence',
  'incomeTaxPence',
  'nationalInsurancePence',
  ...YEAR_TO_DATE.map(ytdColumn),
];
export const CSV_COLUMNS = [
  ...RECORD_COLUMNS,
  ...PAYSLIP_COLUMNS,
  PAY_FREQUENCY,
  ...EARNINGS.flatMap((e) => ('hours' in e ? [e.column, e.hours, e.rate] : [e.column])),
  ...DEDUCTIONS.map((d) => d.column),
  'employerPensionPence',
  ...YEAR_TO_DATE.map(ytdColumn),
  YTD_POSTGRADUATE_LOAN,
];

/** Whole numbers become numbers; anything else stays text, for the schema to refuse by name. */
const value = (cell: string): string | number => (/^-?[0-9]+(\.[0-9]+)?$/.test(cell.trim()) ? Number(cell.trim()) : cell);
const present = (cell: string | undefined) => cell !== undefined && cell.trim() !== '' && cell.trim() !== '0';

export type CsvImport = {
  /** The import file import-run.ts takes. */
  data: { employments: Record<string, unknown>[]; payRun: { payRunId: string; payslips: Record<string, unknown>[] } };
  /** A refusal as the import words it (`payRun.payslips.3.netPence …`), reworded as `row 5, netPence …`. */
  where(message: string): string;
};

/** Reads the CSV text; a file that cannot be read as a pay run throws CsvError naming the row and column. */
export function payRunFromCsv(text: string): CsvImport {
  const { columns, rows } = parseCsv(text);
  const unknown = columns.filter((c) => !CSV_COLUMNS.includes(c));
  if (unknown.length)
    throw new CsvError(`row 1: unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((c) => `'${c}'`).join(', ')} (see api/README.md "CSV")`);
  const missing = CSV_REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length) throw new CsvError(`row 1: missing column${missing.length > 1 ? 's' : ''} ${missing.map((c) => `'${c}'`).join(', ')}`);
  if (!rows.length) throw new CsvError('the file has no payslip rows under its header');

  const payRunId = rows[0]!.cells.payRunId!;
  for (const { row, cells } of rows) {
    if (cells.payRunId !== payRunId)
      throw new CsvError(`row ${row}, payRunId '${cells.payRunId}' differs from row ${rows[0]!.row}'s '${payRunId}': one pay run a file`);
  }

  const employments = new Map<string, { first: CsvRow; last: CsvRow }>();
  for (const current of rows) {
    const id = current.cells.employmentId!;
    const seen = employments.get(id);
    if (!seen) {
      employments.set(id, { first: current, last: current });
      continue;
    }
    for (const column of RECORD_COLUMNS) {
      if (current.cells[column] !== seen.first.cells[column])
        throw new CsvError(
          `row ${current.row}, ${column} '${current.cells[column]}' differs from row ${seen.first.row}'s '${seen.first.cells[column]}' for employment '${id}'`,
        );
    }
    seen.last = current;
  }

  // Which row and column each field of the import file came from.
  const recordRows = [...employments.values()].map((e) => e.first.row);
  const payslipColumns: Map<string, string>[] = [];
  const data = {
    employments: [...employments.values()].map(({ first, last }) => recordOf(first, last)),
    payRun: { payRunId, payslips: rows.map((row) => payslipOf(row, payslipColumns)) },
  };

  return {
    data,
    where: (message) =>
      message
        .replace(/^employments\.([0-9]+)\.?([A-Za-z]*)/, (_all, index: string, field: string) => `row ${recordRows[Number(index)]}${field ? `, ${field}` : ''}`)
        .replace(/^payRun\.payslips\.([0-9]+)((?:\.[A-Za-z0-9]+)*)/, (_all, index: string, path: string) => {
          const i = Number(index);
          const field = path.slice(1);
          const column = payslipColumns[i]?.get(field) ?? payslipColumns[i]?.get(field.split('.').slice(0, 2).join('.')) ?? field;
          return `row ${rows[i]!.row}${column ? `, ${column}` : ''}`;
        }),
  };
}

function recordOf(first: CsvRow, last: CsvRow): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const column of RECORD_COLUMNS) {
    const cell = first.cells[column];
    if (cell === undefined && LATER_RECORD_COLUMNS.has(column)) continue;
    if (OPTIONAL_RECORD_COLUMNS.has(column)) record[column] = cell?.trim() ? cell.trim() : null;
    else record[column] = cell;
  }
  // The record's tax code is the one on its latest payslip in the file.
  record.taxCode = last.cells.taxCode;
  return record;
}

function payslipOf({ cells }: CsvRow, columnsOf: Map<string, string>[]): Record<string, unknown> {
  const columns = new Map<string, string>([['earnings', 'basicPayPence']]);
  const payslip: Record<string, unknown> = {
    payslipId: cells.payslipId,
    employmentId: cells.employmentId,
    payDate: cells.payDate,
    taxCode: cells.taxCode,
    niCategory: cells.niCategory,
    ...(cells[PAY_FREQUENCY]?.trim() ? { payFrequency: cells[PAY_FREQUENCY].trim() } : {}),
    taxPeriod: value(cells.taxPeriod!),
  };
  columns.set('payFrequency', PAY_FREQUENCY);
  const earnings: Record<string, unknown>[] = [];
  for (const line of EARNINGS) {
    if (!present(cells[line.column])) continue;
    const at = `earnings.${earnings.length}`;
    columns.set(at, line.column);
    const earning: Record<string, unknown> = { kind: line.kind, name: line.name, amountPence: value(cells[line.column]!) };
    if ('hours' in line) {
      // Hours and rate are optional: an empty cell leaves the field out.
      for (const [field, column] of [
        ['hours', line.hours],
        ['ratePence', line.rate],
      ] as const) {
        columns.set(`${at}.${field}`, column);
        if (cells[column]?.trim()) earning[field] = value(cells[column]!);
      }
    }
    earnings.push(earning);
  }
  const deductions: Record<string, unknown>[] = [];
  for (const line of DEDUCTIONS) {
    if (!line.always && !present(cells[line.column])) continue;
    columns.set(`deductions.${deductions.length}`, line.column);
    deductions.push({ name: line.name, amountPence: value(cells[line.column] ?? '') });
  }
  const other = present(cells.employerPensionPence) ? [{ name: 'Employer pension contribution', amountPence: value(cells.employerPensionPence!) }] : [];
  if (other.length) columns.set('other.0', 'employerPensionPence');
  const yearToDate = Object.fromEntries(
    YEAR_TO_DATE.map((field) => {
      columns.set(`yearToDate.${field}`, ytdColumn(field));
      return [field, value(cells[ytdColumn(field)]!)];
    }),
  );
  columns.set('yearToDate.postgraduateLoanPence', YTD_POSTGRADUATE_LOAN);
  if (cells[YTD_POSTGRADUATE_LOAN]?.trim()) yearToDate.postgraduateLoanPence = value(cells[YTD_POSTGRADUATE_LOAN]);
  for (const column of ['grossPence', 'taxablePence', 'totalDeductionsPence', 'netPence'] as const) payslip[column] = value(cells[column]!);
  columnsOf.push(columns);
  return { ...payslip, earnings, deductions, ...(other.length ? { other } : {}), yearToDate };
}
