// Every demo payslip and P60, read back from the seeded database and worked out again from its own
// inputs (earnings lines, tax code, the year so far) under the UK rules: the demo data adds up.
import fs from 'node:fs';
import path from 'node:path';
import { API_ROOT } from '../config';
import { fromJson } from '../db/convert';
import { alexBrightwaterPlan, alexNorthwindPlan, invitePlan, newStarterPlan, samLastYearPlan, samPlan } from '../db/demo/plans';
import type { PayslipInput } from '../employer-api/schemas';
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

it('gives the P45 in the demo files the pay and tax to date of the employment it ends', () => {
  const file = JSON.parse(fs.readFileSync(path.join(API_ROOT, 'demo', 'brightwater.json'), 'utf8')) as {
    payDocuments: {
      type: string;
      employmentId: string;
      taxYear: string;
      details: { leavingDate: string; taxCode: string; payToDatePence: number; taxToDatePence: number };
    }[];
  };
  const p45s = file.payDocuments.filter((d) => d.type === 'P45');
  expect(p45s).toHaveLength(1);
  for (const { taxYear, details } of p45s) {
    const year = p60Of(runPayroll(alexBrightwaterPlan), taxYear.replace('-', '/'));
    expect([details.taxCode, details.payToDatePence, details.taxToDatePence]).toEqual([year.finalTaxCode, year.payPence, year.taxPence]);
    expect(details.leavingDate).toBe(runPayroll(alexBrightwaterPlan).at(-1)!.payDate);
  }
});

it("keeps in the demo files (api/demo) the payslips the UK rules give for the demo's plans, so the seed's P60s and P45 agree with them", () => {
  const files = ['northwind.json', 'brightwater.json'].map(
    (name) => JSON.parse(fs.readFileSync(path.join(API_ROOT, 'demo', name), 'utf8')) as { payRun: { payslips: PayslipInput[] } },
  );
  const inFiles = new Map(files.flatMap((file) => file.payRun.payslips.map((p) => [p.payslipId, p] as const)));
  const plans = {
    alex_northwind: alexNorthwindPlan,
    alex_brightwater: alexBrightwaterPlan,
    sam_brightwater: samPlan,
    invite_demo: invitePlan,
    new_starter: newStarterPlan,
  };
  for (const [employment, plan] of Object.entries(plans)) {
    for (const slip of runPayroll(plan)) {
      const stored = inFiles.get(`ps_${employment}_${slip.payDate.replace(/-/g, '')}`);
      if (!stored) continue; // older payslips of a plan are not kept
      expect([stored.payslipId, stored.grossPence, stored.netPence, stored.taxCode, stored.yearToDate]).toEqual([
        stored.payslipId,
        slip.grossPence,
        slip.netPence,
        slip.taxCode,
        slip.yearToDate,
      ]);
      expect(stored.deductions).toEqual(slip.deductions.map(({ name, amountPence }) => ({ name, amountPence })));
    }
  }
  expect(inFiles.size).toBeGreaterThan(20);
});
