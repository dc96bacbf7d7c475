// A new sign-in email address takes effect only when its owner opens the link we send to it: until
// then the old address keeps signing in. The old address is told too, so a change its owner did not
// ask for does not go unnoticed. A link works once, for 30 minutes, stored only as its SHA-256.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { randomToken, sha256 } from '../auth/secrets';
import type { MessageService } from '../messages/transport';
import { updateAppUser } from '../users/repository';
import { EmailChangeRepository } from './email-change-repository';
import { IdentityRepository, normaliseEmail } from './repository';

/** A confirmation link works once, for 30 minutes. */
export const EMAIL_CHANGE_TTL_MS = 30 * 60_000;

export const CONFIRM_EMAIL_PATH = '/account/confirm-email';

export type ConfirmOutcome = { outcome: 'changed'; email: string } | { outcome: 'expired' } | { outcome: 'taken' };

export class EmailChanges {
  private readonly changes: EmailChangeRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly messages: MessageService,
  ) {
    this.changes = new EmailChangeRepository(db);
  }

  /** E-mails a confirmation link to the new address, and a note to the current one. */
  async start(user: { id: string; email: string }, newEmail: string, base: string): Promise<void> {
    const email = normaliseEmail(newEmail);
    await this.changes.dropExpired();
    const token = randomToken();
    await this.changes.insert({ tokenHash: sha256(token), userId: user.id, newEmail: email, ttlMs: EMAIL_CHANGE_TTL_MS });
    await this.messages.send({
      channel: 'email',
      to: email,
      subject: 'Confirm your new pay portal email address',
      body: `You asked to sign in to the pay portal with this email address.\n\nTo confirm it, open this link within 30 minutes. It works once:\n\n${base}${CONFIRM_EMAIL_PATH}?token=${token}\n\nUntil then you sign in with your current address. If you did not ask for this, ignore this email: nothing changes without the link.`,
    });
    await this.messages.send({
      channel: 'email',
      to: user.email,
      subject: 'Your pay portal email address is about to change',
      body: `Someone signed in to your pay portal account asked to sign in with ${email} instead of this address. It changes only when the link sent to ${email} is opened.\n\nIf this was not you, reset your password from the sign-in page now, then tell us: ${base}/support`,
    });
  }

  /** The new address of a live link, or null. */
  async pendingEmail(token: string): Promise<string | null> {
    return (await this.changes.liveEmail(sha256(token))) ?? null;
  }

  /** Spends the link and moves the sign-in address (and the record's) in one transaction. */
  confirm(token: string): Promise<ConfirmOutcome> {
    return this.db.transaction().execute(async (trx): Promise<ConfirmOutcome> => {
      const row = await new EmailChangeRepository(trx).spend(sha256(token));
      if (!row) return { outcome: 'expired' };
      const identities = new IdentityRepository(trx);
      const other = await identities.findByEmail(row.new_email);
      if (other && other.id !== row.user_id) return { outcome: 'taken' };
      await identities.update(row.user_id, { email: row.new_email });
      await updateAppUser(trx, row.user_id, { email: row.new_email });
      return { outcome: 'changed', email: row.new_email };
    });
  }
}
