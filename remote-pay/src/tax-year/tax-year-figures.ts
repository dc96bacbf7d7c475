// The figures of one tax year on the Tax year screen, from the employment's payslips: totals (from
// the year's latest payslip's year-to-date figures when it has them, which also count months the
// portal does not list; else the sum of the listed payslips), one row a payslip, and the P60 check.
import type { PayDocument, Payslip } from '@portal/shared/api/types';
import { toPence, yearPayslipFromPayslip } from '@portal/shared/pay-insights/from-payslip';
import { checkAgainstP60, monthlyFigures, yearTotals } from '@portal/shared/pay-insights/tax-year';
import type { MonthFigures, P60Check, TaxYear, YearTotals } from '@portal/shared/pay-insights/tax-year';
import type { PayFrequency } from '@portal/shared/pay-insights/tax-period';

export type TaxYearFigures = {
  totals: YearTotals;
  /** Where the totals come from: the latest payslip's year to date, or the listed payslips added up. */
  source: { kind: 'year-to-date'; payDate: string; taxPeriod: number | null; payFrequency?: PayFrequency } | { kind: 'payslips' };
  months: MonthFigures[];
};

export function taxYearFigures(payslips: readonly Payslip[], year: TaxYear): TaxYearFigures {
  const inYear = payslips.filter((p) => p.payDate >= year.start && p.payDate <= year.end);
  const months = monthlyFigures(inYear.map(yearPayslipFromPayslip), year);
  const latest = [...inYear].sort((a, b) => b.payDate.localeCompare(a.payDate))[0];
  const ytd = latest?.yearToDate;
  if (latest && ytd) {
    return {
      totals: {
        payslips: latest.taxPeriod ?? months.length,
        grossPence: toPence(ytd.grossPay),
        taxablePence: toPence(ytd.taxablePay),
        incomeTaxPence: toPence(ytd.incomeTax),
        nationalInsurancePence: toPence(ytd.nationalInsurance),
        pensionPence: toPence(ytd.pension),
        studentLoanPence: toPence(ytd.studentLoan),
        // Year to date has no other deductions of its own: net pay covers them.
        otherDeductionsPence: 0,
        netPence: toPence(ytd.netPay),
      },
      source: { kind: 'year-to-date', payDate: latest.payDate, taxPeriod: latest.taxPeriod ?? null, payFrequency: latest.payFrequency },
      months,
    };
  }
  return { totals: yearTotals(inYear.map(yearPayslipFromPayslip), year), source: { kind: 'payslips' }, months };
}

export type P60Outcome =
  | { kind: 'year-not-finished' }
  | { kind: 'no-p60' }
  | { kind: 'p60-without-figures'; document: PayDocument }
  | { kind: 'checked'; document: PayDocument; check: P60Check };

/** The check of a finished year's totals against its P60, if the employment has one with figures. */
export function p60Outcome(totals: YearTotals, year: TaxYear, documents: readonly PayDocument[], todayIso: string): P60Outcome {
  if (todayIso <= year.end) return { kind: 'year-not-finished' };
  const document = documents.find((d) => d.fileType === 'P60' && d.taxYear === year.label);
  if (!document) return { kind: 'no-p60' };
  if (!document.figures) return { kind: 'p60-without-figures', document };
  const { figures } = document;
  return {
    kind: 'checked',
    document,
    check: checkAgainstP60(totals, {
      payPence: toPence(figures.pay),
      taxPence: toPence(figures.incomeTax),
      nationalInsurancePence: toPence(figures.nationalInsurance),
      studentLoanPence: toPence(figures.studentLoan),
    }),
  };
}

/** Today's date, 'YYYY-MM-DD' (read through Date.now, so a test can set it). */
export function todayIso(): string {
  return new Date(Date.now()).toISOString().slice(0, 10);
}
