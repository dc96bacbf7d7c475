// The National Insurance part of a P60, worked out from the tax year's payslips as HMRC's P60 shows
// it for each NI category letter: earnings at the Lower Earnings Limit (LEL), above the LEL up to the
// Primary Threshold (PT), above the PT up to the Upper Earnings Limit (UEL), and the employee's
// contributions on earnings above the PT. Each payslip is one earnings period of its own pay frequency.
import { niThresholds } from '../payroll/national-insurance';
import type { PayFrequency } from '../payroll/pay-periods';
import { UK_RULES, rulesFor } from '../payroll/uk-rules';

/** A month's NI limits, in pence. */
export type MonthlyNiLimits = { lel: number; pt: number; uel: number };

/** A month's NI limits as the payroll rules hold them (whole pounds), in pence; null for a year they do not cover. */
export function monthlyNiLimits(taxYear: string): MonthlyNiLimits | null {
  if (!UK_RULES.some((rules) => rules.taxYear === taxYear)) return null;
  const { lel, pt, uel } = rulesFor(taxYear).ni.monthly;
  return { lel: lel * 100, pt: pt * 100, uel: uel * 100 };
}

/** One payslip as the bands need it: its NI letter, gross pay (NI-able earnings) and the NI deducted. */
export type NiPayslip = { niCategory: string | null; grossPence: number; nationalInsurancePence: number; frequency?: PayFrequency };

export type NiBands = {
  letter: string;
  atLelPence: number;
  lelToPtPence: number;
  ptToUelPence: number;
  contributionsPence: number;
};

/** One earnings period split at the limits (nothing is recorded for pay below the LEL). */
function periodBands(gross: number, { lel, pt, uel }: MonthlyNiLimits) {
  if (gross < lel) return { atLel: 0, lelToPt: 0, ptToUel: 0 };
  return { atLel: lel, lelToPt: Math.min(gross, pt) - lel, ptToUel: Math.max(0, Math.min(gross, uel) - pt) };
}

/** The P60's NI rows, one per category letter in the order first used; null without the year's limits. */
export function niBandsOfYear(taxYear: string, payslips: readonly NiPayslip[]): NiBands[] | null {
  if (!monthlyNiLimits(taxYear)) return null;
  const byLetter = new Map<string, NiBands>();
  for (const slip of payslips) {
    const letter = slip.niCategory ?? 'A';
    const bands = byLetter.get(letter) ?? { letter, atLelPence: 0, lelToPtPence: 0, ptToUelPence: 0, contributionsPence: 0 };
    const period = periodBands(slip.grossPence, niThresholds(taxYear, slip.frequency ?? 'monthly'));
    bands.atLelPence += period.atLel;
    bands.lelToPtPence += period.lelToPt;
    bands.ptToUelPence += period.ptToUel;
    bands.contributionsPence += slip.nationalInsurancePence;
    byLetter.set(letter, bands);
  }
  return [...byLetter.values()];
}
