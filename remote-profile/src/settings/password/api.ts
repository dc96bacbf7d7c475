// Settings' password change: POST /api/users/{userId}/password, and what a refusal's `code` says.
import axios from 'axios';
import { getApiErrorMessage } from '@portal/shared/api/client';
import { apiPost, userApiPath } from '@portal/shared/api/client';
import type { UserScope } from '@portal/shared/api/client';
import type { PasswordChange, PasswordChangeErrorCode, PasswordChanged } from '@portal/shared/api/types';
import { settingsTexts } from '../messages';

export async function changePassword({ userId }: UserScope, change: PasswordChange): Promise<PasswordChanged> {
  const { data } = await apiPost<PasswordChanged>(userApiPath(userId, 'password'), change);
  return data;
}

export type PasswordField = keyof PasswordChange;

/** The API's shortest new password (api/src/http/validation.ts PASSWORD_MIN). */
const PASSWORD_MIN_LENGTH = 12;

/** The field each refusal is about. */
const FIELD_OF: Record<PasswordChangeErrorCode, PasswordField> = {
  'password.current_not_right': 'currentPassword',
  'password.too_many_attempts': 'currentPassword',
  'password.too_short': 'newPassword',
  'password.too_common': 'newPassword',
  'password.mismatch': 'confirmPassword',
};

/** The words of each refusal, in the page's language, chosen by its code (never the API's text). */
function refusalWords(code: PasswordChangeErrorCode, error: unknown): string {
  switch (code) {
    case 'password.current_not_right':
      return settingsTexts.t('currentNotRight');
    case 'password.too_many_attempts':
      return getApiErrorMessage(error);
    case 'password.too_short':
      return settingsTexts.t('tooShort', { min: PASSWORD_MIN_LENGTH });
    case 'password.too_common':
      return settingsTexts.t('tooCommon');
    case 'password.mismatch':
      return settingsTexts.t('passwordsDiffer');
  }
}

/** A refusal of the change as the field it is about and its words, or null for any other failure. */
export function refusedField(error: unknown): { field: PasswordField; message: string } | null {
  if (!axios.isAxiosError(error)) return null;
  const body: unknown = error.response?.data;
  if (!body || typeof body !== 'object') return null;
  const { code } = body as { code?: unknown };
  if (typeof code !== 'string' || !Object.hasOwn(FIELD_OF, code)) return null;
  return { field: FIELD_OF[code as PasswordChangeErrorCode], message: refusalWords(code as PasswordChangeErrorCode, error) };
}
