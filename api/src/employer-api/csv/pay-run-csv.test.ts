import fs from 'node:fs';
import path from 'node:path';
import { CsvError } from './parse-csv';
import { payRunFromCsv } from './pay-run-csv';
import { payRunProblems } from '../pay-run-check';

const example = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'examples', 'import.csv'), 'utf8');
const [header, ...lines] = example.trim().split('\n');
const columns = header!.split(',');

/** The example with one cell of one data row (0-based) changed. */
function withCell(line: number, column: string, cell: string): string {
  const rows = lines.map((l) => l.split(','));
  rows[line]![columns.indexOf(column)] = cell;
  return [header, ...rows.map((r) => r.join(','))].join('\n');
}

describe('a pay run from CSV', () => {
  it('takes the payroll number and student loan plan from their columns when the file has them', () => {
    const rows = lines.map((l, i) => `${l},${i === 0 ? 'NW-2001' : ''},${i === 0 ? 'plan2' : ''}`);
    const { data } = payRunFromCsv([`${header},payrollNumber,studentLoanPlan`, ...rows].join('\n'));
    expect(data.employments[0]).toMatchObject({ payrollNumber: 'NW-2001', studentLoanPlan: 'plan2' });
    expect(data.employments.find((e) => e.employmentId !== data.employments[0]!.employmentId)).toMatchObject({ payrollNumber: null, studentLoanPlan: null });
  });

  it('gives one employment record per employee and one payslip per row, lines from their columns', () => {
    const { data } = payRunFromCsv(example);
    expect(data.employments).toEqual([
      {
        employmentId: 'E1001',
        employeeName: 'Jordan Lee',
        email: 'jordan.lee@example.com',
        mobilePhone: '07700 900321',
        niNumber: 'AB123456C',
        bankLast4: '2468',
        birthDate: '1991-03-09',
        startDate: '2024-09-02',
        endDate: null,
        taxCode: '1257L',
      },
      expect.objectContaining({ employmentId: 'E1002', email: null }),
    ]);
    expect(data.payRun.payRunId).toBe('2026-11');
    const [, priya] = data.payRun.payslips;
    expect(priya).toMatchObject({
      payslipId: '2026-11-E1002',
      taxPeriod: 8,
      earnings: [
        { kind: 'basic', name: 'Basic pay', amountPence: 200000 },
        { kind: 'overtime', name: 'Overtime', amountPence: 20000, hours: 8, ratePence: 2500 },
      ],
      deductions: [
        { name: 'Income Tax', amountPence: 28960 },
        { name: 'National Insurance', amountPence: 9060 },
        { name: 'Pension', amountPence: 11000 },
        { name: 'Student Loan', amountPence: 7020 },
      ],
      other: [{ name: 'Employer pension contribution', amountPence: 6600 }],
      yearToDate: { grossPence: 420000, netPence: 313760, studentLoanPence: 13020 },
    });
    // Empty optional lines are left out; Income Tax and National Insurance are always there.
    expect(data.payRun.payslips[0]!.deductions).toHaveLength(3);
  });

  it('takes several payslips of one employee, the record from its rows and its tax code from the last', () => {
    const second = lines[0]!.replace('2026-11-E1001', '2026-12-E1001').replace(',1257L,', ',1185L,');
    const { data } = payRunFromCsv([header, lines[0], second].join('\n'));
    expect(data.employments).toHaveLength(1);
    expect(data.employments[0]!.taxCode).toBe('1185L');
    expect(data.payRun.payslips).toHaveLength(2);
  });

  it('takes the pay frequency and a Postgraduate Loan with its year to date, and the API accepts a week 53 payslip so made', () => {
    // Priya's row paid weekly on Friday 5 April 2024 (week 53 of 2023/24), her £70.20 of loans split into
    // £30.20 Student Loan and £40.00 Postgraduate Loan.
    const rows = lines.map((l) => l.split(','));
    const priya = rows[1]!;
    const set = (column: string, cell: string) => (priya[columns.indexOf(column)] = cell);
    set('payDate', '2024-04-05');
    set('taxPeriod', '53');
    set('studentLoanPence', '3020');
    set('ytdStudentLoanPence', '9020');
    const text = [
      `${header},payFrequency,postgraduateLoanPence,ytdPostgraduateLoanPence`,
      `${rows[0]!.join(',')},,,`,
      `${priya.join(',')},weekly,4000,4000`,
    ].join('\n');
    const { data } = payRunFromCsv(text);
    const [jordan, weekly] = data.payRun.payslips;
    expect(jordan).not.toHaveProperty('payFrequency');
    expect(jordan!.yearToDate).not.toHaveProperty('postgraduateLoanPence');
    expect(weekly).toMatchObject({
      payFrequency: 'weekly',
      taxPeriod: 53,
      deductions: expect.arrayContaining([
        { name: 'Student Loan', amountPence: 3020 },
        { name: 'Postgraduate Loan', amountPence: 4000 },
      ]),
      yearToDate: { studentLoanPence: 9020, postgraduateLoanPence: 4000 },
    });
    expect(payRunProblems({ payslips: data.payRun.payslips }, 'payRun').problems).toEqual([]);
    // A wrong frequency is named by its column.
    const { data: wrong, where } = payRunFromCsv(text.replace(',weekly,', ',yearly,'));
    expect(payRunProblems({ payslips: wrong.payRun.payslips }, 'payRun').problems.map(where)).toEqual([
      'row 3, payFrequency must be weekly, fortnightly, four-weekly or monthly',
    ]);
  });

  it('names the row and column of a refusal the import words by field', () => {
    const { where } = payRunFromCsv(example);
    expect(where('payRun.payslips.1.netPence is 1.00 but gross pay less deductions is 2.00')).toBe(
      'row 3, netPence is 1.00 but gross pay less deductions is 2.00',
    );
    expect(where('payRun.payslips.1.earnings.1.amountPence must be integer')).toBe('row 3, overtimePence must be integer');
    expect(where('payRun.payslips.1.earnings.1.hours must be >= 0')).toBe('row 3, overtimeHours must be >= 0');
    expect(where('payRun.payslips.0.deductions.2.amountPence must be integer')).toBe('row 2, pensionPence must be integer');
    expect(where('payRun.payslips.0.yearToDate.grossPence is 1.00, less than')).toBe('row 2, ytdGrossPence is 1.00, less than');
    expect(where('employments.1.niNumber must be a National Insurance number')).toBe('row 3, niNumber must be a National Insurance number');
  });

  it('keeps a cell that is not a number as text, for the schema to refuse', () => {
    const { data } = payRunFromCsv(withCell(0, 'netPence', '1993.04'));
    expect(data.payRun.payslips[0]!.netPence).toBe(1993.04);
    expect(payRunFromCsv(withCell(0, 'netPence', '"£1,993"')).data.payRun.payslips[0]!.netPence).toBe('£1,993');
  });

  it('refuses, naming row and column: unknown or missing columns, two pay runs, an employee whose record differs between rows', () => {
    expect(() => payRunFromCsv(example.replace('bonusPence', 'bonus'))).toThrow(new CsvError(`row 1: unknown column 'bonus' (see api/README.md "CSV")`));
    expect(() => payRunFromCsv(header!.replace(',netPence', ''))).toThrow(/^row 1: missing column 'netPence'$/);
    expect(() => payRunFromCsv(withCell(1, 'payRunId', '2026-12'))).toThrow("row 3, payRunId '2026-12' differs from row 2's '2026-11': one pay run a file");
    const twice = [header, lines[0], lines[0]!.replace('2026-11-E1001', 'X').replace('AB123456C', 'AB123456D')].join('\n');
    expect(() => payRunFromCsv(twice)).toThrow("row 3, niNumber 'AB123456D' differs from row 2's 'AB123456C' for employment 'E1001'");
    expect(() => payRunFromCsv(header!)).toThrow('the file has no payslip rows under its header');
  });
});
