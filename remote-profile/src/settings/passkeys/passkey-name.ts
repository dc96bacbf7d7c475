// The rule of a passkey's name, checked before it is sent (the API checks it too).

/** The longest name a passkey may have: the API's limit (its route schema for POST and PATCH .../passkeys). */
export const PASSKEY_NAME_MAX_LENGTH = 60;

export function passkeyNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a name for the passkey';
  if (trimmed.length > PASSKEY_NAME_MAX_LENGTH) return `The name must be ${PASSKEY_NAME_MAX_LENGTH} characters or fewer`;
  return null;
}
