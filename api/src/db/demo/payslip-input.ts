// An engine payslip (api/src/payroll) as payroll software publishes it to the employer API: the same
// figures, lines and year-to-date, so what the demo seeds is what the API accepts.
import type { PayrollPayslip } from '../../payroll/run';
import type { PayslipInput } from '../../employer-api/schemas';

export function payslipInputOf(slip: PayrollPayslip, ids: { payslipId: string; employmentId: string }): PayslipInput {
  return {
    ...ids,
    payDate: slip.payDate,
    taxCode: slip.taxCode,
    niCategory: slip.niCategory,
    ...(slip.frequency === 'monthly' ? {} : { payFrequency: slip.frequency }),
    taxPeriod: slip.taxPeriod,
    earnings: slip.earnings.map(({ kind, name, amountPence, hours, ratePence }) => ({
      kind,
      name,
      amountPence,
      ...(hours === undefined ? {} : { hours }),
      ...(ratePence === undefined ? {} : { ratePence }),
    })),
    grossPence: slip.grossPence,
    taxablePence: slip.taxablePence,
    deductions: slip.deductions.map(({ name, amountPence }) => ({ name, amountPence })),
    totalDeductionsPence: slip.totalDeductionsPence,
    netPence: slip.netPence,
    other: [{ name: 'Employer pension contribution', amountPence: slip.employerPensionPence }],
    yearToDate: slip.yearToDate,
  };
}
