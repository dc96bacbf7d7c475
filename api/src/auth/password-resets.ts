// 'Forgot your password?' by e-mail link. The request form answers the same, after the same work,
// whether or not the address has an account; the e-mail (only to an account's address) goes out
// after the answer. A link works once, for 30 minutes, and is stored only as its SHA-256. Setting
// the new password spends the link in one UPDATE ... WHERE used_at IS NULL ... RETURNING, so of
// any number of uses at once exactly one wins. The new password ends every other waiting link and
// address change of the account (new-password.ts).
import type { Language } from '../languages/language';
import { authTexts } from './auth-texts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { IdentityRepository, normaliseEmail } from '../identity/repository';
import type { MessageService } from '../messages/transport';
import type { CheckedClient } from './client';
import { PasswordResetRepository } from '../identity/password-reset-repository';
import { randomToken, sha256 } from '../secrets';
import { setNewPassword } from '../identity/new-password';

/** A reset link works once, for 30 minutes. */
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;

export const RESET_PATH = '/account/reset-password';

export type ResetClient = { client_id: string; redirect_uri: string; state?: string };

export type ResetOutcome = { outcome: 'changed'; userId: string; email: string; client: ResetClient } | { outcome: 'expired' };

export class PasswordResets {
  private readonly identities: IdentityRepository;
  private readonly resets: PasswordResetRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly messages: MessageService,
  ) {
    this.identities = new IdentityRepository(db);
    this.resets = new PasswordResetRepository(db);
  }

  /** Run after the answer: e-mails a link to the account's address, in the page's language; an address with no account gets nothing. */
  async start(email: string, client: CheckedClient, base: string, language: Language = 'en'): Promise<void> {
    await this.resets.dropExpired();
    const user = await this.identities.findByEmail(normaliseEmail(email));
    if (!user) return;
    const token = randomToken();
    await this.resets.insert({
      tokenHash: sha256(token),
      userId: user.id,
      clientId: client.client_id,
      redirectUri: client.redirect_uri,
      state: client.state ?? null,
      ttlMs: PASSWORD_RESET_TTL_MS,
    });
    await this.messages.send({
      channel: 'email',
      to: user.email,
      subject: authTexts(language)('resetEmailSubject'),
      body: authTexts(language)('resetEmailBody', { link: `${base}${RESET_PATH}?token=${token}` }),
    });
  }

  /** Whether a link is live (not spent, not expired): the page to choose a password shows only then. */
  async isLive(token: string): Promise<boolean> {
    return this.resets.isLive(sha256(token));
  }

  /** Spends the link and sets the password in one transaction (a link used twice at once changes the password once). */
  complete(token: string, passwordHash: string): Promise<ResetOutcome> {
    return this.db.transaction().execute(async (trx): Promise<ResetOutcome> => {
      const row = await new PasswordResetRepository(trx).spend(sha256(token));
      if (!row) return { outcome: 'expired' };
      await setNewPassword(trx, row.user_id, passwordHash);
      const user = await new IdentityRepository(trx).findById(row.user_id);
      return {
        outcome: 'changed',
        userId: row.user_id,
        email: user?.email ?? '',
        client: { client_id: row.client_id, redirect_uri: row.redirect_uri, state: row.state ?? undefined },
      };
    });
  }
}
