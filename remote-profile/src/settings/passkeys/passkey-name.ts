// The rule of a passkey's name, checked before it is sent (the API checks it too).
import { settingsTexts } from '../messages';

/** The longest name a passkey may have: the API's limit (its route schema for POST and PATCH .../passkeys). */
export const PASSKEY_NAME_MAX_LENGTH = 60;

export function passkeyNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return settingsTexts.t('enterPasskeyName');
  if (trimmed.length > PASSKEY_NAME_MAX_LENGTH) return settingsTexts.t('passkeyNameTooLong', { max: PASSKEY_NAME_MAX_LENGTH });
  return null;
}
