// The demo payroll's inputs: each employment's salary, tax codes, overtime and bonuses month by
// month. The figures themselves come from api/src/payroll (the real UK rules of each tax year), so
// every payslip, year-to-date figure and P60 adds up to the penny.
import type { PayrollPlan } from '../../payroll/run';

const month = (payDate: string) => payDate.slice(0, 7);
const inMonths = (payDate: string, months: string[]) => months.includes(month(payDate));

const northwindPension = { pensionRate: 0.05, employerPensionRate: 0.03 };

/**
 * Alex at Northwind from April 2025: a 3.5% pay rise from April 2026 (the update of 16 March 2026
 * announces it), 1097L from October 2025 once the P11D benefits (£1,600) reach the code, an
 * emergency month-1 code in August 2026 (HMRC's non-cumulative code after a benefit change),
 * overtime in November 2025, February 2026 and September 2026, and a December bonus.
 */
export const alexNorthwindPlan: PayrollPlan = {
  firstPayMonth: { year: 2025, month: 4 },
  months: 19,
  annualSalaryPence: (payDate) => (payDate >= '2026-04-06' ? 3_974_400 : 3_840_000),
  taxCode: (payDate) => {
    if (payDate < '2025-10-06') return '1257L';
    if (inMonths(payDate, ['2026-08'])) return '1097L M1';
    return '1097L';
  },
  overtime: (payDate) => {
    if (inMonths(payDate, ['2025-11'])) return { hours: 10, ratePence: 2_954 };
    if (inMonths(payDate, ['2026-02'])) return { hours: 6, ratePence: 2_954 };
    if (inMonths(payDate, ['2026-09'])) return { hours: 8, ratePence: 3_057 };
    return null;
  },
  bonusPence: (payDate) => (inMonths(payDate, ['2025-12']) ? 50_000 : 0),
  studentLoans: ['plan2'],
  ...northwindPension,
};

/** Alex at Brightwater, the employment that ended on 31 March 2025. */
export const alexBrightwaterPlan: PayrollPlan = {
  firstPayMonth: { year: 2023, month: 4 },
  months: 24,
  annualSalaryPence: () => 3_120_000,
  taxCode: () => '1257L',
  studentLoans: ['plan2'],
  pensionRate: 0.05,
  employerPensionRate: 0.05,
};

/** Sam at Brightwater: the current tax year so far. */
export const samPlan: PayrollPlan = {
  firstPayMonth: { year: 2026, month: 4 },
  months: 7,
  annualSalaryPence: () => 2_940_000,
  taxCode: () => '1257L',
  studentLoans: [],
  pensionRate: 0.05,
  employerPensionRate: 0.05,
};

/** Sam's last full tax year, behind the 2025/26 P60. */
export const samLastYearPlan: PayrollPlan = { ...samPlan, firstPayMonth: { year: 2025, month: 4 }, months: 12, annualSalaryPence: () => 2_820_000 };

/** A record waiting to be linked: a new starter with no P45, so on an emergency code. */
export const newStarterPlan: PayrollPlan = {
  firstPayMonth: { year: 2026, month: 10 },
  months: 1,
  annualSalaryPence: () => 2_760_000,
  taxCode: () => '1257L M1',
  studentLoans: [],
  ...northwindPension,
};

/** The record behind the invitation link (text channel). */
export const invitePlan: PayrollPlan = {
  firstPayMonth: { year: 2026, month: 9 },
  months: 2,
  annualSalaryPence: () => 3_300_000,
  taxCode: () => '1257L',
  studentLoans: [],
  pensionRate: 0.05,
  employerPensionRate: 0.05,
};

/**
 * Jamie at Glenmore Foods (Dundee), who signs in to the demo: a Scottish taxpayer (S1257L) paid
 * weekly on Fridays by salary sacrifice, repaying a Plan 4 loan (Scotland's) and a Postgraduate Loan.
 * 5 April 2024 was a Friday, so 2023/24 has a week 53 pay day (4 and 5 April 2024, the year holding
 * 29 February), and the pay goes on into weeks 1 to 3 of 2024/25. NI's main rate fell from 12% to 10%
 * on 6 January 2024 and to 8% on 6 April 2024.
 */
export const jamieGlenmorePlan: PayrollPlan = {
  frequency: 'weekly',
  firstPayDate: '2023-04-07',
  payments: 56,
  annualSalaryPence: () => 3_640_000,
  taxCode: () => 'S1257L',
  studentLoans: ['plan4', 'postgraduate'],
  pensionRate: 0.05,
  employerPensionRate: 0.04,
  pensionMethod: 'salary-sacrifice',
};

/** Callum at Glenmore: a Scottish taxpayer with a relief-at-source pension, monthly from April 2025; a pay rise in April 2026. */
export const callumGlenmorePlan: PayrollPlan = {
  firstPayMonth: { year: 2025, month: 4 },
  months: 19,
  annualSalaryPence: (payDate) => (payDate >= '2026-04-06' ? 4_250_000 : 4_100_000),
  taxCode: () => 'S1257L',
  studentLoans: [],
  pensionRate: 0.05,
  employerPensionRate: 0.03,
  pensionMethod: 'relief-at-source',
};

/** Ellie at Glenmore: an apprentice under 21 (NI category M), paid fortnightly from the first Friday of 2026/27. */
export const ellieGlenmorePlan: PayrollPlan = {
  frequency: 'fortnightly',
  firstPayDate: '2026-04-10',
  payments: 15,
  annualSalaryPence: () => 1_820_000,
  taxCode: () => 'S1257L',
  niCategory: 'M',
  studentLoans: [],
  pensionRate: 0.03,
  employerPensionRate: 0.03,
};

/** Ross at Glenmore: a K code (benefits above his allowance: SK475), paid four-weekly. */
export const rossGlenmorePlan: PayrollPlan = {
  frequency: 'four-weekly',
  firstPayDate: '2026-04-24',
  payments: 7,
  annualSalaryPence: () => 3_120_000,
  taxCode: () => 'SK475',
  studentLoans: [],
  pensionRate: 0.05,
  employerPensionRate: 0.05,
};
