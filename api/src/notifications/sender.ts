// Sends the queued notices after their publication committed (notices.ts queues them inside it).
// A sender claims a notice for a lease before sending, so two API instances never both send it;
// a notice whose sender died is taken up again once the lease has run out, so none is lost.
// Through the outbox (a database write) the notice is written and marked sent in one transaction:
// a crash before the commit leaves neither, so it is sent exactly once. Through SMTP it is marked
// sent straight after the server accepts it; only a crash in that moment could send it twice.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Channel, Transport } from '../messages/transport';
import { claimNotice, dueNotices, markNoticeSent, recordNoticeError } from './notice-repository';
import type { QueueRow } from './notice-repository';

export type SenderOptions = {
  /** How long a claim holds (ms): longer than any one send can take. */
  leaseMs?: number;
  /** Notices per round. */
  batch?: number;
  /** The clock (tests move it past a lease). */
  now?: () => number;
};

export class NotificationSender {
  private readonly leaseMs: number;
  private readonly batch: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly transports: Record<Channel, Transport>,
    private readonly log: FastifyBaseLogger,
    options: SenderOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.batch = options.batch ?? 100;
    this.now = options.now ?? Date.now;
  }

  /** Sends the notices that are due (unsent, unclaimed or with a lapsed claim); answers how many it sent. */
  async deliverDue(): Promise<number> {
    const now = this.now();
    const due = await dueNotices(this.db, now, this.batch);
    let sent = 0;
    for (const row of due) if (await this.deliver(row, now)) sent++;
    return sent;
  }

  private async deliver(row: QueueRow, now: number): Promise<boolean> {
    if (!(await claimNotice(this.db, row, now, now + this.leaseMs))) return false; // another sender has it
    const transport = this.transports[row.channel as Channel];
    const message = { channel: row.channel as Channel, to: row.recipient, subject: row.subject, body: row.body };
    try {
      if (transport.inDatabase) {
        return await this.db.transaction().execute(async (trx) => {
          if (!(await markNoticeSent(trx, row.id, now))) return false;
          await transport.send(message, trx);
          return true;
        });
      }
      await transport.send(message);
      return await markNoticeSent(this.db, row.id, now);
    } catch (err) {
      // Left claimed: tried again when the lease runs out.
      this.log.error({ err, notice: row.id, channel: row.channel, transport: transport.name }, 'notification could not be sent');
      await recordNoticeError(this.db, row.id, String((err as Error).message ?? err));
      return false;
    }
  }
}

/** Runs the sender every `intervalMs`, one round at a time; answers a stop function. */
export function pollNotifications(sender: NotificationSender, intervalMs: number, log: FastifyBaseLogger): () => Promise<void> {
  let round: Promise<unknown> = Promise.resolve();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    round = sender
      .deliverDue()
      .catch((err: unknown) => log.error({ err }, 'notification round failed'))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await round;
  };
}
