// Test data: three payslips of one employment, newest first (as the API sends them), built with
// the shared payslip builder so each adds up (gross pay less deductions is net pay).
import type { Payslip, RecentUpdate } from '@portal/shared/api/types';
import { aPayslip, payslipDeductions, withoutPayslipDetails } from '@portal/shared/testing/payslips';

export const USER_ID = 'user-1';
export const EMPLOYMENT_ID = 'emp-1';

export const octoberPayslip: Payslip = aPayslip({
  ...withoutPayslipDetails,
  ID: 'p-oct',
  payDate: '2026-10-31',
  grossPay: 1650,
  deductions: payslipDeductions({ incomeTax: 210.2, nationalInsurance: 105.24, pension: 100, studentLoan: 0 }),
  other: [{ name: 'Tax code', amount: 0 }],
});

export const septemberPayslip: Payslip = aPayslip({
  ...withoutPayslipDetails,
  ID: 'p-sep',
  payDate: '2026-09-30',
  grossPay: 2600,
  deductions: payslipDeductions({ incomeTax: 0, nationalInsurance: 0, pension: 0, studentLoan: 598.9 }),
  other: [{ name: 'Holiday pay', amount: 120.5 }],
});

export const augustPayslip: Payslip = aPayslip({
  ...withoutPayslipDetails,
  ID: 'p-aug',
  payDate: '2026-08-28',
  grossPay: 1200,
  deductions: payslipDeductions({ incomeTax: 150, nationalInsurance: 62.35 }),
});

export const payslips: Payslip[] = [octoberPayslip, septemberPayslip, augustPayslip];

export const updates: RecentUpdate[] = [
  { ID: 'u-1', updateHeader: 'Your October payslip is ready', updateFrom: 'Payroll', created: '2026-10-31T23:30:00.000Z' },
  { ID: 'u-2', updateHeader: 'Pension contribution changed', updateFrom: 'HR team', created: '2026-09-01T08:00:00.000Z' },
];

export const PAYSLIPS_ROUTE = 'GET /api/users/:userId/employments/:employmentId/payslips';
export const UPDATES_ROUTE = 'GET /api/users/:userId/employments/:employmentId/updates';
export const FILE_ROUTE = 'GET /api/users/:userId/file/:fileId/employment/:employmentId';

/** The figures a payslip card shows, term -> value, in order (from its description lists). */
export function figuresIn(container: HTMLElement): Record<string, string> {
  const terms = Array.from(container.querySelectorAll('dt'));
  return Object.fromEntries(terms.map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']));
}

/**
 * A payslip with the details that explain it: earnings lines with overtime, tax code, NI category, tax period.
 * The builder works out the rest: NI category A, tax month 6, taxable pay £3,378.73 (gross less pension).
 */
export const explainedPayslip: Payslip = aPayslip({
  ID: 'p-explained',
  payDate: '2026-09-30',
  deductions: payslipDeductions({ incomeTax: 495.2, nationalInsurance: 49.04, pension: 177.83, studentLoan: 96 }),
  other: [{ name: 'Employer pension contribution', amount: 106.7 }],
  taxCode: '1097L',
  earnings: [
    { kind: 'basic', name: 'Basic pay', amount: 3312 },
    { kind: 'overtime', name: 'Overtime', amount: 244.56, hours: 8, rate: 30.57 },
  ],
});
