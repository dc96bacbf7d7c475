// Request and answer shapes of the employers' publishing API (/employer-api/v1). Only payroll
// software calls it, never the browser, so they live here rather than in @portal/shared/wire.
// Money is whole pence (no rounding between payroll and portal); dates are YYYY-MM-DD.
import { Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { EMAIL_PATTERN, ID_PATTERN, PHONE_PATTERN } from '../http/validation';
import { PDF_MAX_BYTES } from './pdf-check';

/**
 * A National Insurance number as HMRC issues them: two prefix letters (never D, F, I, Q, U or V;
 * O never second; never BG, GB, KN, NK, NT, TN or ZZ), six digits and a suffix A to D, no spaces.
 */
export const EMPLOYER_NI_PATTERN = '^(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z][0-9]{6}[A-D]$';
/**
 * A PAYE tax code: '1257L', 'K475', 'BR', 'D0', 'NT', '0T', Scottish 'S' or Welsh 'C' first; 'W1', 'M1' or 'X' after.
 * SD3 is Scotland's top rate, which no other code has: https://www.gov.uk/scottish-rate-income-tax/how-it-works
 */
export const TAX_CODE_PATTERN = '^([SC]?([0-9]{1,5}[LMNT]|K[0-9]{1,5}|BR|D[0-2]|NT|0T)|SD3)( ?(W1|M1|X))?$';
/** The NI category letters in use (D, E, K and N are the Investment Zone ones of April 2024). */
export const NI_CATEGORY_PATTERN = '^[ABCDEFHIJKLMNSVXZ]$';

const ExternalId = (description: string) =>
  Type.String({ pattern: ID_PATTERN, description, 'x-message': 'must be an id: letters, digits, - or _, up to 64 characters' });
const IsoDate = (description: string) => Type.String({ format: 'date', description, 'x-message': 'must be a real date written as YYYY-MM-DD' });
const Pence = (description: string) => Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: `${description} (whole pence)` });
const Name = (description: string) =>
  Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description, 'x-message': 'must not be empty (up to 100 characters)' });

/** The payroll (works) number payslips, P60s and P45s print; RTI allows up to 35 characters. */
const PayrollNumber = Type.String({
  minLength: 1,
  maxLength: 35,
  pattern: '^[A-Za-z0-9][A-Za-z0-9 /._-]*$',
  description: "The employer's payroll number for the employee, as its payslips show it",
  'x-message': 'must be a payroll number: letters, digits, spaces, / . _ or -, up to 35 characters',
});
/** The plan the employer deducts a student or postgraduate loan under (https://www.gov.uk/guidance/special-rules-for-student-loans). */
const StudentLoanPlan = Type.Unsafe<'plan1' | 'plan2' | 'plan4' | 'plan5' | 'postgraduate'>(
  Type.String({
    pattern: '^(plan1|plan2|plan4|plan5|postgraduate)$',
    description: 'The loan plan the employer deducts under: plan1, plan2, plan4, plan5 or postgraduate; absent or null when it deducts none',
    'x-message': 'must be plan1, plan2, plan4, plan5 or postgraduate',
  }),
);

export const EmploymentParamsSchema = Type.Object({ employmentId: ExternalId("The employer's own id for the employment") });
export const PayRunParamsSchema = Type.Object({ payRunId: ExternalId("The employer's own id for the pay run") });

export const EmploymentRecordInputSchema = Type.Object(
  {
    employeeName: Name('Full name as on payroll'),
    email: Type.Optional(
      Type.Union([
        Type.String({ maxLength: 254, pattern: EMAIL_PATTERN, 'x-message': 'must be an email address like name@example.com (up to 254 characters)' }),
        Type.Null(),
      ]),
    ),
    mobilePhone: Type.Optional(Type.Union([Type.String({ pattern: PHONE_PATTERN, 'x-message': 'must be a phone number like 07700 900123' }), Type.Null()])),
    niNumber: Type.String({
      pattern: EMPLOYER_NI_PATTERN,
      description: 'As HMRC issues it, capitals, no spaces',
      'x-message': 'must be a National Insurance number like AB123456C: two letters HMRC uses, six digits, A to D, no spaces',
    }),
    bankLast4: Type.String({
      pattern: '^[0-9]{4}$',
      description: 'Last 4 digits of the account pay goes to',
      'x-message': 'must be the last 4 digits of the bank account',
    }),
    birthDate: IsoDate('Date of birth'),
    taxCode: Type.String({
      pattern: TAX_CODE_PATTERN,
      description: 'Current PAYE tax code',
      'x-message': 'must be a PAYE tax code like 1257L, K475, BR or S1257L M1',
    }),
    startDate: IsoDate('First day of the employment'),
    endDate: Type.Optional(
      Type.Union([IsoDate('Last day of the employment'), Type.Null()], {
        description: 'Absent or null while the employment is active; a date once it has ended',
      }),
    ),
    payrollNumber: Type.Optional(Type.Union([PayrollNumber, Type.Null()])),
    studentLoanPlan: Type.Optional(Type.Union([StudentLoanPlan, Type.Null()])),
  },
  {
    additionalProperties: false,
    description: 'The linking data of one employment: an employee links their account to it by NI number, bank digits and date of birth',
  },
);

export const EmploymentRecordSchema = Type.Object(
  {
    employmentId: Type.String(),
    employeeName: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    mobilePhone: Type.Union([Type.String(), Type.Null()]),
    niNumber: Type.String(),
    bankLast4: Type.String(),
    birthDate: Type.String(),
    taxCode: Type.String(),
    startDate: Type.String(),
    endDate: Type.Union([Type.String(), Type.Null()]),
    payrollNumber: Type.Union([Type.String(), Type.Null()]),
    studentLoanPlan: Type.Union([Type.String(), Type.Null()]),
    active: Type.Boolean(),
    linked: Type.Boolean({ description: 'Whether an employee has linked their account to it' }),
  },
  { additionalProperties: false },
);

export const EmploymentUpsertResultSchema = Type.Object(
  { employmentId: Type.String(), created: Type.Boolean({ description: 'False when the call updated (or repeated) an earlier one' }) },
  { additionalProperties: false },
);

export const EndEmploymentInputSchema = Type.Object({ endDate: IsoDate('Last day of the employment') }, { additionalProperties: false });

export const EndEmploymentResultSchema = Type.Object(
  { employmentId: Type.String(), endDate: Type.String(), changed: Type.Boolean({ description: 'False when it had already ended on that date' }) },
  { additionalProperties: false },
);

export const PayslipLineInputSchema = Type.Object(
  {
    name: Name('As shown on the payslip'),
    amountPence: Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000, description: 'Amount (whole pence; an Income Tax refund is below zero)' }),
  },
  { additionalProperties: false },
);

export const EarningLineInputSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('basic'), Type.Literal('overtime'), Type.Literal('bonus'), Type.Literal('statutory'), Type.Literal('other')]),
    name: Name('As shown on the payslip'),
    amountPence: Type.Integer({
      minimum: -1_000_000_000,
      maximum: 1_000_000_000,
      description: "Amount (whole pence; below zero only on an 'other' line, such as pay given up for a pension by salary sacrifice)",
    }),
    hours: Type.Optional(Type.Number({ minimum: 0, maximum: 1000 })),
    ratePence: Type.Optional(Pence('Hourly rate')),
  },
  { additionalProperties: false },
);

export const YearToDateInputSchema = Type.Object(
  {
    grossPence: Pence('Gross pay'),
    taxablePence: Pence('Taxable pay'),
    incomeTaxPence: Type.Integer({ description: 'Income Tax (whole pence; below zero after refunds)' }),
    nationalInsurancePence: Pence('Employee National Insurance'),
    pensionPence: Pence('Employee pension'),
    studentLoanPence: Pence('Student loan'),
    postgraduateLoanPence: Type.Optional(Pence('Postgraduate Loan (only when the employee repays one)')),
    netPence: Type.Integer({ description: 'Net pay (whole pence)' }),
  },
  { additionalProperties: false, description: 'From 6 April to this payslip, inclusive' },
);

export const PayslipInputSchema = Type.Object(
  {
    payslipId: ExternalId("The employer's own id for this payslip, unique across its pay runs"),
    employmentId: ExternalId('An employment of this employer (PUT /employer-api/v1/employments/{employmentId})'),
    payDate: IsoDate('Pay day'),
    taxCode: Type.String({ pattern: TAX_CODE_PATTERN, 'x-message': 'must be a PAYE tax code like 1257L, K475, BR or S1257L M1' }),
    niCategory: Type.String({
      pattern: NI_CATEGORY_PATTERN,
      description: 'NI category letter',
      'x-message': 'must be a National Insurance category letter (A, B, C, D, E, F, H, I, J, K, L, M, N, S, V, X or Z)',
    }),
    payFrequency: Type.Optional(
      Type.Unsafe<'weekly' | 'fortnightly' | 'four-weekly' | 'monthly'>(
        Type.String({
          pattern: '^(weekly|fortnightly|four-weekly|monthly)$',
          description: 'How often the employee is paid; monthly when absent',
          'x-message': 'must be weekly, fortnightly, four-weekly or monthly',
        }),
      ),
    ),
    taxPeriod: Type.Integer({
      minimum: 1,
      maximum: 56,
      description:
        'Tax period of the pay date: the tax month 1 (6 April to 5 May) to 12 for monthly pay; the week 1 to 53, fortnight 1 to 27 or four-week period 1 to 14 (weeks counted from 6 April) otherwise',
    }),
    earnings: Type.Array(EarningLineInputSchema, { minItems: 1, maxItems: 50, description: 'Add up to grossPence' }),
    grossPence: Pence('Gross pay'),
    taxablePence: Pence('Pay subject to Income Tax'),
    deductions: Type.Array(PayslipLineInputSchema, {
      minItems: 2,
      maxItems: 50,
      description: "Add up to totalDeductionsPence; include 'Income Tax' and 'National Insurance'",
    }),
    totalDeductionsPence: Pence('Total deductions'),
    netPence: Type.Integer({ description: 'grossPence less totalDeductionsPence (whole pence)' }),
    other: Type.Optional(
      Type.Array(PayslipLineInputSchema, { maxItems: 50, description: 'Shown for information (employer pension, to-date figures); not part of net pay' }),
    ),
    yearToDate: YearToDateInputSchema,
  },
  { additionalProperties: false },
);

/** A large employer's whole monthly run in one call (about 1 KB of JSON a payslip). */
export const PAY_RUN_MAX_PAYSLIPS = 10_000;

export const PayRunInputSchema = Type.Object(
  { payslips: Type.Array(PayslipInputSchema, { minItems: 1, maxItems: PAY_RUN_MAX_PAYSLIPS }) },
  { additionalProperties: false, description: 'Stored all or nothing: one refused payslip stores none of them' },
);

export const PayRunResultSchema = Type.Object(
  {
    payRunId: Type.String(),
    created: Type.Boolean({ description: 'False when this repeats a pay run already published with the same content' }),
    payslips: Type.Array(Type.Object({ payslipId: Type.String(), employmentId: Type.String() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

export const DocumentParamsSchema = Type.Object({
  employmentId: ExternalId("The employer's own id for the employment"),
  documentId: ExternalId("The employer's own id for this document"),
});

export const DOCUMENT_TYPES = { P60: 'P60', P45: 'P45', P11D: 'P11D', 'pension-letter': 'Pension Letter' } as const;

export const DocumentQuerySchema = Type.Object(
  {
    type: Type.Union([Type.Literal('P60'), Type.Literal('P45'), Type.Literal('P11D'), Type.Literal('pension-letter')], {
      description: 'Which document this is',
    }),
    taxYear: Type.String({
      pattern: '^[0-9]{4}-[0-9]{2}$',
      description: "The UK tax year it is for, as '2025-26'",
      'x-message': 'must be a UK tax year written like 2025-26',
    }),
    issuedOn: IsoDate('When the employer issued it'),
  },
  { additionalProperties: false },
);

const NiNumber = Type.String({
  pattern: EMPLOYER_NI_PATTERN,
  description: 'As HMRC issues it, capitals, no spaces',
  'x-message': 'must be a National Insurance number like AB123456C: two letters HMRC uses, six digits, A to D, no spaces',
});
const TaxCode = (description: string) =>
  Type.String({ pattern: TAX_CODE_PATTERN, description, 'x-message': 'must be a PAYE tax code like 1257L, K475, BR or S1257L M1' });
const Tax = (description: string) =>
  Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000, description: `${description} (whole pence; below zero after refunds)` });
const Paragraphs = (description: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 5000, pattern: '\\S', 'x-message': 'must not be empty (up to 5000 characters)' }), {
    minItems: 1,
    maxItems: 100,
    description,
  });

/** A P60's figures: the portal shows them beside the year's payslips and draws the certificate. */
export const P60DetailsSchema = Type.Object(
  {
    employeeName: Name('Full name as on payroll'),
    niNumber: NiNumber,
    finalTaxCode: TaxCode('The tax code at the end of the year'),
    payPence: Pence('Pay in this employment'),
    taxPence: Tax('Tax deducted in this employment'),
    nationalInsurancePence: Pence('Employee National Insurance contributions'),
    studentLoanPence: Type.Optional(Pence('Student loan deductions')),
  },
  { $id: 'P60Details', additionalProperties: false, description: 'Details of a P60 (type=P60)' },
);

export const P45DetailsSchema = Type.Object(
  {
    employeeName: Name('Full name as on payroll'),
    niNumber: NiNumber,
    leavingDate: IsoDate('Last day of the employment'),
    taxCode: TaxCode('Tax code at the leaving date'),
    payToDatePence: Pence('Total pay to date in the tax year'),
    taxToDatePence: Tax('Total tax to date in the tax year'),
    studentLoanToContinue: Type.Optional(Type.Boolean({ description: 'Whether student loan deductions are to continue' })),
  },
  { $id: 'P45Details', additionalProperties: false, description: 'Details of a P45 (type=P45)' },
);

export const P11DDetailsSchema = Type.Object(
  {
    employeeName: Name('Full name as on payroll'),
    niNumber: NiNumber,
    benefits: Type.Array(
      Type.Object(
        { name: Name('The benefit, e.g. Private medical insurance'), cashEquivalentPence: Pence('Its cash equivalent') },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 50, description: 'Add up to totalCashEquivalentPence' },
    ),
    totalCashEquivalentPence: Pence('Total cash equivalent of benefits'),
  },
  { $id: 'P11DDetails', additionalProperties: false, description: 'Details of a P11D (type=P11D)' },
);

export const PensionLetterDetailsSchema = Type.Object(
  {
    title: Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: '\\S',
      description: 'Shown at the top of the letter',
      'x-message': 'must not be empty (up to 200 characters)',
    }),
    memberName: Name('The scheme member, as on payroll'),
    niNumber: NiNumber,
    scheme: Name('The pension scheme'),
    employeeContribution: Type.Optional(Name("The member's contribution, e.g. 5% of pay")),
    employerContribution: Type.Optional(Name("The employer's contribution, e.g. 3% of pay")),
    leftOn: Type.Optional(IsoDate('When the member left (a leaving statement)')),
    potValuePence: Type.Optional(Pence('Value of the pension pot')),
    paragraphs: Paragraphs('The letter, one paragraph each'),
  },
  { $id: 'PensionLetterDetails', additionalProperties: false, description: 'Details of a pension letter (type=pension-letter)' },
);

/** Which details schema a document type takes. */
export const DETAILS_SCHEMAS = { P60: P60DetailsSchema, P45: P45DetailsSchema, P11D: P11DDetailsSchema, 'pension-letter': PensionLetterDetailsSchema } as const;

/** Base64 is 4/3 of the bytes: the length the largest PDF takes. */
export const PDF_BASE64_MAX_LENGTH = Math.ceil((PDF_MAX_BYTES * 4) / 3) + 4;

const DETAILS_DESCRIPTION = 'What the document states, by ?type: P60Details, P45Details, P11DDetails or PensionLetterDetails; the portal draws the PDF';

const payDocumentJson = (details: TSchema) =>
  Type.Object(
    {
      pdf: Type.Optional(
        Type.String({
          maxLength: PDF_BASE64_MAX_LENGTH,
          contentEncoding: 'base64',
          description: 'The PDF itself, base64 (at most 5 MB once decoded); checked by its content',
        }),
      ),
      details: Type.Optional(details),
    },
    { additionalProperties: false, description: 'Exactly one of `pdf` and `details`' },
  );

/**
 * A pay document as JSON, as documented: `details` is one of DETAILS_SCHEMAS (all closed, no two
 * accept the same object), the one `?type` names. No property of the details says their type, so
 * there is no discriminator.
 */
export const PayDocumentJsonSchema = payDocumentJson(
  Type.Unsafe<Static<(typeof DETAILS_SCHEMAS)[keyof typeof DETAILS_SCHEMAS]>>({
    oneOf: Object.values(DETAILS_SCHEMAS).map((schema) => Type.Ref(schema)),
    description: DETAILS_DESCRIPTION,
  }),
);

/**
 * The same as checked on arrival: `details` is any object here, then checked against the schema
 * its `?type` names (pay-document.ts), so each refusal names the field at fault rather than
 * saying that no one of four schemas matched.
 */
export const PayDocumentJsonOnArrivalSchema = payDocumentJson(Type.Object({}, { additionalProperties: true, description: DETAILS_DESCRIPTION }));

export const DocumentResultSchema = Type.Object(
  {
    documentId: Type.String(),
    employmentId: Type.String(),
    created: Type.Boolean({ description: 'False when this repeats an upload already stored with the same file and details' }),
  },
  { additionalProperties: false },
);

export const UpdateParamsSchema = Type.Object({ updateId: ExternalId("The employer's own id for the update") });
export const UpdateInputSchema = Type.Object(
  {
    header: Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: '\\S',
      description: 'What staff see in their list of updates',
      'x-message': 'must not be empty (up to 200 characters)',
    }),
    from: Name('Who it is from, e.g. HR team'),
    publishedAt: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'When it was published, not in the future (a bureau moving portals backfills history); absent: now',
        'x-message': 'must be a date and time like 2026-10-30T07:00:00Z',
      }),
    ),
  },
  { additionalProperties: false, description: 'A short notice every employee of this employer sees (active or ended)' },
);

export const IntranetDocumentParamsSchema = Type.Object({ documentId: ExternalId("The employer's own id for the document") });
export const IntranetDocumentInputSchema = Type.Object(
  {
    title: Name('Shown at the top of the document'),
    filename: Type.String({
      minLength: 5,
      maxLength: 100,
      pattern: '^[A-Za-z0-9][A-Za-z0-9 ._()&,-]*\\.pdf$',
      description: 'The name staff download it as',
      'x-message': 'must be a file name ending in .pdf (letters, digits, spaces and . _ ( ) & , -)',
    }),
    publishedOn: IsoDate('When it was published'),
    paragraphs: Type.Array(Type.String({ minLength: 1, maxLength: 5000, pattern: '\\S', 'x-message': 'must not be empty (up to 5000 characters)' }), {
      minItems: 1,
      maxItems: 100,
      description: 'The text, one paragraph each (the portal draws the PDF)',
    }),
  },
  { additionalProperties: false, description: 'A document every employee of this employer can read and download' },
);

export const PublishedSchema = Type.Object(
  { id: Type.String(), created: Type.Boolean({ description: 'False when this repeats what was already published under the id' }) },
  { additionalProperties: false },
);

export type UpdateInput = Static<typeof UpdateInputSchema>;
export type IntranetDocumentInput = Static<typeof IntranetDocumentInputSchema>;
export type DocumentQuery = Static<typeof DocumentQuerySchema>;
export type P60Details = Static<typeof P60DetailsSchema>;
export type P45Details = Static<typeof P45DetailsSchema>;
export type P11DDetails = Static<typeof P11DDetailsSchema>;
export type PensionLetterDetails = Static<typeof PensionLetterDetailsSchema>;
export type PayDocumentJson = Static<typeof PayDocumentJsonOnArrivalSchema>;
export type EmploymentRecordInput = Static<typeof EmploymentRecordInputSchema>;
export type EmploymentRecord = Static<typeof EmploymentRecordSchema>;
export type PayslipInput = Static<typeof PayslipInputSchema>;
export type PayRunInput = Static<typeof PayRunInputSchema>;
export type PayRunResult = Static<typeof PayRunResultSchema>;
