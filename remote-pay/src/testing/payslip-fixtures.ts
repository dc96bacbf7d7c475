// Test data: three payslips of one employment, newest first (as the API sends them).
import type { Payslip, RecentUpdate } from '@portal/shared/api/types';

export const USER_ID = 'user-1';
export const EMPLOYMENT_ID = 'emp-1';

/** What the API sends for a payslip published without the details of issue 14. */
export const withoutDetails = { taxCode: null, niCategory: null, taxPeriod: null, earnings: [], taxablePay: null, yearToDate: null };

export const octoberPayslip: Payslip = {
  ...withoutDetails,
  ID: 'p-oct',
  payDate: '2026-10-31',
  netPay: 1234.56,
  grossPay: 1650,
  totalDeductions: 415.44,
  deductions: [
    { name: 'Income Tax', amount: 210.2 },
    { name: 'National Insurance', amount: 105.24 },
    { name: 'Pension', amount: 100 },
    { name: 'Student Loan', amount: 0 },
  ],
  other: [{ name: 'Tax code', amount: 0 }],
};

export const septemberPayslip: Payslip = {
  ...withoutDetails,
  ID: 'p-sep',
  payDate: '2026-09-30',
  netPay: 2001.1,
  grossPay: 2600,
  totalDeductions: 598.9,
  deductions: [
    { name: 'Income Tax', amount: 0 },
    { name: 'National Insurance', amount: 0 },
    { name: 'Pension', amount: 0 },
    { name: 'Student Loan', amount: 598.9 },
  ],
  other: [{ name: 'Holiday pay', amount: 120.5 }],
};

export const augustPayslip: Payslip = {
  ...withoutDetails,
  ID: 'p-aug',
  payDate: '2026-08-28',
  netPay: 987.65,
  grossPay: 1200,
  totalDeductions: 212.35,
  deductions: [
    { name: 'Income Tax', amount: 150 },
    { name: 'National Insurance', amount: 62.35 },
  ],
  other: [],
};

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

/** A payslip with what issue 14 adds: earnings lines with overtime, tax code, NI category, tax period. */
export const explainedPayslip: Payslip = {
  ID: 'p-explained',
  payDate: '2026-09-30',
  netPay: 2738.49,
  grossPay: 3556.56,
  totalDeductions: 818.07,
  deductions: [
    { name: 'Income Tax', amount: 495.2 },
    { name: 'National Insurance', amount: 49.04 },
    { name: 'Pension', amount: 177.83 },
    { name: 'Student Loan', amount: 96 },
  ],
  other: [{ name: 'Employer pension contribution', amount: 106.7 }],
  taxCode: '1097L',
  niCategory: 'A',
  taxPeriod: 6,
  earnings: [
    { kind: 'basic', name: 'Basic pay', amount: 3312 },
    { kind: 'overtime', name: 'Overtime', amount: 244.56, hours: 8, rate: 30.57 },
  ],
  taxablePay: 3378.73,
  yearToDate: null,
};
