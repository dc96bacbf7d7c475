// The second step's tables: second_step_authenticators, second_step_recovery_codes and
// pending_second_steps (auth/second-step.ts decides). Each "spend" is one conditional UPDATE ...
// RETURNING, so it holds when many requests race, on SQLite and PostgreSQL alike.
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/convert';

export class SecondStepRepository {
  constructor(private readonly db: Kysely<Database>) {}

  authenticator(userId: string) {
    return this.db
      .selectFrom('second_step_authenticators')
      .select(['secret_encrypted', 'confirmed_at', 'last_used_step'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Keeps an unconfirmed authenticator if the account has one already (a reloaded set-up page shows the same key). */
  async insertAuthenticatorUnlessAny(row: Insertable<Database['second_step_authenticators']>): Promise<void> {
    await this.db
      .insertInto('second_step_authenticators')
      .values(row)
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  /** Confirms the unconfirmed authenticator with this secret and spends the step of its first code; false when it is not there. */
  async confirmAuthenticator(userId: string, secretEncrypted: string, step: number, now: string): Promise<boolean> {
    const row = await this.db
      .updateTable('second_step_authenticators')
      .set({ confirmed_at: now, last_used_step: step })
      .where('user_id', '=', userId)
      .where('secret_encrypted', '=', secretEncrypted)
      .where('confirmed_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Spends a 30-second step of a confirmed authenticator: only a step later than every step spent before; false otherwise. */
  async spendStep(userId: string, step: number): Promise<boolean> {
    const row = await this.db
      .updateTable('second_step_authenticators')
      .set({ last_used_step: step })
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is not', null)
      .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Replaces the account's recovery codes with new ones (their hashes). */
  async replaceRecoveryCodes(userId: string, codeHashes: string[], now: string): Promise<void> {
    await this.db.deleteFrom('second_step_recovery_codes').where('user_id', '=', userId).execute();
    await this.db
      .insertInto('second_step_recovery_codes')
      .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now, used_at: null })))
      .execute();
  }

  /** Spends an unspent recovery code of the account; false when there is none with this hash. */
  async spendRecoveryCode(userId: string, codeHash: string, now: string): Promise<boolean> {
    const row = await this.db
      .updateTable('second_step_recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async unspentRecoveryCodes(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('second_step_recovery_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Removes the account's authenticator and recovery codes; false when it had no confirmed authenticator. */
  async removeAuthenticator(userId: string): Promise<boolean> {
    const removed = await this.db
      .deleteFrom('second_step_authenticators')
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is not', null)
      .returning('user_id')
      .executeTakeFirst();
    if (!removed) return false;
    await this.db.deleteFrom('second_step_recovery_codes').where('user_id', '=', userId).execute();
    return true;
  }

  async insertPending(row: Insertable<Database['pending_second_steps']>): Promise<void> {
    await this.db.insertInto('pending_second_steps').values(row).execute();
  }

  async deleteEndedPending(): Promise<void> {
    await this.db.deleteFrom('pending_second_steps').where('expires_at', '<=', nowIso()).execute();
  }

  /** The live (unspent, unexpired) pending sign-in with this token hash made in this browser. */
  livePending(tokenHash: string, browserHash: string) {
    return this.db
      .selectFrom('pending_second_steps')
      .select(['user_id', 'password_hash', 'client_id', 'redirect_uri', 'state', 'passed_at'])
      .where('token_hash', '=', tokenHash)
      .where('browser_hash', '=', browserHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .executeTakeFirst();
  }

  /** Records that the pending sign-in passed its step by confirming a new authenticator. */
  async markPendingPassed(tokenHash: string, now: string): Promise<void> {
    await this.db.updateTable('pending_second_steps').set({ passed_at: now }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).execute();
  }

  /** Spends the live pending sign-in; false when it was spent or has expired meanwhile. */
  async spendPending(tokenHash: string): Promise<boolean> {
    const now = nowIso();
    const row = await this.db
      .updateTable('pending_second_steps')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
