// POST /api/users/{userId}/password: a signed-in user changing their password (Settings).
import { Type } from '@sinclair/typebox';

export const PasswordChangedSchema = Type.Object(
  {
    changed: Type.Literal(true),
    otherSessionsEnded: Type.Literal(true, { description: 'Every other session of the user has ended; this one stays' }),
  },
  { additionalProperties: false },
);

/**
 * The `code` of a refused change (beside `{ status, error }`): which field is wrong and why. A 400
 * names one problem, the current password first; a 429 holds the check back (sign-in limits).
 */
export type PasswordChangeErrorCode =
  'password.current_not_right' | 'password.too_short' | 'password.too_common' | 'password.mismatch' | 'password.too_many_attempts';
