// The UK rates and thresholds an employer's payroll applies to employees, one row per tax year, as
// HMRC publishes them. Whole pounds a year unless named; rates in per cent (NI in basis points).
// Each figure's source is beside it; a new tax year is one more row.
import { taxYearOf as ukTaxYearOf } from '@portal/shared/pay-insights/tax-year';

/** Tax month 1 (6 April to 5 May) to 12 (6 March to 5 April). */
export { taxMonthOf } from '@portal/shared/pay-insights/tax-year';

/** Where the tax code's prefix says the employee pays Income Tax: none, S (Scotland) or C (Wales). */
export type TaxCountry = 'rUK' | 'scotland' | 'wales';

/** Plans 1, 2, 4 and 5 (undergraduate) and the Postgraduate Loan. */
export type StudentLoanPlan = 'plan1' | 'plan2' | 'plan4' | 'plan5' | 'postgraduate';

/** Taxable pay (after the code's allowance) taxed at `rate`%, up to `upTo` pounds a year; the last band has no top. */
export type TaxBand = { upTo: number | null; rate: number };

/** A rate in basis points (8% is 800) in force from `from` (ISO date): the main rate changed inside 2023/24. */
export type DatedRate = { from: string; basisPoints: number };

export type NiThresholds = {
  /** Lower Earnings Limit, Primary Threshold and Upper Earnings Limit, whole pounds. */
  weekly: { lel: number; pt: number; uel: number };
  monthly: { lel: number; pt: number; uel: number };
};

export type TaxYearRules = {
  /** '2025/26': 6 April 2025 to 5 April 2026. */
  taxYear: string;
  personalAllowance: number;
  /** The code for a new starter with no P45 (on a week 1/month 1 basis). */
  emergencyCode: string;
  bands: Record<TaxCountry, TaxBand[]>;
  /** BR, D0, D1 (and D2, D3 in Scotland): every pound of pay taxed at one band's rate. */
  flatCodes: Record<TaxCountry, Record<string, number>>;
  ni: NiThresholds & {
    /** Employee rates between the Primary Threshold and the Upper Earnings Limit, by kind of letter. */
    main: DatedRate[];
    /** Married women's and widows' reduced rate (B, and its freeport and investment-zone twins I and E). */
    reduced: DatedRate[];
    /** Above the Upper Earnings Limit, and the deferment rate (J, Z, L, D) between the thresholds. */
    additionalBasisPoints: number;
    /** The employer's side: Secondary Threshold (weekly, monthly, whole pounds) and rate above it. */
    employer: { weekly: number; monthly: number; basisPoints: number };
  };
  /** Annual repayment thresholds and rates; the per-period thresholds are worked from them (see student-loans.ts). */
  studentLoans: Partial<Record<StudentLoanPlan, { threshold: number; rate: number }>>;
};

// Income Tax bands on taxable pay, rest of the UK (England and Northern Ireland) and Wales: the Welsh
// rates have been set equal to them every year so far.
// https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2025-to-2026 (and the same page for each year)
const RUK_BANDS: TaxBand[] = [
  { upTo: 37_700, rate: 20 }, // basic rate, £0 to £37,700 of taxable pay
  { upTo: 125_140, rate: 40 }, // higher rate, £37,701 to £125,140
  { upTo: null, rate: 45 }, // additional rate, over £125,140
];
// https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2025-to-2026 ("Tax codes": BR, D0, D1)
const RUK_FLAT = { BR: 20, D0: 40, D1: 45 };

// Scottish bands on taxable pay (the published starts less the £12,570 allowance), from HMRC's
// "Scottish Income Tax" rates for employers: https://www.gov.uk/scottish-income-tax
const SCOTLAND_2023: TaxBand[] = [
  { upTo: 2_162, rate: 19 }, // starter, £12,571 to £14,732
  { upTo: 13_118, rate: 20 }, // basic, £14,733 to £25,688
  { upTo: 31_092, rate: 21 }, // intermediate, £25,689 to £43,662
  { upTo: 125_140, rate: 42 }, // higher, £43,663 to £125,140
  { upTo: null, rate: 47 }, // top, over £125,140
];
const SCOTLAND_2024: TaxBand[] = [
  { upTo: 2_306, rate: 19 }, // starter, £12,571 to £14,876
  { upTo: 13_991, rate: 20 }, // basic, £14,877 to £26,561
  { upTo: 31_092, rate: 21 }, // intermediate, £26,562 to £43,662
  { upTo: 62_430, rate: 42 }, // higher, £43,663 to £75,000
  { upTo: 125_140, rate: 45 }, // advanced (new in 2024/25), £75,001 to £125,140
  { upTo: null, rate: 48 }, // top, over £125,140
];
const SCOTLAND_2025: TaxBand[] = [
  { upTo: 2_827, rate: 19 }, // starter, £12,571 to £15,397
  { upTo: 14_921, rate: 20 }, // basic, £15,398 to £27,491
  { upTo: 31_092, rate: 21 }, // intermediate, £27,492 to £43,662
  { upTo: 62_430, rate: 42 }, // higher, £43,663 to £75,000
  { upTo: 125_140, rate: 45 }, // advanced, £75,001 to £125,140
  { upTo: null, rate: 48 }, // top, over £125,140
];
const SCOTLAND_2026: TaxBand[] = [
  { upTo: 3_967, rate: 19 }, // starter, £12,571 to £16,537
  { upTo: 16_956, rate: 20 }, // basic, £16,538 to £29,526
  { upTo: 31_092, rate: 21 }, // intermediate, £29,527 to £43,662
  { upTo: 62_430, rate: 42 }, // higher, £43,663 to £75,000
  { upTo: 125_140, rate: 45 }, // advanced, £75,001 to £125,140
  { upTo: null, rate: 48 }, // top, over £125,140
];
// SBR, SD0 (intermediate), SD1 (higher), SD2 (top in 2023/24, advanced after), SD3 (top, from 2024/25).
// https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2024-to-2025 ("Scottish tax codes")
const SCOTLAND_FLAT_2023 = { BR: 20, D0: 21, D1: 42, D2: 47 };
const SCOTLAND_FLAT_2024 = { BR: 20, D0: 21, D1: 42, D2: 45, D3: 48 };

// Class 1 thresholds, whole pounds: https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2025-to-2026
// ("Class 1 National Insurance thresholds"); the Primary Threshold and Upper Earnings Limit are frozen to 2028.
const PT_UEL = { pt: 242, uel: 967 };
const PT_UEL_MONTHLY = { pt: 1_048, uel: 4_189 };

// Employee rates ("Class 1 National Insurance rates", same pages). 2023/24: 12% (reduced 5.85%) to
// 5 January 2024, then 10% (3.85%): https://www.gov.uk/government/publications/national-insurance-contributions-reduction-in-main-rate
const ADDITIONAL = 200; // 2%
// Employer: 13.8% over £175 a week (£758 a month) to 2024/25, then 15% over £96 (£417) from 6 April 2025:
// https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2025-to-2026 ("Secondary Threshold")
const EMPLOYER_TO_2025 = { weekly: 175, monthly: 758, basisPoints: 1_380 };
const EMPLOYER_FROM_2025 = { weekly: 96, monthly: 417, basisPoints: 1_500 };

// Student loan thresholds a year: https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2025-to-2026
// ("Student loan and Postgraduate Loan recovery"); 9% of earnings over the threshold, 6% for the Postgraduate Loan.
const POSTGRADUATE = { threshold: 21_000, rate: 6 };

export const UK_RULES: TaxYearRules[] = [
  {
    // https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2023-to-2024
    taxYear: '2023/24',
    personalAllowance: 12_570,
    emergencyCode: '1257L',
    bands: { rUK: RUK_BANDS, wales: RUK_BANDS, scotland: SCOTLAND_2023 },
    flatCodes: { rUK: RUK_FLAT, wales: RUK_FLAT, scotland: SCOTLAND_FLAT_2023 },
    ni: {
      weekly: { lel: 123, ...PT_UEL },
      monthly: { lel: 533, ...PT_UEL_MONTHLY },
      main: [
        { from: '2023-04-06', basisPoints: 1_200 },
        { from: '2024-01-06', basisPoints: 1_000 },
      ],
      reduced: [
        { from: '2023-04-06', basisPoints: 585 },
        { from: '2024-01-06', basisPoints: 385 },
      ],
      additionalBasisPoints: ADDITIONAL,
      employer: EMPLOYER_TO_2025,
    },
    studentLoans: {
      plan1: { threshold: 22_015, rate: 9 },
      plan2: { threshold: 27_295, rate: 9 },
      plan4: { threshold: 27_660, rate: 9 },
      postgraduate: POSTGRADUATE,
    },
  },
  {
    // https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2024-to-2025
    taxYear: '2024/25',
    personalAllowance: 12_570,
    emergencyCode: '1257L',
    bands: { rUK: RUK_BANDS, wales: RUK_BANDS, scotland: SCOTLAND_2024 },
    flatCodes: { rUK: RUK_FLAT, wales: RUK_FLAT, scotland: SCOTLAND_FLAT_2024 },
    ni: {
      weekly: { lel: 123, ...PT_UEL },
      monthly: { lel: 533, ...PT_UEL_MONTHLY },
      main: [{ from: '2024-04-06', basisPoints: 800 }],
      reduced: [{ from: '2024-04-06', basisPoints: 185 }],
      additionalBasisPoints: ADDITIONAL,
      employer: EMPLOYER_TO_2025,
    },
    studentLoans: {
      plan1: { threshold: 24_990, rate: 9 },
      plan2: { threshold: 27_295, rate: 9 },
      plan4: { threshold: 31_395, rate: 9 },
      postgraduate: POSTGRADUATE,
    },
  },
  {
    // https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2025-to-2026
    taxYear: '2025/26',
    personalAllowance: 12_570,
    emergencyCode: '1257L',
    bands: { rUK: RUK_BANDS, wales: RUK_BANDS, scotland: SCOTLAND_2025 },
    flatCodes: { rUK: RUK_FLAT, wales: RUK_FLAT, scotland: SCOTLAND_FLAT_2024 },
    ni: {
      weekly: { lel: 125, ...PT_UEL },
      monthly: { lel: 542, ...PT_UEL_MONTHLY },
      main: [{ from: '2025-04-06', basisPoints: 800 }],
      reduced: [{ from: '2025-04-06', basisPoints: 185 }],
      additionalBasisPoints: ADDITIONAL,
      employer: EMPLOYER_FROM_2025,
    },
    studentLoans: {
      plan1: { threshold: 26_065, rate: 9 },
      plan2: { threshold: 28_470, rate: 9 },
      plan4: { threshold: 32_745, rate: 9 },
      postgraduate: POSTGRADUATE,
    },
  },
  {
    // https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2026-to-2027
    taxYear: '2026/27',
    personalAllowance: 12_570,
    emergencyCode: '1257L',
    bands: { rUK: RUK_BANDS, wales: RUK_BANDS, scotland: SCOTLAND_2026 },
    flatCodes: { rUK: RUK_FLAT, wales: RUK_FLAT, scotland: SCOTLAND_FLAT_2024 },
    ni: {
      weekly: { lel: 129, ...PT_UEL },
      monthly: { lel: 559, ...PT_UEL_MONTHLY },
      main: [{ from: '2026-04-06', basisPoints: 800 }],
      reduced: [{ from: '2026-04-06', basisPoints: 185 }],
      additionalBasisPoints: ADDITIONAL,
      employer: EMPLOYER_FROM_2025,
    },
    studentLoans: {
      plan1: { threshold: 26_900, rate: 9 },
      plan2: { threshold: 29_385, rate: 9 },
      plan4: { threshold: 33_795, rate: 9 },
      // Plan 5 (courses from August 2023) is first repaid from April 2026.
      plan5: { threshold: 25_000, rate: 9 },
      postgraduate: POSTGRADUATE,
    },
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

/** The rate in force on a pay day (the latest change on or before it). */
export function rateOn(rates: DatedRate[], payDate: string): number {
  return ([...rates].reverse().find((rate) => payDate >= rate.from) ?? rates[0]!).basisPoints;
}
