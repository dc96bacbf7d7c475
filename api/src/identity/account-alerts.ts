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
import { INTL_LOCALES, type Language } from '../languages/language';
import { identityTexts } from './identity-texts';

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
function ukTime(iso: string, language: Language): string {
  const when = new Date(iso);
  const locale = INTL_LOCALES[language];
  const day = when.toLocaleDateString(locale, { timeZone: 'Europe/London', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const time = when.toLocaleTimeString(locale, { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' });
  return identityTexts(language)('when', { day, time });
}

/** The browser that signed in, in the alert's words: 'Chrome 131 on Windows 10' ('Chrome 131 ar Windows 10'). */
function deviceWords(d: Record<string, string>, t: ReturnType<typeof identityTexts>): string {
  if (!d.browser || !d.system) return d.device ?? t('anUnknownBrowser');
  // auth/device-description.ts's words for what it cannot tell.
  const browser = d.browser === 'Unknown browser' ? t('unknownBrowser') : d.browser;
  const system = d.system === 'Unknown system' ? t('unknownSystem') : d.system;
  return t('deviceOnSystem', { browser, system });
}

/** The subject and first paragraph of each kind of alert. */
function wording(alert: QueuedAlert, language: Language): { subject: string; what: string } {
  const t = identityTexts(language);
  const d = alert.details;
  const said = (kind: 'password' | 'twoStepOn' | 'twoStepOff' | 'recoveryCodes' | 'other') => ({ subject: t(`${kind}Subject`), what: t(`${kind}What`) });
  switch (alert.kind as AccountAlertKind) {
    case 'password':
      return said('password');
    case 'email':
      return {
        subject: t('emailSubject'),
        what: t('emailWhat', { newEmail: d.newEmail ?? t('aNewAddress'), oldEmail: d.oldEmail ?? t('itsOldAddress') }),
      };
    case 'phone':
      return { subject: t('phoneSubject'), what: d.phone ? t('phoneWhat', { phone: d.phone }) : t('phoneRemovedWhat') };
    case 'two-step-on':
      return said('twoStepOn');
    case 'two-step-off':
      return said('twoStepOff');
    case 'recovery-codes':
      return said('recoveryCodes');
    case 'new-device': {
      const device = deviceWords(d, t);
      return { subject: t('newDeviceSubject'), what: d.address ? t('newDeviceFromWhat', { device, address: d.address }) : t('newDeviceWhat', { device }) };
    }
    default:
      return said('other');
  }
}

/** The e-mail of an alert to one of its recipients, in the language the account chose (English until it chooses). */
export function alertMessage(alert: QueuedAlert, to: string, base: string, language: Language = 'en'): Message {
  const { subject, what } = wording(alert, language);
  const body = identityTexts(language)('alertBody', { what, when: ukTime(alert.createdAt, language), support: `${base}/support` });
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
      for (const to of alert.recipients) await this.messages.send(alertMessage(alert, to, this.base, alert.language));
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
