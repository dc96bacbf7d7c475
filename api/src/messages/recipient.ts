// How a delivery record names its recipient (a keyed hash, never the address) and what kind of
// message it was.
import type { MessageKind } from '../db/schema';
import { keyedHash } from '../secrets';

type Addressed = { channel: 'email' | 'sms'; to: string; about?: { noticeId?: string | null; kind?: MessageKind } };

function normalised(channel: Addressed['channel'], to: string): string {
  return channel === 'email' ? to.trim().toLowerCase() : to.replace(/[^\d+]/g, '');
}

/** The same address (or number) always gives the same key, so an admin can find its messages without it being stored. */
export const deliveryRecipientKey = (secret: Uint8Array, channel: Addressed['channel'], to: string) =>
  keyedHash(secret, `delivery:${channel}:${normalised(channel, to)}`);

/** The kind the sender gave; a notice (sent by the notifications queue) is 'notice'. */
export const kindOf = (message: Pick<Addressed, 'about'>): MessageKind | null => message.about?.kind ?? (message.about?.noticeId ? 'notice' : null);
