// Which channel the linking code goes by (spec section 3 "Local storage keys"): a stored invitation
// `token` other than '0' selects the phone channel; otherwise the code goes by email.
import { PHONE_CHANNEL_NO_TOKEN, STORAGE_KEYS } from '@portal/shared/constants';
import { readStorage } from '@portal/shared/storage';

export type LinkingChannel = { kind: 'email' } | { kind: 'phone'; token: string };

export function readLinkingChannel(): LinkingChannel {
  const token = readStorage(STORAGE_KEYS.token)?.trim();
  return token && token !== PHONE_CHANNEL_NO_TOKEN ? { kind: 'phone', token } : { kind: 'email' };
}
