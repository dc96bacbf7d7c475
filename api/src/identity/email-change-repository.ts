// The email_changes table: addresses waiting for the link sent to them, by purpose (db/schema.ts
// EmailProofPurpose): a new sign-in address, a new notification address, or the undo of a
// completed sign-in change.
import type { Kysely } from 'kysely';
import type { Database, EmailProofPurpose } from '../db/schema';
import { lifetime, nowIso } from '../db/convert';

/** The proofs a password reset or change cancels: whoever asked for them may be who is being locked out. An undo link stays the owner's. */
const CANCELLED_BY_NEW_PASSWORD: EmailProofPurpose[] = ['sign-in', 'notifications'];

export class EmailChangeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async dropExpired(): Promise<void> {
    await this.db.deleteFrom('email_changes').where('expires_at', '<=', nowIso()).execute();
  }

  async insert(change: { tokenHash: string; userId: string; newEmail: string; purpose: EmailProofPurpose; ttlMs: number }): Promise<void> {
    await this.db
      .insertInto('email_changes')
      .values({
        token_hash: change.tokenHash,
        user_id: change.userId,
        new_email: change.newEmail,
        purpose: change.purpose,
        ...lifetime(change.ttlMs),
        used_at: null,
      })
      .execute();
  }

  /** The address and purpose of a live link, or undefined (spent, expired or unknown). */
  async live(tokenHash: string, purposes: EmailProofPurpose[]): Promise<{ new_email: string; purpose: EmailProofPurpose } | undefined> {
    return this.db
      .selectFrom('email_changes')
      .select(['new_email', 'purpose'])
      .where('token_hash', '=', tokenHash)
      .where('purpose', 'in', purposes)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .executeTakeFirst();
  }

  /**
   * Spends a live link of one of `purposes`: the UPDATE ... WHERE used_at IS NULL ... RETURNING is
   * the only check, so of any number of uses at once exactly one gets the row back. The user's other
   * waiting links of the same purpose end too.
   */
  async spend(tokenHash: string, purposes: EmailProofPurpose[]): Promise<{ user_id: string; new_email: string; purpose: EmailProofPurpose } | undefined> {
    const now = nowIso();
    const row = await this.db
      .updateTable('email_changes')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('purpose', 'in', purposes)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'new_email', 'purpose'])
      .executeTakeFirst();
    if (row) await this.spendAllOf(row.user_id, [row.purpose]);
    return row;
  }

  /** Ends the user's waiting links of `purposes` (every purpose when not given). */
  async spendAllOf(userId: string, purposes?: EmailProofPurpose[]): Promise<void> {
    let query = this.db.updateTable('email_changes').set({ used_at: nowIso() }).where('user_id', '=', userId).where('used_at', 'is', null);
    if (purposes) query = query.where('purpose', 'in', purposes);
    await query.execute();
  }

  /** What a new password ends: the address changes and confirmations waiting for a link. */
  cancelOnNewPassword(userId: string): Promise<void> {
    return this.spendAllOf(userId, CANCELLED_BY_NEW_PASSWORD);
  }
}
