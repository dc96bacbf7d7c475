// The email_changes table: new sign-in addresses waiting for the link sent to them.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { lifetime, nowIso } from '../db/convert';

export class EmailChangeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async dropExpired(): Promise<void> {
    await this.db.deleteFrom('email_changes').where('expires_at', '<=', nowIso()).execute();
  }

  async insert(change: { tokenHash: string; userId: string; newEmail: string; ttlMs: number }): Promise<void> {
    await this.db
      .insertInto('email_changes')
      .values({
        token_hash: change.tokenHash,
        user_id: change.userId,
        new_email: change.newEmail,
        ...lifetime(change.ttlMs),
        used_at: null,
      })
      .execute();
  }

  /** The new address of a live link, or undefined (spent, expired or unknown). */
  async liveEmail(tokenHash: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('email_changes')
      .select('new_email')
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .executeTakeFirst();
    return row?.new_email;
  }

  /**
   * Spends a live link: the UPDATE ... WHERE used_at IS NULL ... RETURNING is the only check, so of
   * any number of uses at once exactly one gets the row back. The user's other waiting changes end too.
   */
  async spend(tokenHash: string): Promise<{ user_id: string; new_email: string } | undefined> {
    const now = nowIso();
    const row = await this.db
      .updateTable('email_changes')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'new_email'])
      .executeTakeFirst();
    if (row) await this.db.updateTable('email_changes').set({ used_at: now }).where('user_id', '=', row.user_id).where('used_at', 'is', null).execute();
    return row;
  }
}
