// An address takes effect only when its owner opens the link we send to it: a new sign-in address
// (until then the old one keeps signing in; the old address is told), and a new notification
// address (until then notices go to the last proven one). When a sign-in change completes, the
// address it replaced is told, with a link that puts it back for 14 days: a change its owner did not
// make can be undone by whoever holds the old inbox. Links work once and are stored only as their
// SHA-256.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { randomToken, sha256 } from '../secrets';
import { setNewPassword } from './new-password';
import { queueAccountAlert } from './account-alerts';
import type { MessageService } from '../messages/transport';
import { updateAppUser } from '../users/repository';
import { accountLanguage, identityTexts } from './identity-texts';
import { EmailChangeRepository } from './email-change-repository';
import { IdentityRepository, normaliseEmail } from './repository';

/** A confirmation link works once, for 30 minutes. */
export const EMAIL_CHANGE_TTL_MS = 30 * 60_000;
/** The link that undoes a completed sign-in change works once, for 14 days. */
export const EMAIL_UNDO_TTL_MS = 14 * 24 * 60 * 60_000;
export const CONFIRM_EMAIL_PATH = '/account/confirm-email';
export const UNDO_EMAIL_PATH = '/account/undo-email-change';

export type ConfirmPurpose = 'sign-in' | 'notifications';
export type ConfirmOutcome = { outcome: 'changed'; email: string; purpose: ConfirmPurpose } | { outcome: 'expired' } | { outcome: 'taken' };
export type UndoOutcome = { outcome: 'undone'; userId: string; email: string } | { outcome: 'expired' } | { outcome: 'taken' };

const CONFIRMABLE: ConfirmPurpose[] = ['sign-in', 'notifications'];

/** Where links in these e-mails point: PUBLIC_URL, else the portal page the request came from (an allowed origin). */
export function emailLinkBase(config: Config, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl;
  const origin = request.headers.origin;
  return origin && config.allowedRedirectOrigins.includes(origin) ? origin : '';
}

export class EmailChanges {
  private readonly changes: EmailChangeRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly messages: MessageService,
  ) {
    this.changes = new EmailChangeRepository(db);
  }

  /** E-mails a link to the new address (and, for a sign-in address, a note to the current one). */
  async start(user: { id: string; email: string }, newEmail: string, base: string, purpose: ConfirmPurpose = 'sign-in'): Promise<void> {
    const email = normaliseEmail(newEmail);
    await this.changes.dropExpired();
    const token = await this.issue(user.id, email, purpose, EMAIL_CHANGE_TTL_MS);
    const link = `${base}${CONFIRM_EMAIL_PATH}?token=${token}`;
    const t = identityTexts(await accountLanguage(this.db, user.id));
    if (purpose === 'notifications') {
      await this.messages.send({ channel: 'email', to: email, subject: t('noticesAddressSubject'), body: t('noticesAddressBody', { link }) });
      return;
    }
    await this.messages.send({ channel: 'email', to: email, subject: t('newAddressSubject'), body: t('newAddressBody', { link }) });
    await this.messages.send({
      channel: 'email',
      to: user.email,
      subject: t('aboutToChangeSubject'),
      body: t('aboutToChangeBody', { newEmail: email, support: `${base}/support` }),
    });
  }

  /** The address and purpose of a live confirmation link, or null. */
  async pending(token: string): Promise<{ email: string; purpose: ConfirmPurpose } | null> {
    const row = await this.changes.live(sha256(token), CONFIRMABLE);
    return row ? { email: row.new_email, purpose: row.purpose as ConfirmPurpose } : null;
  }

  /**
   * Spends the link and moves the address, in one transaction. A sign-in address moves the record's
   * notification address with it, and the address it replaced gets the undo link.
   */
  async confirm(token: string, base: string): Promise<ConfirmOutcome> {
    const done = await this.db.transaction().execute(async (trx) => {
      const row = await new EmailChangeRepository(trx).spend(sha256(token), CONFIRMABLE);
      if (!row) return { outcome: 'expired' } as const;
      const purpose = row.purpose as ConfirmPurpose;
      if (purpose === 'notifications') {
        await updateAppUser(trx, row.user_id, { email: row.new_email });
        return { outcome: 'changed', email: row.new_email, purpose } as const;
      }
      const identities = new IdentityRepository(trx);
      const other = await identities.findByEmail(row.new_email);
      if (other && other.id !== row.user_id) return { outcome: 'taken' } as const;
      const before = await identities.findById(row.user_id);
      if (!before) return { outcome: 'expired' } as const;
      await identities.update(row.user_id, { email: row.new_email });
      await updateAppUser(trx, row.user_id, { email: row.new_email });
      // To the new address (the account's address by now); the old one gets the undo link below.
      await queueAccountAlert(trx, row.user_id, 'email', { oldEmail: before.email, newEmail: row.new_email });
      const undoToken = await this.issue(row.user_id, before.email, 'undo', EMAIL_UNDO_TTL_MS, trx);
      return { outcome: 'changed', email: row.new_email, purpose, oldEmail: before.email, undoToken, userId: row.user_id } as const;
    });
    if (done.outcome !== 'changed') return done;
    if (done.purpose === 'sign-in') await this.tellOldAddress(done.userId, done.oldEmail, done.email, base, done.undoToken);
    return { outcome: 'changed', email: done.email, purpose: done.purpose };
  }

  /** The address a live undo link puts back, or null. */
  async pendingUndo(token: string): Promise<string | null> {
    return (await this.changes.live(sha256(token), ['undo']))?.new_email ?? null;
  }

  /**
   * Puts the sign-in address back and sets the password the owner chose, in one transaction: the
   * link is spent, and with it every waiting link and address change of the account (whoever made
   * the change may hold some). The caller ends every session.
   */
  undo(token: string, passwordHash: string): Promise<UndoOutcome> {
    return this.db.transaction().execute(async (trx): Promise<UndoOutcome> => {
      const changes = new EmailChangeRepository(trx);
      const row = await changes.spend(sha256(token), ['undo']);
      if (!row) return { outcome: 'expired' };
      const identities = new IdentityRepository(trx);
      const other = await identities.findByEmail(row.new_email);
      if (other && other.id !== row.user_id) return { outcome: 'taken' };
      await identities.update(row.user_id, { email: row.new_email });
      await updateAppUser(trx, row.user_id, { email: row.new_email });
      await setNewPassword(trx, row.user_id, passwordHash);
      await changes.spendAllOf(row.user_id);
      return { outcome: 'undone', userId: row.user_id, email: row.new_email };
    });
  }

  private async issue(userId: string, email: string, purpose: 'sign-in' | 'notifications' | 'undo', ttlMs: number, db: Kysely<Database> = this.db) {
    const token = randomToken();
    await new EmailChangeRepository(db).insert({ tokenHash: sha256(token), userId, newEmail: email, purpose, ttlMs });
    return token;
  }

  private async tellOldAddress(userId: string, oldEmail: string, newEmail: string, base: string, undoToken: string): Promise<void> {
    const t = identityTexts(await accountLanguage(this.db, userId));
    await this.messages.send({
      channel: 'email',
      to: oldEmail,
      subject: t('changedSubject'),
      body: t('changedBody', { newEmail, link: `${base}${UNDO_EMAIL_PATH}?token=${undoToken}`, support: `${base}/support` }),
    });
  }
}
