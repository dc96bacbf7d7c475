// Outgoing messages (linking codes, notices). Each goes through the transport chosen for its channel
// (transports.ts builds them from config): the local outbox, a table that /dev/outbox shows; SMTP
// (nodemailer); GOV.UK Notify; Twilio. Every send answers a SendResult (results.ts): accepted,
// refused for good, or failed for now.
import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import { newId } from '../db/convert';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, MessageKind } from '../db/schema';
import { insertOutboxMessage } from './repository';
import { insertDelivery } from './delivery-repository';
import { deliveryRecipientKey, kindOf } from './recipient';
import { accepted, failed, fromNetworkError, refused } from './results';
import type { SendResult } from './results';

export type Channel = 'email' | 'sms';
export type Message = {
  channel: Channel;
  to: string;
  subject: string;
  body: string;
  /** What the message is about, and what kind of message it is, kept with its delivery record (never sent). */
  about?: { employmentId?: string | null; noticeId?: string | null; kind?: MessageKind };
  /** Our id for this delivery, given to the provider where it takes one (Notify's `reference`). */
  reference?: string;
};

export interface Transport {
  readonly name: string;
  /**
   * True when sending is a database write (the outbox): the notification sender then writes it in
   * the same transaction that marks the notice sent, so the notice is sent exactly once.
   */
  readonly inDatabase?: boolean;
  /**
   * `db`: the transaction to write in, for a transport that is `inDatabase`. A thrown error counts as
   * a temporary failure.
   */
  send(message: Message, db?: Kysely<Database>): Promise<SendResult>;
  /** Lets go of connections (shutdown). */
  close?(): void;
}

/**
 * The local outbox. Given the delivery secret (the app's transports are), a message about an
 * employment is also recorded in message_deliveries, as sent by 'outbox', in the same write, so a
 * record's messages read the same in development as through a provider.
 */
export class OutboxTransport implements Transport {
  readonly name = 'outbox';
  readonly inDatabase = true;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly deliverySecret?: Uint8Array,
  ) {}

  async send(message: Message, db: Kysely<Database> = this.db): Promise<SendResult> {
    await insertOutboxMessage(db, message);
    const employmentId = message.about?.employmentId;
    if (this.deliverySecret && employmentId) {
      await insertDelivery(db, {
        id: newId('dlv'),
        channel: message.channel,
        provider: this.name,
        recipientHash: deliveryRecipientKey(this.deliverySecret, message.channel, message.to),
        employmentId,
        noticeId: message.about?.noticeId ?? null,
        kind: kindOf(message),
        state: 'sent',
      });
    }
    // The body (it holds the code) is only in the outbox, never in the log.
    this.log.info({ channel: message.channel, to: message.to, subject: message.subject }, 'message written to the local outbox (read it at /dev/outbox)');
    return accepted(null);
  }
}

type SmtpError = { responseCode?: number; code?: string; response?: string; message?: string };

/** SMTP's own classes: 5xx is final (no such mailbox), 4xx is for now; an authentication refusal is ours to fix, so for now. */
export function smtpResult(err: unknown, timeoutMs: number): SendResult {
  const { responseCode, code, response, message } = (err ?? {}) as SmtpError;
  const text = (response ?? message ?? String(err)).slice(0, 300);
  if (code === 'EAUTH') return failed(`the SMTP server refused our credentials (${text})`);
  if (typeof responseCode === 'number' && responseCode >= 500) return refused(text);
  if (typeof responseCode === 'number' && responseCode >= 400) return failed(text);
  if (code === 'ETIMEDOUT' || code === 'ECONNECTION' || code === 'ESOCKET') {
    return fromNetworkError({ code: /timeout/i.test(text) ? 'ETIMEDOUT' : code, message: text }, timeoutMs);
  }
  return failed(text);
}

export class SmtpTransport implements Transport {
  readonly name = 'smtp';
  private readonly transporter: nodemailer.Transporter;
  constructor(
    url: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs = 10_000,
  ) {
    this.transporter = nodemailer.createTransport({ url, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
  }

  async send(message: Message): Promise<SendResult> {
    try {
      const info = (await this.transporter.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.body })) as {
        messageId?: string;
      };
      this.log.info({ channel: message.channel, to: message.to, subject: message.subject }, 'e-mail sent by SMTP');
      return accepted(info.messageId ?? null);
    } catch (err) {
      return smtpResult(err, this.timeoutMs);
    }
  }

  close(): void {
    this.transporter.close();
  }
}

export class MessageService {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly email: Transport,
    private readonly sms: Transport,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Sends, and never lets delivery reveal anything to the caller: it answers nothing, failures and
   * refusals are logged (and, through a provider, recorded in message_deliveries), and remote
   * transports (SMTP, Notify, Twilio) run after the answer, so how long the request took does not
   * tell whether an address matched a record. The local outbox is written before answering (it is as
   * fast as the other database work, and a person or a test can read the code straight away).
   */
  async send(message: Message): Promise<void> {
    const transport = message.channel === 'email' ? this.email : this.sms;
    const delivery = transport.send(message).then(
      (result) => {
        if (result.outcome !== 'accepted')
          this.log.warn({ channel: message.channel, transport: transport.name, outcome: result.outcome, reason: result.reason }, 'message not sent');
      },
      (err: unknown) => {
        this.log.error({ err, channel: message.channel, transport: transport.name }, 'message could not be sent');
      },
    );
    if (transport.inDatabase) return delivery;
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  /** Waits for messages still on their way (shutdown, tests). */
  async flush(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
