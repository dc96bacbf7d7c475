// Employee Class 1 National Insurance on one pay day's earnings, by the exact percentage method:
// each band's earnings times its rate, added up and rounded to the penny with half a penny (or
// less) dropped: https://www.gov.uk/hmrc-internal-manuals/national-insurance-manual/nim11002
// Earnings are taken pay period by pay period (no cumulation), week 53 included.
import type { PayFrequency } from './pay-periods';
import { rateOn, rulesFor } from './uk-rules';

/** The category letters: https://www.gov.uk/guidance/national-insurance-category-letters */
export type NiCategory = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'H' | 'I' | 'J' | 'K' | 'L' | 'M' | 'N' | 'S' | 'V' | 'X' | 'Z';

/**
 * What the employee pays under each letter. A, H (apprentice under 25), M (under 21), V (veteran's first
 * civilian job) and the freeport F and investment-zone N pay the main rate; B and its twins I and E the
 * married women's reduced rate; J and Z (deferred) and L and D pay 2% throughout; C (over State Pension
 * age) and S and K pay nothing; X is not liable. The letters change only the employer's side otherwise.
 */
const EMPLOYEE_RATE: Record<NiCategory, 'main' | 'reduced' | 'deferred' | 'none'> = {
  A: 'main',
  H: 'main',
  M: 'main',
  V: 'main',
  F: 'main',
  N: 'main',
  B: 'reduced',
  I: 'reduced',
  E: 'reduced',
  J: 'deferred',
  Z: 'deferred',
  L: 'deferred',
  D: 'deferred',
  C: 'none',
  S: 'none',
  K: 'none',
  X: 'none',
};

export function isNiCategory(letter: string): letter is NiCategory {
  return Object.hasOwn(EMPLOYEE_RATE, letter);
}

/**
 * The Lower Earnings Limit, Primary Threshold and Upper Earnings Limit for one pay period, in pence.
 * HMRC publishes weekly and monthly figures; a fortnight or four weeks is that many weeks' worth
 * (Social Security (Contributions) Regulations 2001, regulation 11).
 */
export function niThresholds(taxYear: string, frequency: PayFrequency): { lel: number; pt: number; uel: number } {
  const { ni } = rulesFor(taxYear);
  const weeks = { weekly: 1, fortnightly: 2, 'four-weekly': 4, monthly: 0 }[frequency];
  const pounds = weeks ? { lel: ni.weekly.lel * weeks, pt: ni.weekly.pt * weeks, uel: ni.weekly.uel * weeks } : ni.monthly;
  return { lel: pounds.lel * 100, pt: pounds.pt * 100, uel: pounds.uel * 100 };
}

/** Pence, from an amount in ten-thousandths of a penny: half a penny or less is dropped, more is a penny. */
function toPennyHalfDown(tenThousandths: number): number {
  const pence = Math.floor(tenThousandths / 10_000);
  return tenThousandths - pence * 10_000 > 5_000 ? pence + 1 : pence;
}

export type NiInput = { taxYear: string; payDate: string; frequency: PayFrequency; category: NiCategory; earningsPence: number };

/** Employee Class 1 contributions on one pay day's earnings, in pence. */
export function employeeNationalInsurance({ taxYear, payDate, frequency, category, earningsPence }: NiInput): number {
  const { ni } = rulesFor(taxYear);
  const kind = EMPLOYEE_RATE[category];
  if (kind === 'none') return 0;
  const { pt, uel } = niThresholds(taxYear, frequency);
  const mainRate = kind === 'main' ? rateOn(ni.main, payDate) : kind === 'reduced' ? rateOn(ni.reduced, payDate) : ni.additionalBasisPoints;
  const between = Math.max(0, Math.min(earningsPence, uel) - pt);
  const above = Math.max(0, earningsPence - uel);
  return toPennyHalfDown(between * mainRate + above * ni.additionalBasisPoints);
}

/**
 * What the employer pays under each letter: the rate over the Secondary Threshold, except up to an
 * upper threshold where it pays nothing: the Apprentice (H), Upper Secondary (M, Z) and Veterans (V)
 * thresholds, which equal the Upper Earnings Limit, and the Freeport (F, I, L, S) and Investment Zone
 * (N, E, D, K) thresholds of £481 a week, £2,083 a month (£25,000 a year). X pays nothing.
 * https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2025-to-2026
 */
const EMPLOYER_RELIEF: Record<NiCategory, 'none' | 'to-uel' | 'to-25000' | 'not-liable'> = {
  A: 'none',
  B: 'none',
  C: 'none',
  J: 'none',
  H: 'to-uel',
  M: 'to-uel',
  Z: 'to-uel',
  V: 'to-uel',
  F: 'to-25000',
  I: 'to-25000',
  L: 'to-25000',
  S: 'to-25000',
  N: 'to-25000',
  E: 'to-25000',
  D: 'to-25000',
  K: 'to-25000',
  X: 'not-liable',
};

const FREEPORT_THRESHOLD = { weekly: 481, monthly: 2_083 };

/** Employer (secondary) Class 1 contributions on one pay day's earnings, in pence. */
export function employerNationalInsurance({ taxYear, frequency, category, earningsPence }: NiInput): number {
  const { ni } = rulesFor(taxYear);
  const relief = EMPLOYER_RELIEF[category];
  if (relief === 'not-liable') return 0;
  const weeks = { weekly: 1, fortnightly: 2, 'four-weekly': 4, monthly: 0 }[frequency];
  const perPeriod = (threshold: { weekly: number; monthly: number }) => (weeks ? threshold.weekly * weeks : threshold.monthly) * 100;
  const secondary = perPeriod(ni.employer);
  const freeUpTo = relief === 'to-uel' ? niThresholds(taxYear, frequency).uel : relief === 'to-25000' ? perPeriod(FREEPORT_THRESHOLD) : secondary;
  return toPennyHalfDown(Math.max(0, earningsPence - Math.max(secondary, freeUpTo)) * ni.employer.basisPoints);
}
