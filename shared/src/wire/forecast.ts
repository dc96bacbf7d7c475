// Answer of GET /api/users/{userId}/employments/{employmentId}/forecast: an estimate of the next
// payslip from the latest one of the tax year (same basic pay, no overtime or bonus), the year's
// total, and the same payslip with another pension contribution. Money in pounds.
import { Type } from '@sinclair/typebox';

const Pounds = (description: string) => Type.Number({ description: `${description} (pounds)` });

const PensionMethodSchema = Type.Union([Type.Literal('net-pay'), Type.Literal('relief-at-source'), Type.Literal('salary-sacrifice')], {
  description: 'Taken before tax (net pay), after tax with basic-rate relief claimed by the scheme, or given up from pay (salary sacrifice)',
});

export const PensionSchema = Type.Object(
  { method: PensionMethodSchema, percent: Type.Number({ minimum: 0, maximum: 100, description: 'Per cent of pay, to 0.1' }) },
  { additionalProperties: false },
);

const figures = {
  grossPay: Pounds('Gross pay, after any salary sacrifice'),
  incomeTax: Pounds('Income Tax'),
  nationalInsurance: Pounds('Employee National Insurance'),
  studentLoan: Pounds('Student loan'),
  postgraduateLoan: Pounds('Postgraduate Loan'),
  pension: Pounds('What the employee pays into the pension, deducted or sacrificed'),
  takeHome: Pounds('Net pay'),
};

export const ForecastTotalsSchema = Type.Object(figures, { additionalProperties: false });

export const PayslipEstimateSchema = Type.Object(
  {
    payDate: Type.String({ description: 'YYYY-MM-DD, estimated from the pattern of the pay days so far' }),
    taxPeriod: Type.Integer({ description: 'Tax month, week, fortnight or four-week period' }),
    ...figures,
  },
  { additionalProperties: false },
);

export const PayForecastSchema = Type.Object(
  {
    taxYear: Type.String({ description: "'2026/27'" }),
    frequency: Type.Union([Type.Literal('weekly'), Type.Literal('fortnightly'), Type.Literal('four-weekly'), Type.Literal('monthly')]),
    basedOn: Type.Object(
      {
        payslipId: Type.String(),
        payDate: Type.String({ description: 'YYYY-MM-DD' }),
        basicPay: Pounds('Basic pay a pay day'),
        taxCode: Type.String(),
        niCategory: Type.String(),
        studentLoans: Type.Array(
          Type.Union([Type.Literal('plan1'), Type.Literal('plan2'), Type.Literal('plan4'), Type.Literal('plan5'), Type.Literal('postgraduate')]),
        ),
        pension: PensionSchema,
      },
      { additionalProperties: false, description: 'What the estimate takes from the latest payslip' },
    ),
    next: PayslipEstimateSchema,
    year: Type.Object(
      {
        remainingPeriods: Type.Integer({ description: 'Pay days left in the tax year after the latest payslip' }),
        soFar: ForecastTotalsSchema,
        remaining: ForecastTotalsSchema,
        total: ForecastTotalsSchema,
      },
      { additionalProperties: false },
    ),
    whatIf: Type.Union(
      [
        Type.Object(
          {
            pension: PensionSchema,
            next: PayslipEstimateSchema,
            takeHomeChangePerPeriod: Pounds('Change in take-home on the next pay day (below zero: less)'),
            takeHomeChangePerYear: Pounds('Change in take-home over a whole tax year at this pay'),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'The next payslip with the pension asked for by pensionPercent and salarySacrifice; null when neither is given' },
    ),
  },
  { additionalProperties: false },
);
