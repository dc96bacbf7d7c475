// Test data: payslips as the API sends them (the wire type), built in one place so every test's
// figures add up: earnings lines make gross pay, the deduction lines make total deductions, and
// gross pay less total deductions is net pay.
import type { Payslip, PayslipLine } from '@portal/shared/api/types';

/** What the API sends for a payslip published without the details that explain it. */
export const withoutPayslipDetails = {
  taxCode: null,
  niCategory: null,
  taxPeriod: null,
  earnings: [],
  taxablePay: null,
  yearToDate: null,
} satisfies Partial<Payslip>;

/** The usual deduction lines, in the order a payslip lists them; a line left out is not on the payslip. */
export function payslipDeductions(amounts: { incomeTax: number; nationalInsurance: number; pension?: number; studentLoan?: number }): PayslipLine[] {
  const lines: [string, number | undefined][] = [
    ['Income Tax', amounts.incomeTax],
    ['National Insurance', amounts.nationalInsurance],
    ['Pension', amounts.pension],
    ['Student Loan', amounts.studentLoan],
  ];
  return lines.flatMap(([name, amount]) => (amount === undefined ? [] : [{ name, amount }]));
}

const inPounds = (amount: number) => Math.round(amount * 100) / 100;
const total = (lines: readonly { amount: number }[]) => inPounds(lines.reduce((sum, line) => sum + line.amount, 0));

/** Tax month of a pay date: 1 from 6 April to 5 May, … 12 from 6 March to 5 April. */
function taxMonthOf(payDate: string): number {
  const [, month = 4, day = 6] = payDate.split('-').map(Number);
  return ((month - 4 + (day >= 6 ? 0 : -1) + 12) % 12) + 1;
}

/**
 * A monthly payslip of £38,400 a year (£3,200 basic pay), paid on 30 October 2026 (tax month 7 of
 * 2026/27) under tax code 1257L and NI category A, with 5% pension under a net-pay arrangement and
 * a Plan 2 student loan: the figures the API's payroll (api/src/payroll) works out for it, with
 * the year to date of seven such months. A new copy each time, so a test may change its own.
 */
const october2026 = (): Payslip => ({
  ID: 'payslip-2026-10-30',
  payDate: '2026-10-30',
  netPay: 2402.44,
  grossPay: 3200,
  totalDeductions: 797.56,
  deductions: payslipDeductions({ incomeTax: 398.4, nationalInsurance: 172.16, pension: 160, studentLoan: 67 }),
  other: [{ name: 'Employer pension contribution', amount: 96 }],
  taxCode: '1257L',
  niCategory: 'A',
  taxPeriod: 7,
  earnings: [{ kind: 'basic', name: 'Basic pay', amount: 3200 }],
  taxablePay: 3040,
  yearToDate: { grossPay: 22_400, taxablePay: 21_280, incomeTax: 2_788.4, nationalInsurance: 1_205.12, pension: 1_120, studentLoan: 469, netPay: 16_817.48 },
});

/**
 * A payslip as the API sends it. With no overrides, the October 2026 payslip above. Any
 * field can be overridden; what is not is worked out from what is, so the figures still add up:
 * - `earnings` make `grossPay` (a `grossPay` alone is one 'Basic pay' line);
 * - `deductions` make `totalDeductions`, and gross pay less those is `netPay`;
 * - `taxablePay` is gross pay less the pension lines, `taxPeriod` the tax month of `payDate`, `ID` from `payDate`;
 * - the year to date and the employer's pension belong to the default figures: a payslip with its own
 *   pay date, earnings or deductions has `yearToDate: null` and no `other` lines unless given.
 * Spread `withoutPayslipDetails` into the overrides for a payslip without the details that explain it.
 * Give `netPay` or `totalDeductions` only to test figures that do not add up.
 */
export function aPayslip(overrides: Partial<Payslip> = {}): Payslip {
  const october = october2026();
  const payDate = overrides.payDate ?? october.payDate;
  const earnings =
    overrides.earnings ?? (overrides.grossPay === undefined ? october.earnings : [{ kind: 'basic', name: 'Basic pay', amount: overrides.grossPay }]);
  const grossPay = overrides.grossPay ?? total(earnings);
  const deductions = overrides.deductions ?? october.deductions;
  const totalDeductions = total(deductions);
  const ownFigures =
    overrides.payDate !== undefined || overrides.earnings !== undefined || overrides.grossPay !== undefined || overrides.deductions !== undefined;
  return {
    ...october,
    ID: `payslip-${payDate}`,
    payDate,
    netPay: inPounds(grossPay - totalDeductions),
    grossPay,
    totalDeductions,
    deductions,
    other: ownFigures ? [] : october.other,
    taxPeriod: taxMonthOf(payDate),
    earnings,
    taxablePay: inPounds(grossPay - total(deductions.filter((line) => /pension/i.test(line.name)))),
    yearToDate: ownFigures ? null : october.yearToDate,
    ...overrides,
  };
}
