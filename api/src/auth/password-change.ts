// A signed-in user changing their password (the account page's form and Settings' API route): the
// current password checked under the sign-in limits, the new one under the rules every new password
// meets, then the new password set (identity/new-password.ts: waiting reset links and address
// changes end with the old one) and every other session of the user ended; the one that changed it stays.
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { ChosenPasswordError } from '../http/validation';
import { chosenPasswordErrors } from '../http/validation';
import type { IdentityRow } from '../identity/repository';
import { setNewPassword } from '../identity/new-password';
import type { Refusal, Throttle } from '../throttle/throttle';
import { startPasswordAttempt } from './password-attempts';
import { waitText } from './throttle-rules';
import { hashPassword, verifyPassword } from './passwords';
import type { TokenService } from './tokens';

export const CURRENT_PASSWORD_NOT_RIGHT = 'Your current password is not right';

/** The answer while a sign-in limit holds the check back. */
export const tooManyWrongPasswords = (retryAfterMs: number) => `Too many wrong passwords. Wait ${waitText(retryAfterMs)}, then try again.`;

export type PasswordChangeProblem = { field: 'currentPassword'; rule: 'not_right'; message: string } | ChosenPasswordError;

export type PasswordChangeOutcome =
  /** A limit of the sign-in counters is reached: the current password was not checked. */
  | { outcome: 'limited'; refusal: Refusal }
  /** Nothing changed: a wrong current password (first), and what the new one breaks. */
  | { outcome: 'refused'; problems: PasswordChangeProblem[] }
  | { outcome: 'changed' };

export type PasswordChangeForm = { currentPassword: string; newPassword: string; confirmPassword: string };

export type PasswordChangeServices = { db: Kysely<Database>; config: Config; tokens: TokenService; throttle: Throttle };

export async function changePassword(
  { db, config, tokens, throttle }: PasswordChangeServices,
  who: { user: IdentityRow; sessionId: string; ip: string },
  form: PasswordChangeForm,
): Promise<PasswordChangeOutcome> {
  const { user } = who;
  // Whoever holds a session (a shared computer, a stolen cookie) must not get a password oracle
  // without the sign-in limits.
  const attempt = await startPasswordAttempt(throttle, config.tokenSecret, user.email, who.ip);
  if (attempt.refused) return { outcome: 'limited', refusal: attempt.refused };
  const problems: PasswordChangeProblem[] = [];
  if (!(await verifyPassword(form.currentPassword, user.password_hash)))
    problems.push({ field: 'currentPassword', rule: 'not_right', message: CURRENT_PASSWORD_NOT_RIGHT });
  else await attempt.succeeded();
  problems.push(
    ...chosenPasswordErrors(form.newPassword, form.confirmPassword, 'newPassword', {
      tooShort: 'Your new password',
      mismatch: 'The new passwords do not match',
    }),
  );
  if (problems.length) return { outcome: 'refused', problems };
  const passwordHash = await hashPassword(form.newPassword, config.passwordCost);
  await db.transaction().execute((trx) => setNewPassword(trx, user.id, passwordHash));
  await tokens.endOtherSessions(user.id, who.sessionId);
  return { outcome: 'changed' };
}
