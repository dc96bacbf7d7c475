// Records every message handed to a provider (message_deliveries): a row before the send, so a
// callback can never find nothing, then the send's answer. The recipient is kept only as a keyed
// hash, and a provider's reason never repeats the address or number it was about.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DeliveryState } from '../db/schema';
import { newId } from '../db/convert';
import type { Message, Transport } from './transport';
import { deliveryRecipientKey, kindOf } from './recipient';
import { failed } from './results';
import type { SendResult } from './results';
import { insertDelivery, settleDelivery } from './delivery-repository';

export { deliveryRecipientKey } from './recipient';

/** The reason with the recipient taken out (Twilio's "Invalid 'To' Phone Number: +44…"). */
function withoutRecipient(reason: string, to: string): string {
  const forms = [to, to.trim(), to.replace(/\s+/g, ''), to.replace(/^0/, '+44').replace(/\s+/g, '')].filter((f) => f.length >= 3);
  let text = reason;
  for (const form of forms) text = text.split(form).join('[recipient]');
  return text;
}

const STATE: Record<SendResult['outcome'], DeliveryState> = { accepted: 'sent', refused: 'failed_permanent', failed: 'failed_temporary' };

export class RecordedTransport implements Transport {
  readonly name: string;

  constructor(
    private readonly inner: Transport,
    private readonly db: Kysely<Database>,
    private readonly secret: Uint8Array,
    private readonly log: FastifyBaseLogger,
  ) {
    this.name = inner.name;
  }

  async send(message: Message): Promise<SendResult> {
    const id = newId('dlv');
    await insertDelivery(this.db, {
      id,
      channel: message.channel,
      provider: this.inner.name,
      recipientHash: deliveryRecipientKey(this.secret, message.channel, message.to),
      employmentId: message.about?.employmentId ?? null,
      noticeId: message.about?.noticeId ?? null,
      kind: kindOf(message),
    });
    let result: SendResult;
    try {
      result = await this.inner.send({ ...message, reference: id });
    } catch (err) {
      result = failed((err as Error)?.message ?? String(err));
    }
    if (result.outcome !== 'accepted') result = { ...result, reason: withoutRecipient(result.reason, message.to) };
    try {
      await settleDelivery(
        this.db,
        id,
        STATE[result.outcome],
        result.outcome === 'accepted' ? result.providerId : null,
        result.outcome === 'accepted' ? null : result.reason,
      );
    } catch (err) {
      // The message has left (or not) whatever the record says: the answer still counts.
      this.log.error({ err, delivery: id }, 'delivery record could not be updated');
    }
    return result;
  }

  close(): void {
    this.inner.close?.();
  }
}
