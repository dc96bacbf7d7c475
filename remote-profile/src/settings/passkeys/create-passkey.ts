// The browser's part of adding a passkey, through @simplewebauthn/browser: whether this browser can
// make one, and the prompt that makes it from the API's options. Its failures are worded here.
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { PasskeyCreationOptions } from '@portal/shared/api/types';
import { settingsTexts } from '../messages';

export function canMakePasskeys(): boolean {
  return browserSupportsWebAuthn();
}

/** The device's prompt (fingerprint, face or screen lock); answers what the API is sent back. */
export function makePasskey(options: PasskeyCreationOptions): Promise<RegistrationResponseJSON> {
  return startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
}

/** Why the browser made no passkey, in plain words; null when the failure was not the browser's. */
export function browserFailureMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { name, code } = error as { name?: unknown; code?: unknown };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return settingsTexts.t('deviceHasPasskey');
  if (name === 'NotAllowedError' || name === 'AbortError') return settingsTexts.t('passkeyCancelled');
  if (['WebAuthnError', 'SecurityError', 'NotSupportedError', 'ConstraintError', 'UnknownError'].includes(String(name))) return settingsTexts.t('deviceCannot');
  return null;
}
