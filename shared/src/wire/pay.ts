// Answers of /api/users/{userId}/employments/{employmentId}/...: one employment's pay data.
// Ids are strings, money is pounds (2 decimals), dates ISO text; lists come newest first.
import { Type } from '@sinclair/typebox';

export const PayslipLineSchema = Type.Object({ name: Type.String(), amount: Type.Number({ description: 'Pounds' }) }, { additionalProperties: false });

/** One line of pay before deductions (beyond the spec). */
export const EarningLineSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('basic'), Type.Literal('overtime'), Type.Literal('bonus'), Type.Literal('statutory'), Type.Literal('other')]),
    name: Type.String(),
    amount: Type.Number({ description: 'Pounds' }),
    hours: Type.Optional(Type.Number({ description: 'Hourly pay: the hours behind the amount' })),
    rate: Type.Optional(Type.Number({ description: 'Hourly pay: pounds an hour' })),
  },
  { additionalProperties: false },
);

/** The employment's figures from 6 April to this payslip, inclusive (pounds). */
export const YearToDateSchema = Type.Object(
  {
    grossPay: Type.Number(),
    taxablePay: Type.Number(),
    incomeTax: Type.Number(),
    nationalInsurance: Type.Number(),
    pension: Type.Number(),
    studentLoan: Type.Number(),
    netPay: Type.Number(),
  },
  { additionalProperties: false },
);

/**
 * Why Income Tax changed since the payslip before, found by working this pay day's tax again by
 * HMRC's method (in pence; the three effects add up to the change). Null when the portal cannot
 * reproduce the payslip's tax, so any split of it would be a guess.
 */
export const TaxChangeSchema = Type.Object(
  {
    previousPayslipId: Type.String({ description: 'The payslip before, of the same employment' }),
    codeEffectPence: Type.Integer({ description: 'This pay under this code less this pay under the code before' }),
    payEffectPence: Type.Integer({ description: 'Under the code before: this pay less the pay before' }),
    yearToDateEffectPence: Type.Integer({ description: 'The same code and pay one pay day on: rounding, tax put right, or a new tax year' }),
    newTaxYear: Type.Boolean(),
    extraPayDay: Type.Optional(Type.Boolean({ description: 'A week 53, 54 or 56 pay day, taxed on that pay day alone' })),
  },
  { additionalProperties: false },
);

export const PayslipSchema = Type.Object(
  {
    ID: Type.String(),
    payDate: Type.String({ description: 'YYYY-MM-DD' }),
    netPay: Type.Number(),
    grossPay: Type.Number(),
    totalDeductions: Type.Number(),
    deductions: Type.Array(PayslipLineSchema, { description: "Always includes 'Income Tax' and 'National Insurance'" }),
    other: Type.Array(PayslipLineSchema),
    // Beyond the spec: null or empty on payslips published without them.
    taxCode: Type.Union([Type.String(), Type.Null()], { description: "'1257L', '1097L M1', …" }),
    niCategory: Type.Union([Type.String(), Type.Null()], { description: 'National Insurance category letter' }),
    taxPeriod: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Tax month 1 (April) to 12 (March) for monthly pay; tax week 1 to 53, fortnight 1 to 27 or four-week period 1 to 14 otherwise',
    }),
    payFrequency: Type.Optional(
      Type.Union([Type.Literal('weekly'), Type.Literal('fortnightly'), Type.Literal('four-weekly'), Type.Literal('monthly')], {
        description: 'How often the employee is paid, so what taxPeriod counts; monthly when absent',
      }),
    ),
    earnings: Type.Array(EarningLineSchema, { description: 'Lines that add up to grossPay' }),
    taxablePay: Type.Union([Type.Number(), Type.Null()], { description: 'Pay subject to Income Tax (gross pay less pension under a net-pay arrangement)' }),
    yearToDate: Type.Union([YearToDateSchema, Type.Null()]),
    taxChange: Type.Optional(Type.Union([TaxChangeSchema, Type.Null()])),
  },
  { additionalProperties: false },
);
export const PayslipListSchema = Type.Array(PayslipSchema, { description: 'Newest first' });

export const PayDocumentTypeSchema = Type.Union([Type.Literal('P60'), Type.Literal('P11D'), Type.Literal('P45'), Type.Literal('Pension Letter')]);

/** What a P60 states (pounds), so the portal can check a year's payslips against it. */
export const P60FiguresSchema = Type.Object(
  { finalTaxCode: Type.String(), pay: Type.Number(), incomeTax: Type.Number(), nationalInsurance: Type.Number(), studentLoan: Type.Number() },
  { additionalProperties: false },
);

export const PayDocumentSchema = Type.Object(
  {
    ID: Type.String(),
    fileType: PayDocumentTypeSchema,
    taxYear: Type.String({ description: "e.g. '2025/26'" }),
    filename: Type.String(),
    figures: Type.Union([P60FiguresSchema, Type.Null()], { description: "A P60's figures (beyond the spec); null for other documents" }),
  },
  { additionalProperties: false },
);
export const PayDocumentListSchema = Type.Array(PayDocumentSchema, { description: 'Newest first' });

export const IntranetDocumentSchema = Type.Object(
  { ID: Type.String(), filename: Type.String(), date: Type.String({ description: 'YYYY-MM-DD' }) },
  { additionalProperties: false },
);
export const IntranetDocumentListSchema = Type.Array(IntranetDocumentSchema, { description: 'Newest first' });

export const RecentUpdateSchema = Type.Object(
  { ID: Type.String(), updateHeader: Type.String(), updateFrom: Type.String(), created: Type.String({ description: 'YYYY-MM-DDTHH:mm:ss.sssZ' }) },
  { additionalProperties: false },
);
export const RecentUpdateListSchema = Type.Array(RecentUpdateSchema, { description: 'Newest first' });

/** Which document types exist for an employment. */
export const DocumentTypeFlagsSchema = Type.Object(
  { Payslip: Type.Boolean(), Documents: Type.Boolean(), P45: Type.Boolean(), P60: Type.Boolean(), P11d: Type.Boolean(), PensionLetter: Type.Boolean() },
  { additionalProperties: false },
);
/** GET .../document_types: a list of one. */
export const DocumentTypeFlagsListSchema = Type.Array(DocumentTypeFlagsSchema);
