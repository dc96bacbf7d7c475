// Outgoing messages (linking codes). Locally they land in an outbox table that /dev/outbox shows;
// with SMTP_URL set, e-mail goes out through nodemailer. Text messages stay in the outbox until an
// SMS provider is plugged in behind the same Transport interface.
import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import { insertOutboxMessage } from './repository';

export type Channel = 'email' | 'sms';
export type Message = { channel: Channel; to: string; subject: string; body: string };

export interface Transport {
  readonly name: string;
  /**
   * True when sending is a database write (the outbox): the notification sender then writes it in
   * the same transaction that marks the notice sent, so the notice is sent exactly once.
   */
  readonly inDatabase?: boolean;
  /** `db`: the transaction to write in, for a transport that is `inDatabase`. */
  send(message: Message, db?: Kysely<Database>): Promise<void>;
}

export class OutboxTransport implements Transport {
  readonly name = 'outbox';
  readonly inDatabase = true;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: Message, db: Kysely<Database> = this.db): Promise<void> {
    await insertOutboxMessage(db, message);
    // The body (it holds the code) is only in the outbox, never in the log.
    this.log.info({ channel: message.channel, to: message.to, subject: message.subject }, 'message written to the local outbox (read it at /dev/outbox)');
  }
}

export class SmtpTransport implements Transport {
  readonly name = 'smtp';
  private readonly transporter: nodemailer.Transporter;
  constructor(
    url: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transporter = nodemailer.createTransport(url);
  }

  async send(message: Message): Promise<void> {
    await this.transporter.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.body });
    this.log.info({ channel: message.channel, to: message.to, subject: message.subject }, 'e-mail sent by SMTP');
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
   * Sends, and never lets delivery reveal anything to the caller: failures are logged, and remote
   * transports (SMTP) run after the answer, so how long the request took does not tell whether an
   * address matched a record. The local outbox is written before answering (it is as fast as the
   * other database work, and a person or a test can read the code straight away).
   */
  async send(message: Message): Promise<void> {
    const transport = message.channel === 'email' ? this.email : this.sms;
    const delivery = transport.send(message).catch((err: unknown) => {
      this.log.error({ err, channel: message.channel, transport: transport.name }, 'message could not be sent');
    });
    if (transport instanceof OutboxTransport) return delivery;
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  /** Waits for messages still on their way (shutdown, tests). */
  async flush(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
