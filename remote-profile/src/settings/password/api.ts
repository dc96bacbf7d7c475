// Settings' password change: POST /api/users/{userId}/password, and what a refusal's `code` says.
import axios from 'axios';
import { apiPost, userApiPath } from '@portal/shared/api/client';
import type { UserScope } from '@portal/shared/api/client';
import type { PasswordChange, PasswordChangeErrorCode, PasswordChanged } from '@portal/shared/api/types';

export async function changePassword({ userId }: UserScope, change: PasswordChange): Promise<PasswordChanged> {
  const { data } = await apiPost<PasswordChanged>(userApiPath(userId, 'password'), change);
  return data;
}

export type PasswordField = keyof PasswordChange;

/** The field each refusal is about. */
const FIELD_OF: Record<PasswordChangeErrorCode, PasswordField> = {
  'password.current_not_right': 'currentPassword',
  'password.too_many_attempts': 'currentPassword',
  'password.too_short': 'newPassword',
  'password.too_common': 'newPassword',
  'password.mismatch': 'confirmPassword',
};

/**
 * A refusal of the change as the field it is about and its words, or null for any other failure. The
 * API words these refusals for the person (the same sentences its account page shows), so they are
 * shown as they come.
 */
export function refusedField(error: unknown): { field: PasswordField; message: string } | null {
  if (!axios.isAxiosError(error)) return null;
  const body: unknown = error.response?.data;
  if (!body || typeof body !== 'object') return null;
  const { code, error: message } = body as { code?: unknown; error?: unknown };
  if (typeof code !== 'string' || !(code in FIELD_OF) || typeof message !== 'string') return null;
  return { field: FIELD_OF[code as PasswordChangeErrorCode], message };
}
