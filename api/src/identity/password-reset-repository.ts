// The password_resets table: reset links, stored as the SHA-256 of their token.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { lifetime, nowIso } from '../db/convert';

export type NewPasswordReset = { tokenHash: string; userId: string; clientId: string; redirectUri: string; state: string | null; ttlMs: number };
export type SpentPasswordReset = { user_id: string; client_id: string; redirect_uri: string; state: string | null };

export class PasswordResetRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async dropExpired(): Promise<void> {
    await this.db.deleteFrom('password_resets').where('expires_at', '<=', nowIso()).execute();
  }

  async insert(reset: NewPasswordReset): Promise<void> {
    await this.db
      .insertInto('password_resets')
      .values({
        token_hash: reset.tokenHash,
        user_id: reset.userId,
        client_id: reset.clientId,
        redirect_uri: reset.redirectUri,
        state: reset.state,
        ...lifetime(reset.ttlMs),
        used_at: null,
      })
      .execute();
  }

  async isLive(tokenHash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('password_resets')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .executeTakeFirst();
    return Boolean(row);
  }

  /**
   * Spends a live link: the UPDATE ... WHERE used_at IS NULL ... RETURNING is the only check, so of
   * any number of uses at once exactly one gets the row back. The user's other links are spent too.
   */
  async spend(tokenHash: string): Promise<SpentPasswordReset | undefined> {
    const now = nowIso();
    const row = await this.db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'client_id', 'redirect_uri', 'state'])
      .executeTakeFirst();
    if (row) await this.spendAllOf(row.user_id);
    return row;
  }

  /** Ends every waiting reset link of the user. */
  async spendAllOf(userId: string): Promise<void> {
    await this.db.updateTable('password_resets').set({ used_at: nowIso() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  }
}
