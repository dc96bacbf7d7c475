// The front end's wire types: each answer's type is Static<> of its schema in @portal/shared/wire
// (docs/architecture.md "Wire contract"). Type-only imports: no TypeBox code reaches the browser.
// Request bodies are plain types here; the API's body schemas (api/src) check them.
import type { Static } from '@sinclair/typebox';
import type { ErrorBodySchema } from '@portal/shared/wire/envelope';
import type {
  AuthorisedUserSchema,
  EmploymentSchema,
  NotificationPreferencesInputSchema,
  NotificationPreferencesSchema,
  UserRecordSchema,
} from '@portal/shared/wire/users';
import type { InvitationSchema, LinkingCodeRequestSchema, LinkingCodeSentSchema, LinkingConfirmationSchema } from '@portal/shared/wire/linking';
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
  TaxChangeSchema,
  YearToDateSchema,
} from '@portal/shared/wire/pay';
import type { ForecastTotalsSchema, PayForecastSchema, PayslipEstimateSchema } from '@portal/shared/wire/forecast';
import type { IdentityUserResponseSchema, IdentityUserSchema } from '@portal/shared/wire/identity';
import type { PasswordChangedSchema } from '@portal/shared/wire/password';
import type { PasskeyCreationOptionsSchema, PasskeyRemovedSchema, PasskeySchema } from '@portal/shared/wire/passkeys';
import type { AccountClosedSchema, AccountClosingSchema, ClosingCodeSentSchema, ClosingEmployerSchema } from '@portal/shared/wire/account';
import type {
  RecoveryCodesSchema,
  SessionsEndedSchema,
  SignInEventSchema,
  SignedInSessionSchema,
  TwoStepSetUpSchema,
  TwoStepStatusSchema,
} from '@portal/shared/wire/account-security';

/** The unwrapped body of every `/api/users/...` response. */
export type Envelope<T> = {
  status: number;
  error: string | null;
  data: T;
};

/** Error body of every route: `{ status, error }`. */
export type ApiErrorBody = Static<typeof ErrorBodySchema>;

export type Employment = Static<typeof EmploymentSchema>;

/** First item of the list returned by GET /api/users/authorised. */
export type AuthorisedUser = Static<typeof AuthorisedUserSchema>;

/** Answer of PATCH /api/users/{id}. */
export type UserRecord = Static<typeof UserRecordSchema>;

/** Answer of GET and PUT /api/users/{userId}/notification-preferences. */
export type NotificationPreferences = Static<typeof NotificationPreferencesSchema>;

/** Body of PUT /api/users/{userId}/notification-preferences. */
export type NotificationChoices = Static<typeof NotificationPreferencesInputSchema>;

/** Body of PATCH /api/users/{id}. */
export type UserRecordPatch = { privacyPolicyAccepted: true } | { email: string };

export type PayslipLine = Static<typeof PayslipLineSchema>;

/** One line of pay before deductions (beyond the spec). */
export type EarningLine = Static<typeof EarningLineSchema>;

/** The employment's figures from 6 April to this payslip, inclusive (pounds). */
export type YearToDate = Static<typeof YearToDateSchema>;

/** Why Income Tax changed since the payslip before, worked out again by HMRC's method (pence). */
export type TaxChange = Static<typeof TaxChangeSchema>;

/** 'Income Tax' and 'National Insurance' are always among the deductions. */
export type Payslip = Static<typeof PayslipSchema>;

/** An estimate of the next payslip, the year's total and a pension what-if (pounds). */
export type PayForecast = Static<typeof PayForecastSchema>;
export type PayslipEstimate = Static<typeof PayslipEstimateSchema>;
export type ForecastTotals = Static<typeof ForecastTotalsSchema>;

export type PayDocumentType = Static<typeof PayDocumentTypeSchema>;

/** What a P60 states (pounds), so the portal can check a year's payslips against it. */
export type P60Figures = Static<typeof P60FiguresSchema>;

export type PayDocument = Static<typeof PayDocumentSchema>;

export type IntranetDocument = Static<typeof IntranetDocumentSchema>;

export type RecentUpdate = Static<typeof RecentUpdateSchema>;

/** Per employment: which document types exist. */
export type DocumentTypeFlags = Static<typeof DocumentTypeFlagsSchema>;

/** Answer of the linking code send calls (email or phone channel). */
export type LinkingCodeSent = Static<typeof LinkingCodeSentSchema>;

/** Answer of GET /api/users/{userId}/linking_code_request: the pending code request (never the code). */
export type LinkingCodeRequest = Static<typeof LinkingCodeRequestSchema>;
/** GET /api/invitations/{token}: who sent an invitation link, and the day it expires. */
export type Invitation = Static<typeof InvitationSchema>;

/** Answer of GET /api/users/{userId}/linking_code/{code}. */
export type LinkingConfirmation = Static<typeof LinkingConfirmationSchema>;

/** Body of POST /api/users/{userId}/linking_code/{code}. */
export type FinalizePayload = {
  NINumber: string;
  bankAccount: string;
  /** 'MM/DD/YYYY' */
  dob: string;
  externalEmploymentID: string;
  code: string;
};

/** Identity-provider user (FusionAuth shape). */
export type IdentityUser = Static<typeof IdentityUserSchema>;

/** Body of GET/PATCH /api/user/{sub} (plain JSON, not enveloped). */
export type IdentityUserResponse = Static<typeof IdentityUserResponseSchema>;

/** Body of PATCH /api/user/{sub}: a partial user, merged by the server. */
export type IdentityUserPatch = {
  user: Partial<Omit<IdentityUser, 'id' | 'data'>> & { data?: { niNumber?: string } };
  /** Required by the server when `user.email` is a new sign-in address. */
  currentPassword?: string;
};

/** Answer of POST /api/users/{userId}/password. */
export type PasswordChanged = Static<typeof PasswordChangedSchema>;

/** Body of POST /api/users/{userId}/password. */
export type PasswordChange = { currentPassword: string; newPassword: string; confirmPassword: string };

/** The `code` of a refused POST /api/users/{userId}/password. */
export type { PasswordChangeErrorCode } from '@portal/shared/wire/password';
/** One of the account's passkeys (GET /api/users/{userId}/passkeys). */
export type Passkey = Static<typeof PasskeySchema>;

/** Answer of POST /api/users/{userId}/passkeys/options: what the browser makes a passkey from. */
export type PasskeyCreationOptions = Static<typeof PasskeyCreationOptionsSchema>;

/** Answer of DELETE /api/users/{userId}/passkeys/{passkeyId}. */
export type PasskeyRemoved = Static<typeof PasskeyRemovedSchema>;

/** Body of POST /api/users/{userId}/passkeys: the name, and the browser's answer to the options (its JSON form). */
export type NewPasskey = { name: string; credential: unknown };

/** Body of PATCH /api/users/{userId}/passkeys/{passkeyId}. */
export type PasskeyRename = { name: string };
/** Answer of GET /api/users/{userId}/close-account: what closing the account means for this person. */
export type AccountClosing = Static<typeof AccountClosingSchema>;

export type ClosingEmployer = Static<typeof ClosingEmployerSchema>;

/** Answer of POST /api/users/{userId}/close-account/code. */
export type ClosingCodeSent = Static<typeof ClosingCodeSentSchema>;

/** Answer of POST /api/users/{userId}/close-account. */
export type AccountClosed = Static<typeof AccountClosedSchema>;

export type { AccountClosingErrorCode } from '@portal/shared/wire/account';

/** Body of POST /api/users/{userId}/close-account: the password and the second step's code. */
export type CloseAccountRequest = { password: string; code: string };

/** The account's security in Settings: two-step sign-in, sessions, sign-ins. */
export type TwoStepStatus = Static<typeof TwoStepStatusSchema>;
export type TwoStepSetUp = Static<typeof TwoStepSetUpSchema>;
export type RecoveryCodes = Static<typeof RecoveryCodesSchema>;
export type SignedInSession = Static<typeof SignedInSessionSchema>;
export type SessionsEnded = Static<typeof SessionsEndedSchema>;
export type SignInEvent = Static<typeof SignInEventSchema>;

/** Body of POST /api/users/{userId}/two-step/turn-off: a code from the app, or the password. */
export type TwoStepTurnOff = { code: string } | { password: string };
