// The sessions, refresh_tokens and auth_codes tables (tokens.ts decides what a session may do).
import type { Insertable, Kysely, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/convert';
import { prepared, SESSION_CHECKS_KEPT } from '../db/prepared';

export class SessionRepository {
  // Asked on every API request: built once (db/prepared.ts); SQLite on a file keeps it while the
  // file is unchanged (db/sqlite-reader.ts).
  private readonly liveSession: (sessionId: string) => Promise<{ id: string }[]>;

  constructor(private readonly db: Kysely<Database>) {
    this.liveSession = prepared(db, (q, id: string) => q.selectFrom('sessions').select('id').where('id', '=', id).where('revoked_at', 'is', null), 1, {
      kept: SESSION_CHECKS_KEPT,
    });
  }

  /** True while the session has not been revoked. */
  async isLive(sessionId: string): Promise<boolean> {
    return (await this.liveSession(sessionId)).length > 0;
  }

  async insertSession(row: Insertable<Database['sessions']>): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  async insertRefreshToken(row: Insertable<Database['refresh_tokens']>): Promise<void> {
    await this.db.insertInto('refresh_tokens').values(row).execute();
  }

  /** The ends of a session not revoked (whether or not they have passed). */
  liveSessionEnds(sessionId: string) {
    return this.db.selectFrom('sessions').select(['expires_at', 'ends_at']).where('id', '=', sessionId).where('revoked_at', 'is', null).executeTakeFirst();
  }

  /**
   * Spends the refresh token with this hash when it is unspent, not revoked, unexpired and its
   * session is live and not at its end: UPDATE ... WHERE used_at IS NULL, single use even when two
   * API instances race. Undefined when it could not be spent.
   */
  spendRefreshToken(tokenHash: string, now: string) {
    return this.db
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('sessions')
            .select('sessions.id')
            .whereRef('sessions.id', '=', 'refresh_tokens.family_id')
            .where('sessions.revoked_at', 'is', null)
            .where('sessions.ends_at', '>', now),
        ),
      )
      .returning(['user_id', 'client_id', 'family_id', 'access_expires_at'])
      .executeTakeFirst();
  }

  /** The session's absolute end (the session exists: its refresh token named it). */
  sessionEndsAt(sessionId: string) {
    return this.db.selectFrom('sessions').select('ends_at').where('id', '=', sessionId).executeTakeFirstOrThrow();
  }

  /** Moves the session's idle end. */
  async extendSession(sessionId: string, expiresAt: string): Promise<void> {
    await this.db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
  }

  /** The family and spending time of the refresh token with this hash, if it exists. */
  refreshTokenUse(tokenHash: string) {
    return this.db.selectFrom('refresh_tokens').select(['family_id', 'used_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** The session (family) of the refresh token with this hash, if it exists. */
  refreshTokenFamily(tokenHash: string) {
    return this.db.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.revoke(this.db.updateTable('sessions').where('id', '=', sessionId));
  }

  /** Ends one live session of this user; false when it is not theirs or has ended already. */
  async revokeSessionOfUser(userId: string, sessionId: string): Promise<boolean> {
    return (await this.revoke(this.db.updateTable('sessions').where('id', '=', sessionId).where('user_id', '=', userId))) > 0;
  }

  /** The user's sessions not ended (neither revoked nor past either end), newest first, at most `limit`. */
  liveSessionsOf(userId: string, limit: number) {
    const now = nowIso();
    return this.db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_used_at', 'user_agent', 'ip_address', 'second_step_at'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .where('ends_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** Records a use of the session unless one was recorded since `notBefore` (at most one write a minute, whichever instance). */
  async touchSession(sessionId: string, now: string, notBefore: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_used_at: now })
      .where('id', '=', sessionId)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', notBefore)]))
      .execute();
  }

  async revokeSessionsOf(userId: string): Promise<void> {
    await this.revoke(this.db.updateTable('sessions').where('user_id', '=', userId));
  }

  revokeSessionsOfExcept(userId: string, keepSessionId: string): Promise<number> {
    return this.revoke(this.db.updateTable('sessions').where('user_id', '=', userId).where('id', '!=', keepSessionId));
  }

  /**
   * Marks the chosen live sessions revoked, then their refresh-token families. The session row is
   * what every check reads (access tokens by sid, refresh by EXISTS); the family is kept in step.
   * Answers how many sessions it ended.
   */
  private async revoke(sessions: UpdateQueryBuilder<Database, 'sessions', 'sessions', UpdateResult>): Promise<number> {
    const now = nowIso();
    const ended = await sessions.set({ revoked_at: now }).where('revoked_at', 'is', null).returning('id').execute();
    if (ended.length === 0) return 0;
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where(
        'family_id',
        'in',
        ended.map((s) => s.id),
      )
      .where('revoked_at', 'is', null)
      .execute();
    return ended.length;
  }

  /** Spends the user's sign-in codes not yet taken to /app/callback/. */
  async spendAuthCodesOf(userId: string): Promise<void> {
    await this.db.updateTable('auth_codes').set({ used_at: nowIso() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  }

  async deleteExpiredAuthCodes(): Promise<void> {
    await this.db.deleteFrom('auth_codes').where('expires_at', '<=', nowIso()).execute();
  }

  /** Spends the live code with this hash made for this browser; undefined when there is none. */
  spendAuthCode(codeHash: string, browserHash: string) {
    const now = nowIso();
    return this.db
      .updateTable('auth_codes')
      .set({ used_at: now })
      .where('code_hash', '=', codeHash)
      .where('browser_hash', '=', browserHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'client_id', 'redirect_uri', 'second_step_at'])
      .executeTakeFirst();
  }
}

/** A sign-in code's row, written with `db` (the service's, or a transaction's). */
export async function insertAuthCode(db: Kysely<Database>, row: Insertable<Database['auth_codes']>): Promise<void> {
  await db.insertInto('auth_codes').values(row).execute();
}
