// The shape of my-data.json, the readable part of a person's "Download my data" ZIP: everything the
// portal holds about them, one key per part (my-data.ts reads each part). Payslips and documents
// take the shape the API answers them in (docs/api-contract.md); money is pounds, dates ISO text.
// A part added later is one more key here and one more reader there.
import { SignInHistorySchema } from '@portal/shared/wire/account-security';
import { PasskeySchema } from '@portal/shared/wire/passkeys';
import { PayrollQuestionSchema } from '@portal/shared/wire/payroll-questions';
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PayDocumentSchema, PayslipSchema } from '@portal/shared/wire/pay';

const Text = (description: string) => Type.String({ description });
const OrNull = (description: string) => Type.Union([Type.String(), Type.Null()], { description });
const strict = { additionalProperties: false } as const;

const SignInAccount = Type.Object(
  {
    id: Text('Your user id'),
    email: Text('The address you sign in with'),
    firstName: Text('First name'),
    middleName: OrNull('Middle name'),
    lastName: Text('Last name'),
    mobilePhone: OrNull('Mobile number'),
    birthDate: OrNull('Date of birth, YYYY-MM-DD'),
    niNumber: OrNull('National Insurance number'),
    createdAt: Text('When the account was made (ISO 8601, UTC)'),
    updatedAt: Text('When its details last changed (ISO 8601, UTC)'),
  },
  { ...strict, description: 'Your sign-in account (never the password, which is kept only as a hash)' },
);

const PortalRecord = Type.Object(
  {
    notificationEmail: OrNull('Where notices go, once confirmed (null: the sign-in address)'),
    privacyPolicyAccepted: Type.Boolean(),
    privacyPolicyAcceptedAt: OrNull('When you accepted the privacy notice (ISO 8601, UTC)'),
    language: OrNull("The portal's language you chose: 'en' or 'cy' (Cymraeg); null until you choose"),
    createdAt: Text('When the record was made (ISO 8601, UTC)'),
  },
  { ...strict, description: 'Your record in the pay portal' },
);

const SecondStep = Type.Object(
  {
    authenticatorApp: Type.Boolean({ description: 'Whether an authenticator app is set up (its key is never given out)' }),
    recoveryCodesLeft: Type.Integer({ minimum: 0, description: 'Recovery codes not yet used (the codes themselves are kept only as hashes)' }),
  },
  strict,
);

const Employment = Type.Object(
  {
    id: Text('The employment record id'),
    employer: Text('The employer'),
    employeeName: Text('Your name on the employer’s record'),
    niNumber: Text('The National Insurance number on the employer’s record'),
    taxCode: Text('Your current tax code with this employer'),
    active: Type.Boolean(),
    startDate: Text('YYYY-MM-DD'),
    endDate: OrNull('YYYY-MM-DD when you left, else null'),
    retainedUntil: OrNull('YYYY-MM-DD: the last day the payslips and documents of an ended employment are kept here'),
    available: Type.Boolean({ description: 'Whether its payslips and documents are still kept here (false once retainedUntil has passed)' }),
    payslips: Type.Array(PayslipSchema, { description: 'Newest first' }),
    documents: Type.Array(PayDocumentSchema, { description: 'P60s, P45s, P11Ds and pension letters, newest first' }),
    files: Type.Array(Type.String(), { description: 'The PDFs of these payslips and documents in this ZIP' }),
  },
  strict,
);

const NotificationPreferences = Type.Object(
  {
    email: Type.Boolean({ description: 'Notices of new payslips and P60s by e-mail' }),
    sms: Type.Boolean({ description: 'By text message' }),
    whatsApp: Type.Boolean({ description: 'By WhatsApp' }),
  },
  strict,
);

/** A proof-of-income pack made for you: what it covered and the SHA-256 a lender's check compares (its code is never kept). */
const ProofOfIncomePack = Type.Object(
  {
    employmentId: Text('The employment the pack is of'),
    firstPayDate: OrNull('The pay date of its first payslip (ISO date), or null with none'),
    lastPayDate: OrNull('The pay date of its last payslip (ISO date), or null with none'),
    p60TaxYear: OrNull('The tax year of its P60, or null with none'),
    pdfSha256: Text('The SHA-256 of the PDF as it was handed out (hex)'),
    madeAt: Text('When it was made (ISO 8601, UTC)'),
  },
  strict,
);

export const MyDataSchema = Type.Object(
  {
    about: Text('What this file is'),
    exportedAt: Text('When it was made (ISO 8601, UTC)'),
    profile: Type.Object({ signIn: SignInAccount, portal: Type.Union([PortalRecord, Type.Null()]), secondStep: SecondStep }, strict),
    employments: Type.Array(Employment, { description: 'The employments linked to your account' }),
    notificationPreferences: NotificationPreferences,
    passkeys: Type.Array(PasskeySchema, { description: 'Your passkeys: their names and dates (the keys stay on your devices)' }),
    signInHistory: SignInHistorySchema,
    payrollQuestions: Type.Array(PayrollQuestionSchema, {
      description: 'Your questions to your employers’ payroll teams about payslip lines, with their answers',
    }),
    proofOfIncomePacks: Type.Array(ProofOfIncomePack, {
      description: 'The proofs of income you made, which a lender can check at /verify until you close your account',
    }),
  },
  strict,
);

export type MyData = Static<typeof MyDataSchema>;
export type MyDataEmployment = Static<typeof Employment>;
