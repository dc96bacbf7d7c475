// Why Income Tax changed from one pay day to the next, found by working this pay day's tax again
// with HMRC's method (paye.ts): once with last pay day's code, and once with last pay day's code and
// last pay day's pay. The three differences add up exactly to the change:
//   code effect        this pay day's tax  − the same pay under last pay day's code
//   pay effect         that                − last pay day's pay under last pay day's code, now
//   year-to-date effect that               − last pay day's tax
// The last is what the cumulative method does by itself with the same code and the same pay: pennies
// of rounding (taxable pay to date is rounded down to whole pounds), tax put right after an earlier
// pay day, or a new tax year starting again.
// https://www.gov.uk/government/publications/payroll-technical-specifications-income-tax
import { payPeriodOf, type PayFrequency } from './pay-periods';
import { incomeTaxForPeriod } from './paye';
import { taxYearOf } from './uk-rules';

/** What a stored payslip says that the working needs, in pence. */
export type TaxFacts = {
  id: string;
  payDate: string;
  frequency: PayFrequency;
  taxCode: string | null;
  /** This pay day's pay subject to Income Tax. */
  taxablePence: number | null;
  /** This pay day's Income Tax (negative for a refund). */
  incomeTaxPence: number;
  /** The tax year's taxable pay and tax to date, this pay day included. */
  yearToDate: { taxablePence: number; incomeTaxPence: number } | null;
};

export type TaxChangeCause = {
  /** The payslip compared with: the one before, of the same employment. */
  previousPayslipId: string;
  codeEffectPence: number;
  payEffectPence: number;
  yearToDateEffectPence: number;
  newTaxYear: boolean;
  /** This pay day is a week 53, 54 or 56, taxed on that pay day alone (so is the year-to-date effect). */
  extraPayDay: boolean;
};

/**
 * The cause of the change in tax from `previous` to `current`, or null when it cannot be told: a
 * figure missing, year-to-date figures that do not follow on, a code the engine does not read, or a
 * payslip whose tax the engine does not reproduce (its payroll worked it some other way, so no split
 * of it would be true).
 */
export function taxChangeCause(previous: TaxFacts, current: TaxFacts): TaxChangeCause | null {
  if (!previous.taxCode || !current.taxCode || previous.taxablePence === null || current.taxablePence === null || !current.yearToDate) return null;
  const taxYear = taxYearOf(current.payDate);
  const newTaxYear = taxYearOf(previous.payDate) !== taxYear;
  // Within a year, the two payslips' year-to-date figures must follow on from each other.
  if (!newTaxYear) {
    if (!previous.yearToDate) return null;
    const followsOn =
      previous.yearToDate.taxablePence + current.taxablePence === current.yearToDate.taxablePence &&
      previous.yearToDate.incomeTaxPence + current.incomeTaxPence === current.yearToDate.incomeTaxPence;
    if (!followsOn) return null;
  }
  const period = payPeriodOf(current.frequency, current.payDate);
  const base = {
    taxYear,
    period,
    previousTaxablePayToDatePence: current.yearToDate.taxablePence - current.taxablePence,
    previousTaxToDatePence: current.yearToDate.incomeTaxPence - current.incomeTaxPence,
  };
  try {
    const reproduced = incomeTaxForPeriod({ ...base, taxCode: current.taxCode, taxablePayPence: current.taxablePence });
    if (reproduced !== current.incomeTaxPence) return null;
    const withPreviousCode = incomeTaxForPeriod({ ...base, taxCode: previous.taxCode, taxablePayPence: current.taxablePence });
    const previousPayNow = incomeTaxForPeriod({ ...base, taxCode: previous.taxCode, taxablePayPence: previous.taxablePence });
    return {
      previousPayslipId: previous.id,
      codeEffectPence: current.incomeTaxPence - withPreviousCode,
      payEffectPence: withPreviousCode - previousPayNow,
      yearToDateEffectPence: previousPayNow - previous.incomeTaxPence,
      newTaxYear,
      extraPayDay: period.extra,
    };
  } catch {
    // A code or a year the engine has no rules for: the screen explains from the lines alone.
    return null;
  }
}
