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
import type { IdentityUserResponseSchema, IdentityUserSchema } from '@portal/shared/wire/identity';
import type * as Wire from '@portal/shared/api/types';

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
};

it('types every answer as Static<> of its wire schema (checked by tsc)', () => {
  expect(Object.values(agreements).every(Boolean)).toBe(true);
});
