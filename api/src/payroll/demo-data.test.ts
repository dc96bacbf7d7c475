// Every demo payslip and P60, read back from the seeded database and worked out again from its own
// inputs (earnings lines, tax code, the year so far) under the UK rules: the demo data adds up.
import { fromJson } from '../db/convert';
import { alexBrightwaterPlan, samLastYearPlan } from '../db/demo/plans';
import { createTestApp, type TestApp } from '../test/helpers';
import { incomeTaxForMonth, nationalInsuranceForMonth, studentLoanForMonth } from './paye';
import { p60Of, runPayroll, type YearToDate } from './run';
import { taxYearOf } from './uk-rules';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Line = { name: string; amount: number };
const amountOf = (lines: Line[], name: string) => lines.find((line) => line.name === name)?.amount ?? 0;

it('works out every demo payslip again from its inputs, to the penny', async () => {
  const rows = await t.database.db.selectFrom('payslips').selectAll().orderBy('employment_id').orderBy('pay_date').execute();
  expect(rows.length).toBeGreaterThan(20);
  let previous: (typeof rows)[number] | undefined;
  for (const row of rows) {
    const where = `${row.employment_id} ${row.pay_date}`;
    const earnings = fromJson<Line[]>(row.earnings!);
    const deductions = fromJson<Line[]>(row.deductions);
    const ytd = fromJson<YearToDate>(row.year_to_date!);
    const taxYear = taxYearOf(row.pay_date);
    const gross = earnings.reduce((sum, line) => sum + line.amount, 0);
    const tax = amountOf(deductions, 'Income Tax');
    const pension = amountOf(deductions, 'Pension');

    expect([where, gross]).toEqual([where, row.gross_pence]);
    expect([where, deductions.reduce((sum, line) => sum + line.amount, 0)]).toEqual([where, row.total_deductions_pence]);
    expect([where, row.gross_pence - row.total_deductions_pence]).toEqual([where, row.net_pence]);
    expect([where, row.taxable_pence]).toEqual([where, gross - pension]);

    // The year so far: from the payslip before when it is stored, else from this one's own totals.
    const samePreviousYear = previous && previous.employment_id === row.employment_id && taxYearOf(previous.pay_date) === taxYear;
    const before = samePreviousYear
      ? fromJson<YearToDate>(previous!.year_to_date!)
      : { ...ytd, taxablePence: ytd.taxablePence - row.taxable_pence!, incomeTaxPence: ytd.incomeTaxPence - tax };
    expect([where, ytd.taxablePence]).toEqual([where, before.taxablePence + row.taxable_pence!]);
    expect([where, ytd.incomeTaxPence]).toEqual([where, before.incomeTaxPence + tax]);

    const recomputedTax = incomeTaxForMonth({
      taxYear,
      taxMonth: row.tax_period!,
      taxCode: row.tax_code!,
      taxablePayPence: row.taxable_pence!,
      previousTaxablePayToDatePence: before.taxablePence,
      previousTaxToDatePence: before.incomeTaxPence,
    });
    expect([where, 'Income Tax', tax]).toEqual([where, 'Income Tax', recomputedTax]);
    expect([where, 'NI', amountOf(deductions, 'National Insurance')]).toEqual([where, 'NI', nationalInsuranceForMonth(taxYear, row.pay_date, gross)]);
    if (deductions.some((line) => line.name === 'Student Loan')) {
      expect([where, 'Student Loan', amountOf(deductions, 'Student Loan')]).toEqual([where, 'Student Loan', studentLoanForMonth(taxYear, 'plan2', gross)]);
    }
    previous = row;
  }
});

it('gives every P60 the totals of its year', async () => {
  const p60s = await t.database.db.selectFrom('pay_documents').selectAll().where('file_type', '=', 'P60').execute();
  expect(p60s.length).toBeGreaterThanOrEqual(3);
  for (const doc of p60s) {
    const figures = fromJson<ReturnType<typeof p60Of>>(doc.figures!);
    const lastOfYear = await t.database.db
      .selectFrom('payslips')
      .selectAll()
      .where('employment_id', '=', doc.employment_id)
      .where('tax_period', '=', 12)
      .execute()
      .then((rows) => rows.find((row) => taxYearOf(row.pay_date) === doc.tax_year));
    if (lastOfYear) {
      // The year's last payslip is stored: the P60 states its year-to-date figures.
      const ytd = fromJson<YearToDate>(lastOfYear.year_to_date!);
      expect([doc.id, figures.payPence, figures.taxPence, figures.nationalInsurancePence, figures.studentLoanPence]).toEqual([
        doc.id,
        ytd.taxablePence,
        ytd.incomeTaxPence,
        ytd.nationalInsurancePence,
        ytd.studentLoanPence,
      ]);
    } else {
      // A year whose payslips are not kept: work the year out again from the demo's plan.
      const plan = doc.id === 'doc_sam_bw_p60_2526' ? samLastYearPlan : alexBrightwaterPlan;
      expect([doc.id, figures]).toEqual([doc.id, p60Of(runPayroll(plan), doc.tax_year)]);
    }
  }
});
