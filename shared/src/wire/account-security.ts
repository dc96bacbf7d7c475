// Answers of the account's security in Settings (/api/users/{userId}/two-step, /sessions, /sign-ins):
// two-step sign-in with an authenticator app, the signed-in sessions, and the sign-in history.
import { Type } from '@sinclair/typebox';

export const TwoStepStatusSchema = Type.Object(
  {
    on: Type.Boolean({ description: 'Whether sign-in asks for a code from an authenticator app' }),
    recoveryCodesLeft: Type.Integer({ minimum: 0, description: 'Unused recovery codes (0 while off)' }),
    required: Type.Boolean({ description: 'An employer admin must keep it on: it cannot be turned off' }),
  },
  { additionalProperties: false },
);

export const TwoStepSetUpSchema = Type.Object(
  {
    key: Type.String({ description: 'The key to type into the app, in groups of four' }),
    uri: Type.String({ description: 'The otpauth:// address the QR code holds' }),
    qr: Type.Object(
      {
        size: Type.Integer({ minimum: 1, description: 'Modules per side' }),
        rows: Type.Array(Type.String({ pattern: '^[01]+$' }), { description: 'Each row of modules, 1 dark and 0 light, top to bottom' }),
      },
      { additionalProperties: false, description: 'The QR code of `uri`, drawn by the page (no image is fetched)' },
    ),
  },
  { additionalProperties: false },
);

export const RecoveryCodesSchema = Type.Object(
  { recoveryCodes: Type.Array(Type.String(), { description: 'Ten single-use codes, shown this once: only their hashes are kept' }) },
  { additionalProperties: false },
);

export const SignedInSessionSchema = Type.Object(
  {
    id: Type.String(),
    current: Type.Boolean({ description: 'The session of this request: "This device"' }),
    browser: Type.String({ description: 'From the User-Agent at sign-in, e.g. "Chrome 131"' }),
    system: Type.String({ description: 'From the User-Agent at sign-in, e.g. "Windows 10"' }),
    ipAddress: Type.Union([Type.String(), Type.Null()], { description: 'The address it signed in from' }),
    startedAt: Type.String({ description: 'ISO 8601' }),
    lastUsedAt: Type.String({ description: 'ISO 8601, to the minute' }),
    secondStep: Type.Boolean({ description: 'Whether this sign-in passed a second step' }),
  },
  { additionalProperties: false },
);

export const SignedInSessionListSchema = Type.Array(SignedInSessionSchema, { description: 'Live sessions, newest first' });

export const SessionsEndedSchema = Type.Object({ ended: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });

export const SignInEventSchema = Type.Object(
  {
    id: Type.String(),
    at: Type.String({ description: 'ISO 8601' }),
    result: Type.Union([Type.Literal('signed-in'), Type.Literal('wrong-password'), Type.Literal('second-step-failed')]),
    method: Type.Union([Type.Literal('password'), Type.Literal('passkey')]),
    secondStep: Type.Union(
      [Type.Literal('authenticator'), Type.Literal('recovery-code'), Type.Literal('new-authenticator'), Type.Literal('passkey'), Type.Null()],
      {
        description: 'The second step used or tried, if any',
      },
    ),
    browser: Type.String(),
    system: Type.String(),
    ipAddress: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);

export const SignInHistorySchema = Type.Array(SignInEventSchema, { description: 'Sign-in attempts of the last 90 days, newest first' });
