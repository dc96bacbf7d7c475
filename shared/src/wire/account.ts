// Answers of closing an account (`/api/users/{userId}/close-account`): what closing means for this
// person (where the second step goes, each linked employer and how long it keeps their pay records),
// the e-mailed code sent, and the account closed.
import { Type } from '@sinclair/typebox';

export const ClosingEmployerSchema = Type.Object(
  {
    name: Type.String({ description: 'The employer' }),
    retentionYears: Type.Integer({ minimum: 0, description: 'How many years the employer keeps a leaver’s pay records' }),
    endDate: Type.Union([Type.String(), Type.Null()], { description: "'YYYY-MM-DD' when the employment has ended, else null" }),
  },
  { additionalProperties: false },
);

/** GET /api/users/{userId}/close-account. */
export const AccountClosingSchema = Type.Object(
  {
    email: Type.String({ description: 'The sign-in address: where an e-mailed code goes' }),
    secondStep: Type.Union([Type.Literal('authenticator'), Type.Literal('email')], {
      description: "'authenticator': a code from the account's authenticator app (or a recovery code); 'email': a 6-digit code e-mailed to the sign-in address",
    }),
    employers: Type.Array(ClosingEmployerSchema, { description: 'The employers of the linked employments, by name' }),
  },
  { additionalProperties: false },
);

/** POST /api/users/{userId}/close-account/code. */
export const ClosingCodeSentSchema = Type.Object(
  {
    sentTo: Type.String({ description: 'The sign-in address the code was sent to' }),
    expiresInSeconds: Type.Integer({ description: 'How long the code works' }),
  },
  { additionalProperties: false },
);

/** POST /api/users/{userId}/close-account. */
export const AccountClosedSchema = Type.Object({ closed: Type.Literal(true) }, { additionalProperties: false });

/** The `code` of a refused closing or code request (the Settings screen words each one). */
export type AccountClosingErrorCode =
  | 'closing.password_wrong'
  | 'closing.too_many_passwords'
  | 'closing.code_wrong'
  | 'closing.code_none'
  | 'closing.too_many_codes'
  | 'closing.too_many_sends'
  | 'closing.has_authenticator';
