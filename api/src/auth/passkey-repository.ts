// The passkeys and passkey_challenges tables (auth/passkeys.ts decides). A challenge is spent by one
// DELETE ... RETURNING and a use of a passkey moves its counter by one conditional UPDATE ...
// RETURNING, so each holds when many requests race, on SQLite and PostgreSQL alike.
import type { Insertable, Kysely } from 'kysely';
import type { Database, PasskeyChallengeTable } from '../db/schema';
import type { DialectName } from '../db/connect';
import { forUpdate } from '../db/row-lock';
import { nowIso } from '../db/convert';

export type PasskeyRow = {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  counter: number | string;
  transports: string;
  name: string;
  created_at: string | Date;
  last_used_at: string | Date | null;
};

/** What a challenge was made for, and who or what may answer it. */
export type ChallengeBinding = Pick<PasskeyChallengeTable, 'purpose'> & { userId?: string; sessionId?: string; browserHash?: string };

export class PasskeyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account's passkeys, oldest first. */
  listOf(userId: string): Promise<PasskeyRow[]> {
    return this.db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  }

  async countOf(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('passkeys')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The passkey with this id, if it is the account's. */
  ownedBy(userId: string, passkeyId: string): Promise<PasskeyRow | undefined> {
    return this.db.selectFrom('passkeys').selectAll().where('id', '=', passkeyId).where('user_id', '=', userId).executeTakeFirst();
  }

  /** The passkey an authenticator names by its credential id, whoever's it is. */
  byCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
    return this.db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
  }

  /**
   * Holds the account's identity row until the transaction ends (PostgreSQL; SQLite runs one
   * transaction at a time), so two passkeys added at once cannot both pass the count. False when the
   * account is gone.
   */
  async lockAccount(dialect: DialectName, userId: string): Promise<boolean> {
    const row = await forUpdate(this.db.selectFrom('identity_users').select('id').where('id', '=', userId), dialect).executeTakeFirst();
    return row !== undefined;
  }

  /** Adds a passkey; false when its credential id is registered already (to any account). */
  async insert(row: Insertable<Database['passkeys']>): Promise<boolean> {
    const inserted = await this.db
      .insertInto('passkeys')
      .values(row)
      .onConflict((oc) => oc.column('credential_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async rename(userId: string, passkeyId: string, name: string): Promise<PasskeyRow | undefined> {
    return this.db.updateTable('passkeys').set({ name }).where('id', '=', passkeyId).where('user_id', '=', userId).returningAll().executeTakeFirst();
  }

  async remove(userId: string, passkeyId: string): Promise<boolean> {
    const removed = await this.db.deleteFrom('passkeys').where('id', '=', passkeyId).where('user_id', '=', userId).returning('id').executeTakeFirst();
    return removed !== undefined;
  }

  /**
   * Records a use: the counter moves from the value the check read to the one the authenticator
   * sent. False when the passkey was removed, or used by another request, since it was read.
   */
  async recordUse(passkeyId: string, counterRead: number, newCounter: number, now: string): Promise<boolean> {
    const row = await this.db
      .updateTable('passkeys')
      .set({ counter: newCounter, last_used_at: now })
      .where('id', '=', passkeyId)
      .where('counter', '=', counterRead)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertChallenge(row: Insertable<Database['passkey_challenges']>): Promise<void> {
    await this.db.insertInto('passkey_challenges').values(row).execute();
  }

  async deleteEndedChallenges(): Promise<void> {
    await this.db.deleteFrom('passkey_challenges').where('expires_at', '<=', nowIso()).execute();
  }

  /**
   * Spends the live challenge with this hash made for exactly this binding; true once, whatever
   * number of requests answer it at the same time.
   */
  async spendChallenge(challengeHash: string, binding: ChallengeBinding): Promise<boolean> {
    let query = this.db
      .deleteFrom('passkey_challenges')
      .where('challenge_hash', '=', challengeHash)
      .where('purpose', '=', binding.purpose)
      .where('expires_at', '>', nowIso());
    query = binding.userId === undefined ? query.where('user_id', 'is', null) : query.where('user_id', '=', binding.userId);
    query = binding.sessionId === undefined ? query.where('session_id', 'is', null) : query.where('session_id', '=', binding.sessionId);
    query = binding.browserHash === undefined ? query.where('browser_hash', 'is', null) : query.where('browser_hash', '=', binding.browserHash);
    const row = await query.returning('challenge_hash').executeTakeFirst();
    return row !== undefined;
  }
}
