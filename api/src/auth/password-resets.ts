// 'Forgot your password?' by e-mail link. The request form answers the same, after the same work,
// whether or not the address has an account; the e-mail (only to an account's address) goes out
// after the answer. A link works once, for 30 minutes, and is stored only as its SHA-256. Setting
// the new password spends the link in one UPDATE ... WHERE used_at IS NULL ... RETURNING, so of
// any number of uses at once exactly one wins.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/convert';
import { IdentityRepository, normaliseEmail } from '../identity/repository';
import type { MessageService } from '../messages/transport';
import type { CheckedClient } from './client';
import { randomToken, sha256 } from './secrets';

/** A reset link works once, for 30 minutes. */
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;

export const RESET_PATH = '/account/reset-password';

export type ResetClient = { client_id: string; redirect_uri: string; state?: string };

export type ResetOutcome = { outcome: 'changed'; userId: string; email: string; client: ResetClient } | { outcome: 'expired' };

export class PasswordResets {
  private readonly identities: IdentityRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly messages: MessageService,
  ) {
    this.identities = new IdentityRepository(db);
  }

  /** Run after the answer: e-mails a link to the account's address; an address with no account gets nothing. */
  async start(email: string, client: CheckedClient, base: string): Promise<void> {
    await this.db.deleteFrom('password_resets').where('expires_at', '<=', nowIso()).execute();
    const user = await this.identities.findByEmail(normaliseEmail(email));
    if (!user) return;
    const token = randomToken();
    await this.db
      .insertInto('password_resets')
      .values({
        token_hash: sha256(token),
        user_id: user.id,
        client_id: client.client_id,
        redirect_uri: client.redirect_uri,
        state: client.state ?? null,
        created_at: nowIso(),
        expires_at: nowIso(PASSWORD_RESET_TTL_MS),
        used_at: null,
      })
      .execute();
    await this.messages.send({
      channel: 'email',
      to: user.email,
      subject: 'Reset your pay portal password',
      body: `We received a request to reset the password of your pay portal account.\n\nTo choose a new password, open this link within 30 minutes. It works once:\n\n${base}${RESET_PATH}?token=${token}\n\nIf you did not ask for this, ignore this email: your password has not changed.`,
    });
  }

  /** Whether a link is live (not spent, not expired): the page to choose a password shows only then. */
  async isLive(token: string): Promise<boolean> {
    const row = await this.db.selectFrom('password_resets').select('user_id').where('token_hash', '=', sha256(token)).where('used_at', 'is', null).where('expires_at', '>', nowIso()).executeTakeFirst();
    return Boolean(row);
  }

  /**
   * Spends the link and sets the password in one transaction: the UPDATE that sets used_at is the
   * only check, so a link used twice at once changes the password once. The user's other links are
   * spent with it.
   */
  complete(token: string, passwordHash: string): Promise<ResetOutcome> {
    return this.db.transaction().execute(async (trx): Promise<ResetOutcome> => {
      const now = nowIso();
      const row = await trx.updateTable('password_resets').set({ used_at: now }).where('token_hash', '=', sha256(token)).where('used_at', 'is', null).where('expires_at', '>', now).returning(['user_id', 'client_id', 'redirect_uri', 'state']).executeTakeFirst();
      if (!row) return { outcome: 'expired' };
      await trx.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', row.user_id).where('used_at', 'is', null).execute();
      const identities = new IdentityRepository(trx);
      await identities.setPassword(row.user_id, passwordHash);
      const user = await identities.findById(row.user_id);
      return { outcome: 'changed', userId: row.user_id, email: user?.email ?? '', client: { client_id: row.client_id, redirect_uri: row.redirect_uri, state: row.state ?? undefined } };
    });
  }

  /** Tells the owner their password changed, so a change they did not make does not go unnoticed. */
  async notifyChanged(email: string, base: string): Promise<void> {
    await this.messages.send({
      channel: 'email',
      to: email,
      subject: 'Your pay portal password has been changed',
      body: `The password of your pay portal account has been changed, and you have been signed out everywhere.\n\nIf you did not do this, reset your password now from the sign-in page, then tell us: ${base}/support`,
    });
  }
}
