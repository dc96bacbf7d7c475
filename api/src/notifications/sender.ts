// Sends the queued notices after their publication committed (notices.ts queues them inside it).
// A sender claims a notice for a lease before sending, so two API instances never both send it;
// a notice whose sender died is taken up again once the lease has run out, so none is lost.
// Through the outbox (a database write) the notice is written and marked sent in one transaction:
// a crash before the commit leaves neither, so it is sent exactly once. Through a provider (SMTP,
// Notify, Twilio) it is marked sent straight after the provider accepts it; only a crash in that
// moment could send it twice.
// What the provider answered decides what follows: a refusal (a bad number or address) parks the
// notice at once with its reason; a temporary failure (rate-limited, down, no answer in time) is
// tried again after a wait that doubles each time, up to a cap, and never sooner than the provider's
// Retry-After; after the last allowed try the notice is parked with its reason, so a recipient no
// transport can reach stops costing a try a minute for ever.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Channel, Transport } from '../messages/transport';
import { failed } from '../messages/results';
import type { SendResult } from '../messages/results';
import { claimNotice, dueNotices, markNoticeSent, recordNoticeFailure } from './notice-repository';
import type { QueueRow } from './notice-repository';
import { pollEvery } from '../jobs/poll';

export type SenderOptions = {
  /** How long a claim holds (ms): longer than any one send can take. */
  leaseMs?: number;
  /** Notices per round. */
  batch?: number;
  /** The clock (tests move it past a lease). */
  now?: () => number;
  /** The wait after a first failed try (ms); each further failure doubles it. */
  retryBaseMs?: number;
  /** The longest wait between two tries (ms). */
  retryMaxMs?: number;
  /** Tries before a notice is parked. */
  maxAttempts?: number;
};

export type RetryRule = { retryBaseMs: number; retryMaxMs: number; maxAttempts: number };

/** One minute, then 2, 4, 8 … up to six hours; parked after the tenth try (8½ hours after the first). */
export const RETRY_DEFAULTS: RetryRule = { retryBaseMs: 60_000, retryMaxMs: 6 * 60 * 60_000, maxAttempts: 10 };

/** When the try after failed try number `attempt` (1 for the first) may start, or null when none may. */
export function nextTryAt(now: number, attempt: number, { retryBaseMs, retryMaxMs, maxAttempts }: RetryRule): number | null {
  if (attempt >= maxAttempts) return null;
  return now + Math.min(retryBaseMs * 2 ** (attempt - 1), retryMaxMs);
}

export class NotificationSender {
  private readonly leaseMs: number;
  private readonly batch: number;
  private readonly now: () => number;
  private readonly retry: RetryRule;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly transports: Record<Channel, Transport>,
    private readonly log: FastifyBaseLogger,
    options: SenderOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.batch = options.batch ?? 100;
    this.now = options.now ?? Date.now;
    this.retry = {
      retryBaseMs: options.retryBaseMs ?? RETRY_DEFAULTS.retryBaseMs,
      retryMaxMs: options.retryMaxMs ?? RETRY_DEFAULTS.retryMaxMs,
      maxAttempts: options.maxAttempts ?? RETRY_DEFAULTS.maxAttempts,
    };
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
    const message = {
      channel: row.channel as Channel,
      to: row.recipient,
      subject: row.subject,
      body: row.body,
      about: { noticeId: row.id, employmentId: row.employment_id },
    };
    let result: SendResult;
    try {
      if (transport.inDatabase) {
        return await this.db.transaction().execute(async (trx) => {
          if (!(await markNoticeSent(trx, row.id, now))) return false;
          const written = await transport.send(message, trx);
          if (written.outcome !== 'accepted') throw new Error(written.reason);
          return true;
        });
      }
      result = await transport.send(message);
    } catch (err) {
      result = failed(String((err as Error)?.message ?? err));
    }
    if (result.outcome === 'accepted') return await markNoticeSent(this.db, row.id, now);
    // This try was number row.attempts + 1 (claimNotice counted it).
    let retryAt = result.outcome === 'refused' ? null : nextTryAt(now, row.attempts + 1, this.retry);
    if (retryAt !== null && result.outcome === 'failed' && result.retryAfterMs !== null) retryAt = Math.max(retryAt, now + result.retryAfterMs);
    const outcome = retryAt === null ? 'parked' : 'tried again later';
    this.log.error(
      { notice: row.id, channel: row.channel, transport: transport.name, attempt: row.attempts + 1, result: result.outcome, reason: result.reason },
      `notification could not be sent: ${outcome}`,
    );
    await recordNoticeFailure(this.db, row.id, result.reason, now, retryAt);
    return false;
  }
}

/** Runs the sender every `intervalMs`, one round at a time; answers a stop function. */
export function pollNotifications(sender: NotificationSender, intervalMs: number, log: FastifyBaseLogger): () => Promise<void> {
  return pollEvery(() => sender.deliverDue(), intervalMs, log, 'notification round failed');
}
