// Field rules shared by route schemas and form handlers.
import { Type } from '@sinclair/typebox';
import { isCommonPassword } from './common-passwords';

export const ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export const PHONE_PATTERN = '^\\+?[0-9 ()-]{7,20}$';
export const NI_PATTERN = '^\\s*[A-Za-z]{2}(\\s*[0-9]){6}\\s*[A-Da-d]?\\s*$';

/** A record id in a path: letters, digits, '-' and '_' (user ids are UUIDs). */
export const Id = (description: string) =>
  Type.String({ pattern: ID_PATTERN, description, 'x-message': 'must be an id: letters, digits, - or _, up to 64 characters' });
/** The token of an employee's invitation link, as the employer's message carries it. */
export const InvitationToken = (description: string) =>
  Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$', 'x-message': 'must be the invitation token from your employer’s message', description });

export const Email = (description = 'An email address') =>
  Type.String({
    minLength: 3,
    maxLength: 254,
    pattern: EMAIL_PATTERN,
    description,
    'x-message': 'must be an email address like name@example.com (up to 254 characters)',
  });

export function isEmail(value: string): boolean {
  return value.length <= 254 && new RegExp(EMAIL_PATTERN).test(value);
}
export function isPhone(value: string): boolean {
  return new RegExp(PHONE_PATTERN).test(value);
}

/** A real calendar date as YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

/** A rule a password being chosen broke, the field it is shown on and the words. */
export type ChosenPasswordError = { field: string; rule: 'too_short' | 'too_common' | 'mismatch'; message: string };

/** The answer to a new password on the list of the most common ones (common-passwords.ts). */
export const COMMON_PASSWORD = 'This password is too common. Choose one that is harder to guess.';

/**
 * The errors of a password being chosen (with its confirmation): too short, else one of the most
 * common passwords, else not the same twice. `field` is the form's name for the new password.
 */
export function chosenPasswordErrors(
  password: string,
  confirmation: string,
  field: 'password' | 'newPassword',
  words: { tooShort: string; mismatch: string },
): ChosenPasswordError[] {
  if (password.length < PASSWORD_MIN) return [{ field, rule: 'too_short', message: `${words.tooShort} must be at least ${PASSWORD_MIN} characters` }];
  if (isCommonPassword(password)) return [{ field, rule: 'too_common', message: COMMON_PASSWORD }];
  if (password !== confirmation) return [{ field: 'confirmPassword', rule: 'mismatch', message: words.mismatch }];
  return [];
}
