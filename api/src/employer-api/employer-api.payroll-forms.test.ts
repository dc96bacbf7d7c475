// The publishing API takes every form of payslip the payroll rules (src/payroll) produce, on SQLite
// and PostgreSQL: weekly pay to a week 53, a salary sacrifice (an earnings line below zero), a
// Postgraduate Loan with its year-to-date figure, Scottish SD3 and NI category M. The checks that
// name a field still hold for them.
import { fromJson } from '../db/convert';
import { payslipInputOf } from '../db/demo/payslip-input';
import { runPayroll, type PayrollPlan } from '../payroll/run';
import { payslipPdf } from '../files/pdf/render';
import { DEMO, createTestApp } from '../test/helpers';
import { pdfText } from '../test/pdf-text';
import type { TestApp } from '../test/helpers';
import type { PayslipInput } from './schemas';
import { employerCall, employmentRecord, newKey } from './test-fixtures';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  key = await newKey(t.database.db, DEMO.employers.northwind);
  for (const [id, startDate] of [
    ['E-WEEKLY', '2023-04-03'],
    ['E-SCOT', '2026-04-01'],
  ] as const) {
    expect((await employerCall(t.app, key, 'PUT', `/employments/${id}`, employmentRecord({ startDate }))).statusCode).toBeLessThan(300);
  }
});
afterAll(() => t.close());

// Weekly on Fridays: 5 April 2024 is the week 53 pay day of 2023/24.
const weeklySacrifice: PayrollPlan = {
  frequency: 'weekly',
  firstPayDate: '2024-03-22',
  payments: 3,
  annualSalaryPence: () => 2_340_000,
  taxCode: () => '1257L',
  studentLoans: [],
  pensionRate: 0.05,
  employerPensionRate: 0.03,
  pensionMethod: 'salary-sacrifice',
};
const scottishGraduate: PayrollPlan = {
  firstPayMonth: { year: 2026, month: 4 },
  months: 2,
  annualSalaryPence: () => 4_200_000,
  taxCode: () => 'SD3',
  niCategory: 'M',
  studentLoans: ['plan4', 'postgraduate'],
  pensionRate: 0.05,
  employerPensionRate: 0.03,
  pensionMethod: 'relief-at-source',
};

const inputs = (plan: PayrollPlan, employmentId: string) =>
  runPayroll(plan).map((slip) => payslipInputOf(slip, { payslipId: `${employmentId}-${slip.payDate}`, employmentId }));
const weekly = () => inputs(weeklySacrifice, 'E-WEEKLY');
const scottish = () => inputs(scottishGraduate, 'E-SCOT');

it("stores the payroll rules' own payslips: week 53, a salary sacrifice, a Postgraduate Loan, SD3 and category M", async () => {
  const slips = [...weekly(), ...scottish()];
  expect(slips.map((p) => [p.payFrequency ?? 'monthly', p.taxPeriod])).toEqual([
    ['weekly', 51],
    ['weekly', 52],
    ['weekly', 53],
    ['monthly', 1],
    ['monthly', 2],
  ]);
  const res = await employerCall(t.app, key, 'PUT', '/pay-runs/forms-1', { payslips: slips });
  expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 201, body: expect.objectContaining({ created: true }) });

  const rows = await t.database.db
    .selectFrom('payslips')
    .select(['external_id', 'tax_period', 'pay_frequency', 'tax_code', 'ni_category', 'gross_pence', 'net_pence', 'earnings', 'deductions', 'year_to_date'])
    .where(
      'external_id',
      'in',
      slips.map((p) => p.payslipId),
    )
    .orderBy('external_id')
    .execute();
  const stored = new Map(rows.map((row) => [row.external_id, row]));
  for (const slip of slips) {
    const row = stored.get(slip.payslipId)!;
    expect([
      slip.payslipId,
      row.tax_period,
      row.pay_frequency,
      row.tax_code,
      row.ni_category,
      row.gross_pence,
      row.net_pence,
      fromJson(row.year_to_date!),
    ]).toEqual([
      slip.payslipId,
      slip.taxPeriod,
      slip.payFrequency ?? 'monthly',
      slip.taxCode,
      slip.niCategory,
      slip.grossPence,
      slip.netPence,
      slip.yearToDate,
    ]);
  }
  const week53 = stored.get('E-WEEKLY-2024-04-05')!;
  expect(fromJson(week53.earnings!)).toEqual([
    { kind: 'basic', name: 'Basic pay', amount: 45_000 },
    { kind: 'other', name: 'Pension salary sacrifice', amount: -2_250 },
  ]);
  const may = stored.get('E-SCOT-2026-05-29')!;
  expect(fromJson<{ name: string }[]>(may.deductions).map((line) => line.name)).toEqual([
    'Income Tax',
    'National Insurance',
    'Pension',
    'Student Loan',
    'Postgraduate Loan',
  ]);
  expect(fromJson<{ postgraduateLoanPence: number }>(may.year_to_date!).postgraduateLoanPence).toBe(21_000);
});

it('draws a weekly payslip as the week it is, week 53 with its dates, and a monthly one as its month', async () => {
  const drawn = (slip: PayslipInput) =>
    payslipPdf({
      employerName: 'Northwind Logistics Ltd',
      employeeName: 'Jordan Lee',
      niNumber: 'AB123456C',
      taxCode: slip.taxCode,
      payDate: slip.payDate,
      grossPence: slip.grossPence,
      totalDeductionsPence: slip.totalDeductionsPence,
      netPence: slip.netPence,
      deductions: slip.deductions.map((line) => ({ name: line.name, amount: line.amountPence })),
      other: [],
      taxPeriod: slip.taxPeriod,
      payFrequency: slip.payFrequency,
    }).then(pdfText);
  const [, , week53] = weekly();
  const weekText = await drawn(week53!);
  expect(weekText).toContain('Weekly pay, paid on 5 April 2024');
  expect(weekText).toContain('Week 53');
  expect(weekText).toContain('4 April 2024 to 5 April 2024, the 53rd weekly pay day of the 2023 to 2024 tax year');
  const monthText = await drawn(scottish()[1]!);
  expect(monthText).toContain('May 2026');
  expect(monthText).toContain('Month 2');
  expect(monthText).not.toContain('pay day of the');
});

const [, , week53] = weekly();
const [, may] = scottish();
const cases: [string, PayslipInput, string][] = [
  [
    "a weekly tax period that is not the pay date's tax week",
    { ...week53!, taxPeriod: 52 },
    'body.payslips.0.taxPeriod is 52 but the pay date 2024-04-05 falls in tax week 53',
  ],
  [
    'a weekly payslip sent as monthly',
    { ...week53!, payFrequency: undefined },
    'body.payslips.0.taxPeriod is 53 but the pay date 2024-04-05 falls in tax month 12',
  ],
  ['a tax period past 56', { ...week53!, taxPeriod: 57 }, 'body.payslips.0.taxPeriod must be <= 56'],
  [
    'a fortnightly tax period that is not its fortnight',
    { ...week53!, payFrequency: 'fortnightly' },
    'body.payslips.0.taxPeriod is 53 but the pay date 2024-04-05 falls in tax fortnight 27',
  ],
  [
    'a basic pay line below zero',
    {
      ...week53!,
      earnings: [
        { ...week53!.earnings[0]!, amountPence: -45_000 },
        { ...week53!.earnings[1]!, amountPence: 87_750 },
      ],
    },
    "body.payslips.0.earnings.0.amountPence is below zero on a 'basic' line (only an 'other' line, such as a salary sacrifice, may be)",
  ],
  [
    'a salary sacrifice that gross pay does not take off',
    { ...week53!, grossPence: 45_000, taxablePence: 45_000, netPence: week53!.netPence + 2_250 },
    'body.payslips.0.grossPence is 450.00 but the earnings lines add up to 427.50',
  ],
  [
    'a Postgraduate Loan missed from the deductions total',
    { ...may!, totalDeductionsPence: may!.totalDeductionsPence - 10_500, netPence: may!.netPence + 10_500 },
    'body.payslips.0.totalDeductionsPence is 2077.16 but the deductions lines add up to 2182.16',
  ],
  [
    'a Postgraduate Loan without its year-to-date figure',
    { ...may!, yearToDate: { ...may!.yearToDate, postgraduateLoanPence: undefined } },
    "body.payslips.0.yearToDate.postgraduateLoanPence is needed when the payslip has a 'Postgraduate Loan' line",
  ],
  [
    "a Postgraduate Loan year to date below this payslip's",
    { ...may!, yearToDate: { ...may!.yearToDate, postgraduateLoanPence: 100 } },
    "body.payslips.0.yearToDate.postgraduateLoanPence is 1.00, less than this payslip's Postgraduate Loan of 105.00",
  ],
  ['a Welsh D3 (Scotland alone has one)', { ...may!, taxCode: 'CD3' }, 'body.payslips.0.taxCode must be a PAYE tax code like 1257L, K475, BR or S1257L M1'],
  [
    'a pay frequency not in use',
    { ...may!, payFrequency: 'daily' as never },
    'body.payslips.0.payFrequency must be weekly, fortnightly, four-weekly or monthly',
  ],
];

it.each(cases)('refuses %s (400), naming the field', async (_what, bad, message) => {
  const res = await employerCall(t.app, key, 'PUT', '/pay-runs/forms-bad', { payslips: [{ ...bad, payslipId: 'bad-1' }] });
  expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { status: 400, error: message, code: 'request.invalid', data: null } });
});
