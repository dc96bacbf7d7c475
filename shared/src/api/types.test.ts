// The front end's wire types are exactly Static<> of the schemas the API serves (@portal/shared/wire;
// api/src/wire-contract.test.ts checks the served side). tsc (pnpm typecheck) fails on any mismatch;
// a hand-written type that drifts from its schema, one field more or less, does not compile.
import type { Static, TSchema } from '@sinclair/typebox';
import type { ErrorBodySchema } from '@portal/shared/wire/envelope';
import type { AuthorisedUserSchema, EmploymentSchema, UserRecordSchema } from '@portal/shared/wire/users';
import type { LinkingCodeRequestSchema, LinkingCodeSentSchema, LinkingConfirmationSchema } from '@portal/shared/wire/linking';
import type {
  DocumentTypeFlagsSchema,
  EarningLineSchema,
  IntranetDocumentSchema,
  P60FiguresSchema,
  PayDocumentSchema,
  PayDocumentTypeSchema,
  PayslipLineSchema,
  PayslipSchema,
  RecentUpdateSchema,
  YearToDateSchema,
} from '@portal/shared/wire/pay';
import type { ForecastTotalsSchema, PayForecastSchema, PayslipEstimateSchema } from '@portal/shared/wire/forecast';
import type { IdentityUserResponseSchema, IdentityUserSchema } from '@portal/shared/wire/identity';
import type { PasskeyCreationOptionsSchema, PasskeyRemovedSchema, PasskeySchema } from '@portal/shared/wire/passkeys';
import type { AccountClosedSchema, AccountClosingSchema, ClosingCodeSentSchema } from '@portal/shared/wire/account';
import type * as Wire from '@portal/shared/api/types';
import type * as Questions from '@portal/shared/api/payroll-questions';
import type {
  AnswerInputSchema,
  EmployerQuestionListSchema,
  EmployerQuestionSchema,
  PayrollQuestionInputSchema,
  PayrollQuestionSchema,
} from '@portal/shared/wire/payroll-questions';

/** true only when A and B are the same type (not merely assignable either way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Is<A, S extends TSchema> = Same<A, Static<S>>;

const agreements: Record<string, true> = {
  ApiErrorBody: true satisfies Is<Wire.ApiErrorBody, typeof ErrorBodySchema>,
  Employment: true satisfies Is<Wire.Employment, typeof EmploymentSchema>,
  AuthorisedUser: true satisfies Is<Wire.AuthorisedUser, typeof AuthorisedUserSchema>,
  UserRecord: true satisfies Is<Wire.UserRecord, typeof UserRecordSchema>,
  PayslipLine: true satisfies Is<Wire.PayslipLine, typeof PayslipLineSchema>,
  EarningLine: true satisfies Is<Wire.EarningLine, typeof EarningLineSchema>,
  YearToDate: true satisfies Is<Wire.YearToDate, typeof YearToDateSchema>,
  Payslip: true satisfies Is<Wire.Payslip, typeof PayslipSchema>,
  PayForecast: true satisfies Is<Wire.PayForecast, typeof PayForecastSchema>,
  PayslipEstimate: true satisfies Is<Wire.PayslipEstimate, typeof PayslipEstimateSchema>,
  ForecastTotals: true satisfies Is<Wire.ForecastTotals, typeof ForecastTotalsSchema>,
  PayrollQuestion: true satisfies Is<Questions.PayrollQuestion, typeof PayrollQuestionSchema>,
  PayrollQuestionInput: true satisfies Is<Questions.PayrollQuestionInput, typeof PayrollQuestionInputSchema>,
  EmployerQuestion: true satisfies Is<Questions.EmployerQuestion, typeof EmployerQuestionSchema>,
  EmployerQuestionList: true satisfies Is<Questions.EmployerQuestionList, typeof EmployerQuestionListSchema>,
  AnswerInput: true satisfies Is<Questions.AnswerInput, typeof AnswerInputSchema>,
  P60Figures: true satisfies Is<Wire.P60Figures, typeof P60FiguresSchema>,
  PayDocumentType: true satisfies Is<Wire.PayDocumentType, typeof PayDocumentTypeSchema>,
  PayDocument: true satisfies Is<Wire.PayDocument, typeof PayDocumentSchema>,
  IntranetDocument: true satisfies Is<Wire.IntranetDocument, typeof IntranetDocumentSchema>,
  RecentUpdate: true satisfies Is<Wire.RecentUpdate, typeof RecentUpdateSchema>,
  DocumentTypeFlags: true satisfies Is<Wire.DocumentTypeFlags, typeof DocumentTypeFlagsSchema>,
  LinkingCodeSent: true satisfies Is<Wire.LinkingCodeSent, typeof LinkingCodeSentSchema>,
  LinkingConfirmation: true satisfies Is<Wire.LinkingConfirmation, typeof LinkingConfirmationSchema>,
  LinkingCodeRequest: true satisfies Is<Wire.LinkingCodeRequest, typeof LinkingCodeRequestSchema>,
  IdentityUser: true satisfies Is<Wire.IdentityUser, typeof IdentityUserSchema>,
  IdentityUserResponse: true satisfies Is<Wire.IdentityUserResponse, typeof IdentityUserResponseSchema>,
  Passkey: true satisfies Is<Wire.Passkey, typeof PasskeySchema>,
  PasskeyCreationOptions: true satisfies Is<Wire.PasskeyCreationOptions, typeof PasskeyCreationOptionsSchema>,
  PasskeyRemoved: true satisfies Is<Wire.PasskeyRemoved, typeof PasskeyRemovedSchema>,
  AccountClosing: true satisfies Is<Wire.AccountClosing, typeof AccountClosingSchema>,
  ClosingCodeSent: true satisfies Is<Wire.ClosingCodeSent, typeof ClosingCodeSentSchema>,
  AccountClosed: true satisfies Is<Wire.AccountClosed, typeof AccountClosedSchema>,
};

it('types every answer as Static<> of its wire schema (checked by tsc)', () => {
  expect(Object.values(agreements).every(Boolean)).toBe(true);
});
