// GOV.UK Notify through its Node client. Each channel has one template whose personalisation is the
// message's ((subject)) and ((body)), so the wording stays in this code. The client's HTTP calls go
// through an axios instance of ours, with the time-out from config and the base URL configurable
// (a local stand-in in tests).
import axios from 'axios';
import { NotifyClient } from 'notifications-node-client';
import type { NotifyConfig } from '../config';
import type { Channel, Message, Transport } from './transport';
import { accepted, fromHttpStatus, fromNetworkError } from './results';
import type { SendResult } from './results';

type NotifyErrorBody = { errors?: { error?: string; message?: string }[]; status_code?: number };

/** Notify's errors say what is wrong in `errors[].message` (e.g. "phone_number Not a UK mobile number"). */
function notifyReason(body: unknown): string {
  const errors = (body as NotifyErrorBody | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return 'no reason given';
  return errors.map((e) => [e.error, e.message].filter(Boolean).join(': ')).join('; ');
}

export class NotifyTransport implements Transport {
  readonly name = 'notify';
  private readonly client: NotifyClient;
  private readonly templateId: string;

  constructor(
    config: NotifyConfig,
    private readonly channel: Channel,
    private readonly timeoutMs: number,
  ) {
    const templateId = channel === 'email' ? config.emailTemplateId : config.smsTemplateId;
    if (!templateId) throw new Error(`GOV.UK Notify needs a template id for ${channel}`);
    this.templateId = templateId;
    this.client = new NotifyClient(config.baseUrl, config.apiKey);
    this.client.setClient(axios.create({ timeout: timeoutMs }));
  }

  async send(message: Message): Promise<SendResult> {
    const personalisation = { subject: message.subject, body: message.body };
    const reference = message.reference;
    try {
      const response =
        this.channel === 'email'
          ? await this.client.sendEmail(this.templateId, message.to, { personalisation, reference })
          : await this.client.sendSms(this.templateId, message.to, { personalisation, reference });
      return accepted(response.data.id);
    } catch (err) {
      if (axios.isAxiosError(err) && err.response)
        return fromHttpStatus(err.response.status, err.response.headers['retry-after'], notifyReason(err.response.data));
      return fromNetworkError(err, this.timeoutMs);
    }
  }
}
