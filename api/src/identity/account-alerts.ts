// Account alerts: an e-mail to the owner whenever something that guards the account changes (the
// password, the sign-in address, the phone number, the second step) or a browser it has not seen
// before signs in. An alert is queued in the same transaction as its change (queueAccountAlert), so
// a change that commits always has its alert and a change rolled back has none, whichever route
// made it; the sender then sends the queued ones through the messages module (the outbox locally)
// after the answer, and a poll sends whatever is left (app.ts). Each alert is claimed before it is
// sent, so two API instances never both send it.
// The replaced sign-in address is also told by the e-mail that carries its undo link
// (identity/email-changes.ts); the alert of that change goes to the new address.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { Message, MessageService } from '../messages/transport';
import { accountEmail, claimAccountAlert, deleteSentAccountAlertsBefore, insertAccountAlert, unsentAccountAlerts } from './account-alert-repository';
import type { QueuedAlert } from './account-alert-repository';
import { pollEvery } from '../jobs/poll';

export type AccountAlertKind = 'password' | 'email' | 'phone' | 'two-step-on' | 'two-step-off' | 'recovery-codes' | 'new-device';

const KEPT_MS = 90 * 24 * 60 * 60_000;

/**
 * Queues an alert in `db` (the change's transaction): to the account's sign-in address as it is in
 * that transaction, and to `alsoTo` (a new sign-in address).
 */
export async function queueAccountAlert(
  db: Kysely<Database>,
  userId: string,
  kind: AccountAlertKind,
  details: Record<string, string> = {},
  alsoTo: string[] = [],
): Promise<void> {
  const email = await accountEmail(db, userId);
  const recipients = [...new Set([email, ...alsoTo].filter((to): to is string => Boolean(to)))];
  if (recipients.length === 0) return;
  await insertAccountAlert(db, { userId, kind, recipients, details });
}

/** What a phone alert may say of the number: its last three digits only. */
export function phoneAlertDetails(phone: string | null): Record<string, string> {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits ? { phone: digits.slice(-3) } : {};
}

/** When the alert's change happened, as the e-mail says it: 'Saturday 28 November 2026 at 09:15 (UK time)'. */
function ukTime(iso: string): string {
  const when = new Date(iso);
  const day = when.toLocaleDateString('en-GB', { timeZone: 'Europe/London', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const time = when.toLocaleTimeString('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' });
  return `${day} at ${time} (UK time)`;
}

/** The subject and first paragraph of each kind of alert. */
function wording(alert: QueuedAlert): { subject: string; what: string } {
  const d = alert.details;
  switch (alert.kind as AccountAlertKind) {
    case 'password':
      return { subject: 'Your pay portal password has been changed', what: 'The password of your pay portal account has been changed.' };
    case 'email':
      return {
        subject: 'Your pay portal sign-in email address has been changed',
        what: `Your pay portal account now signs in with ${d.newEmail ?? 'a new address'} instead of ${d.oldEmail ?? 'its old address'}.`,
      };
    case 'phone':
      return {
        subject: 'Your pay portal phone number has been changed',
        what: d.phone
          ? `The phone number of your pay portal account is now one ending ${d.phone}.`
          : 'The phone number of your pay portal account has been removed.',
      };
    case 'two-step-on':
      return { subject: 'Two-step sign-in is on for your pay portal account', what: 'Two-step sign-in with an authenticator app has been turned on.' };
    case 'two-step-off':
      return { subject: 'Two-step sign-in is off for your pay portal account', what: 'Two-step sign-in has been turned off: a password alone now signs in.' };
    case 'recovery-codes':
      return { subject: 'New recovery codes for your pay portal account', what: 'New recovery codes were made for your account; the old ones no longer work.' };
    case 'new-device':
      return {
        subject: 'New sign-in to your pay portal account',
        what: `Your pay portal account was signed in to from a browser it has not been used from before: ${d.device ?? 'an unknown browser'}${d.address ? `, from the address ${d.address}` : ''}.`,
      };
    default:
      return { subject: 'A change to your pay portal account', what: 'Something that protects your pay portal account has changed.' };
  }
}

/** The e-mail of an alert to one of its recipients. */
export function alertMessage(alert: QueuedAlert, to: string, base: string): Message {
  const { subject, what } = wording(alert);
  const body =
    `${what}\n\nWhen: ${ukTime(alert.createdAt)}.\n\n` +
    'If this was you, there is nothing to do. You can see your sessions and recent sign-ins in Settings.\n\n' +
    `If it was not you, reset your password now from the sign-in page, then tell us: ${base}/support`;
  return { channel: 'email', to, subject, body };
}

export class AccountAlertSender {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly messages: MessageService,
    private readonly base: string,
    private readonly log: FastifyBaseLogger,
    private readonly batch = 100,
  ) {}

  /** Sends what is queued, for a route to run after its answer. */
  async sendNow(): Promise<void> {
    await this.sendQueued();
  }

  /** Sends the queued alerts (each claimed first, so none goes twice); answers how many it sent. */
  async sendQueued(): Promise<number> {
    let sent = 0;
    for (const alert of await unsentAccountAlerts(this.db, this.batch)) {
      if (!(await claimAccountAlert(this.db, alert.id))) continue; // another sender has it
      for (const to of alert.recipients) await this.messages.send(alertMessage(alert, to, this.base));
      this.log.info({ userId: alert.userId, kind: alert.kind }, 'account alert sent');
      sent++;
    }
    await deleteSentAccountAlertsBefore(this.db, new Date(Date.now() - KEPT_MS).toISOString());
    return sent;
  }
}

/** The app's sender: links in the e-mails point at PUBLIC_URL (a relative link without one, as in development). */
export function accountAlertSender(config: Config, db: Kysely<Database>, messages: MessageService, log: FastifyBaseLogger): AccountAlertSender {
  return new AccountAlertSender(db, messages, config.publicUrl ?? '', log);
}

/** Sends queued alerts every `intervalMs` until the answer is called (the app's preClose). */
export function pollAccountAlerts(sender: AccountAlertSender, intervalMs: number, log: FastifyBaseLogger): () => Promise<void> {
  return pollEvery(() => sender.sendQueued(), intervalMs, log, 'account alerts could not be sent');
}
