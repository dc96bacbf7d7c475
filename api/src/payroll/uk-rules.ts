// The UK (England and Northern Ireland) rates and thresholds for employees, one row per tax year,
// as HMRC published them ('Rates and thresholds for employers'). Money in pence a year unless named.
// The demo payroll and any check of a payslip read these; a new tax year is one more row.
import { taxYearOf as ukTaxYearOf } from '@portal/shared/pay-insights/tax-year';

/** Tax month 1 (6 April to 5 May) to 12 (6 March to 5 April). */
export { taxMonthOf } from '@portal/shared/pay-insights/tax-year';

export type StudentLoanPlan = 'plan1' | 'plan2';

export type TaxYearRules = {
  /** '2025/26': 6 April 2025 to 5 April 2026. */
  taxYear: string;
  personalAllowance: number;
  /** Taxable income (after the allowance) taxed at each rate, in order: basic, higher; additional above. */
  bands: { upTo: number | null; rate: number }[];
  ni: {
    /** Primary Threshold and Upper Earnings Limit, a month. */
    primaryThresholdMonthly: number;
    upperEarningsLimitMonthly: number;
    /** Main rate between the thresholds; from `from` (ISO date) when it changed inside the year. */
    mainRates: { from: string; rate: number }[];
    upperRate: number;
  };
  studentLoan: Record<StudentLoanPlan, { threshold: number; rate: number }>;
};

const BANDS = [
  { upTo: 3_770_000, rate: 0.2 },
  { upTo: 12_514_000, rate: 0.4 },
  { upTo: null, rate: 0.45 },
];

export const UK_RULES: TaxYearRules[] = [
  {
    taxYear: '2023/24',
    personalAllowance: 1_257_000,
    bands: BANDS,
    // The main rate fell from 12% to 10% on 6 January 2024.
    ni: {
      primaryThresholdMonthly: 104_800,
      upperEarningsLimitMonthly: 418_900,
      mainRates: [
        { from: '2023-04-06', rate: 0.12 },
        { from: '2024-01-06', rate: 0.1 },
      ],
      upperRate: 0.02,
    },
    studentLoan: { plan1: { threshold: 2_201_500, rate: 0.09 }, plan2: { threshold: 2_729_500, rate: 0.09 } },
  },
  {
    taxYear: '2024/25',
    personalAllowance: 1_257_000,
    bands: BANDS,
    ni: { primaryThresholdMonthly: 104_800, upperEarningsLimitMonthly: 418_900, mainRates: [{ from: '2024-04-06', rate: 0.08 }], upperRate: 0.02 },
    studentLoan: { plan1: { threshold: 2_499_000, rate: 0.09 }, plan2: { threshold: 2_729_500, rate: 0.09 } },
  },
  {
    taxYear: '2025/26',
    personalAllowance: 1_257_000,
    bands: BANDS,
    ni: { primaryThresholdMonthly: 104_800, upperEarningsLimitMonthly: 418_900, mainRates: [{ from: '2025-04-06', rate: 0.08 }], upperRate: 0.02 },
    studentLoan: { plan1: { threshold: 2_606_500, rate: 0.09 }, plan2: { threshold: 2_847_000, rate: 0.09 } },
  },
  {
    taxYear: '2026/27',
    personalAllowance: 1_257_000,
    bands: BANDS,
    ni: { primaryThresholdMonthly: 104_800, upperEarningsLimitMonthly: 418_900, mainRates: [{ from: '2026-04-06', rate: 0.08 }], upperRate: 0.02 },
    studentLoan: { plan1: { threshold: 2_690_000, rate: 0.09 }, plan2: { threshold: 2_938_500, rate: 0.09 } },
  },
];

/** The tax year an ISO date falls in, as '2025/26'. */
export function taxYearOf(isoDate: string): string {
  return ukTaxYearOf(isoDate).label;
}

export function rulesFor(taxYear: string): TaxYearRules {
  const rules = UK_RULES.find((row) => row.taxYear === taxYear);
  if (!rules) throw new Error(`No UK payroll rules for the tax year ${taxYear}`);
  return rules;
}
