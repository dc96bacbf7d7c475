// Sessions: one row per sign-in (the `sessions` table) that every API instance checks, short-lived
// signed JWT access tokens that name it (`sid`), rotating refresh tokens (stored hashed, one family
// per session), and the single-use codes that carry a sign-in from the sign-in page to /app/callback/.
import { SignJWT, jwtVerify } from 'jose';
import { webcrypto } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { lifetime, newId, nowIso, toIso } from '../db/convert';
import { BoundedMap } from '../cache/bounded-map';
import { randomToken, sha256 } from '../secrets';
import type { DialectName } from '../db/connect';
import { IdentityRepository } from '../identity/repository';
import { SessionRepository, insertAuthCode } from './session-repository';

export type Session = {
  accessToken: string;
  idToken: string;
  refreshToken: string;
  /** Access-token expiry, epoch seconds (the `__Host-app.at_exp` cookie); never past `endsAt`. */
  accessExpiresAt: number;
  /** When the session ends unless refreshed again, epoch seconds (the idle end; never past `endsAt`). */
  expiresAt: number;
  /** The session's absolute end, epoch seconds: sign-in plus SESSION_MAX_SECONDS. */
  endsAt: number;
};

/** Where a session was started from: the browser's User-Agent and the client address. */
export type SessionOrigin = { userAgent?: string | null; ipAddress?: string | null };

/** A session's two ends, epoch seconds: unless refreshed (`expiresAt`), and however often refreshed (`endsAt`). */
export type SessionEnds = { expiresAt: number; endsAt: number };

type Lifetime = { created_at: string; expires_at: string };
const epochSeconds = (value: string | Date) => Math.floor(Date.parse(toIso(value)) / 1000);

/** Who is signed in, and in which session (`sid`, the sessions row). */
export type AccessClaims = { sub: string; email: string; sid: string };

export type IdentityForToken = {
  id: string;
  email: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  mobile_phone: string | null;
  birth_date: string | null;
};

/**
 * A second step passed after the password (auth/second-step.ts): `spend` ends the pending sign-in in
 * the transaction that writes the code, so one pending sign-in makes one code at most.
 */
export type PassedSecondStep = { at: string; spend(trx: Kysely<Database>): Promise<boolean> };

const AUTH_CODE_TTL_MS = 60_000;
/**
 * Verified access tokens kept in memory so repeat calls skip the HMAC (bounded, expiry re-checked).
 * The oldest verified goes first: a hit is read with `peek` and does not move its token.
 */
const VERIFIED_CACHE_SIZE = 10_000;
/**
 * A spent refresh token presented again ends its session (someone else holds a copy), except this
 * soon after it was spent: two tabs refreshing at the same moment send the same token, and the
 * loser is simply refused (see /app/refresh/).
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

export class TokenService {
  private key: Promise<webcrypto.CryptoKey>;
  private readonly issuer: string;
  private readonly verified = new BoundedMap<string, { claims: AccessClaims; expMs: number }>({ maxEntries: VERIFIED_CACHE_SIZE });
  private readonly sessions: SessionRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Config,
  ) {
    // Import the HMAC key once: jose would otherwise import it on every verify.
    this.key = webcrypto.subtle.importKey('raw', config.tokenSecret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    this.issuer = config.publicUrl ?? 'urn:portal:api';
    this.sessions = new SessionRepository(db);
  }

  private async sign(claims: Record<string, unknown>, subject: string, audience: string, exp: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(this.issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(exp)
      .setJti(randomToken(12))
      .sign(await this.key);
  }

  /**
   * The access token's claims, or null when it is missing, forged, expired, or its session has
   * ended. The signature check is cached; the session check is not (another instance may have
   * ended the session a moment ago), and costs one primary-key read.
   */
  async verifyAccessToken(token: string | undefined): Promise<AccessClaims | null> {
    const claims = await this.verifySignature(token);
    return claims && (await this.isSessionLive(claims.sid)) ? claims : null;
  }

  /**
   * The claims of a well-signed, unexpired access token, WITHOUT the session check: only for a
   * caller that checks the session itself in the same query as something else (auth/ownership.ts).
   */
  async verifySignature(token: string | undefined): Promise<AccessClaims | null> {
    if (!token) return null;
    const hit = this.verified.peek(token);
    if (hit) {
      if (hit.expMs > Date.now()) return hit.claims;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, { issuer: this.issuer, audience: this.config.clientIds, algorithms: ['HS256'] });
      const { token_use, sub, email, sid, exp } = payload;
      if (token_use !== 'access' || typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return null;
      const claims = { sub, email, sid };
      this.verified.set(token, { claims, expMs: exp * 1000 });
      return claims;
    } catch {
      return null;
    }
  }

  /** True while the session has not been ended (signed out, password changed, token reuse). */
  async isSessionLive(sessionId: string): Promise<boolean> {
    return this.sessions.isLive(sessionId);
  }

  /**
   * The next tokens of a session. `accessExpiresAt` must be later than `previousExp` (the caller
   * checks): the SDK loops on refresh otherwise. Nothing minted outlives the session's end.
   */
  private async mint(user: IdentityForToken, clientId: string, sessionId: string, accessExpiresAt: number, endsAt: number, idle: Lifetime): Promise<Session> {
    const accessToken = await this.sign({ token_use: 'access', email: user.email, sid: sessionId }, user.id, clientId, accessExpiresAt);
    const idToken = await this.sign(
      {
        token_use: 'id',
        sid: sessionId,
        email: user.email,
        given_name: user.first_name,
        middle_name: user.middle_name ?? undefined,
        family_name: user.last_name,
        phone_number: user.mobile_phone ?? undefined,
        birthdate: user.birth_date ?? undefined,
      },
      user.id,
      clientId,
      accessExpiresAt,
    );
    const refreshToken = randomToken();
    await this.sessions.insertRefreshToken({
      id: newId('rt'),
      token_hash: sha256(refreshToken),
      family_id: sessionId,
      user_id: user.id,
      client_id: clientId,
      access_expires_at: accessExpiresAt,
      ...idle,
      used_at: null,
      revoked_at: null,
    });
    return { accessToken, idToken, refreshToken, accessExpiresAt, expiresAt: epochSeconds(idle.expires_at), endsAt };
  }

  /** A refresh token's or a session's idle lifetime from now, cut short by the session's end (epoch seconds). */
  private idleLifetime(endsAt: number): Lifetime {
    const row = lifetime(this.config.refreshTokenTtlSeconds * 1000);
    return Date.parse(row.expires_at) > endsAt * 1000 ? { ...row, expires_at: new Date(endsAt * 1000).toISOString() } : row;
  }

  /**
   * A new session (and its refresh-token family) after a successful sign-in; `secondStepAt` when the
   * sign-in passed a second step; `origin`, the browser and address it signed in from (Settings lists them).
   */
  async startSession(user: IdentityForToken, clientId: string, secondStepAt: string | null = null, origin: SessionOrigin = {}): Promise<Session> {
    const sessionId = newId('ses');
    const now = Math.floor(Date.now() / 1000);
    const endsAt = now + this.config.sessionMaxSeconds;
    const idle = this.idleLifetime(endsAt);
    await this.sessions.insertSession({
      id: sessionId,
      user_id: user.id,
      ...idle,
      ends_at: new Date(endsAt * 1000).toISOString(),
      revoked_at: null,
      second_step_at: secondStepAt,
      user_agent: origin.userAgent ?? null,
      ip_address: origin.ipAddress ?? null,
    });
    return this.mint(user, clientId, sessionId, Math.min(now + this.config.accessTokenTtlSeconds, endsAt), endsAt, idle);
  }

  /** The ends of a live session, or null when it has ended (or never was). */
  async sessionEnds(sessionId: string): Promise<SessionEnds | null> {
    const row = await this.sessions.liveSessionEnds(sessionId);
    if (!row) return null;
    const ends = { expiresAt: epochSeconds(row.expires_at), endsAt: epochSeconds(row.ends_at) };
    return Math.min(ends.expiresAt, ends.endsAt) * 1000 > Date.now() ? ends : null;
  }

  /**
   * Spends a refresh token and issues the next one of its session. Null when the token is unknown,
   * spent, revoked or expired, or its session has ended or reached its absolute end. The UPDATE ...
   * WHERE used_at IS NULL makes it single use even when two API instances race. A token spent
   * earlier than the grace window ends its session: it has been copied.
   */
  async rotate(refreshToken: string, loadUser: (id: string) => Promise<IdentityForToken | undefined>): Promise<Session | null> {
    const now = nowIso();
    const tokenHash = sha256(refreshToken);
    const spent = await this.sessions.spendRefreshToken(tokenHash, now);
    if (!spent) {
      await this.endSessionIfReused(tokenHash);
      return null;
    }
    const user = await loadUser(spent.user_id);
    if (!user) return null;
    const session = await this.sessions.sessionEndsAt(spent.family_id);
    const endsAt = epochSeconds(session.ends_at);
    const previousExp = Number(spent.access_expires_at);
    const accessExpiresAt = Math.min(Math.max(Math.floor(Date.now() / 1000) + this.config.accessTokenTtlSeconds, previousExp + 1), endsAt);
    // The last access token already runs to the session's end: nothing later can be handed out.
    if (accessExpiresAt <= previousExp) return null;
    const idle = this.idleLifetime(endsAt);
    await this.sessions.extendSession(spent.family_id, idle.expires_at);
    return this.mint(user, spent.client_id, spent.family_id, accessExpiresAt, endsAt, idle);
  }

  private async endSessionIfReused(tokenHash: string): Promise<void> {
    const row = await this.sessions.refreshTokenUse(tokenHash);
    if (!row?.used_at) return; // unknown, or refused for another reason (expired, revoked)
    if (Date.now() - Date.parse(toIso(row.used_at)) <= REFRESH_REUSE_GRACE_MS) return;
    await this.endSession(row.family_id);
  }

  /** Ends the session a browser's cookies name (sign-out): the access token's, the refresh token's family. */
  async endSessionOf(accessToken: string | undefined, refreshToken: string | undefined): Promise<void> {
    const claims = await this.verifySignature(accessToken);
    const family = refreshToken ? await this.sessions.refreshTokenFamily(sha256(refreshToken)) : undefined;
    for (const sessionId of new Set([claims?.sid, family?.family_id])) if (sessionId) await this.endSession(sessionId);
  }

  /** Ends a session everywhere: its access tokens stop working, its refresh tokens are revoked. */
  async endSession(sessionId: string): Promise<void> {
    await this.sessions.revokeSession(sessionId);
  }

  /** Ends one of the user's own sessions (Settings); false when it is not theirs or has ended already. */
  async endSessionOfUser(userId: string, sessionId: string): Promise<boolean> {
    return this.sessions.revokeSessionOfUser(userId, sessionId);
  }

  /** Ends every session of a user (a password reset: whoever held one may be who took over the account). */
  async endAllSessions(userId: string): Promise<void> {
    await this.spendAuthCodesOf(userId);
    await this.sessions.revokeSessionsOf(userId);
  }

  /** Ends every session of a user but one (after a password change, the one that changed it stays); answers how many ended. */
  async endOtherSessions(userId: string, keepSessionId: string): Promise<number> {
    await this.spendAuthCodesOf(userId);
    return this.sessions.revokeSessionsOfExcept(userId, keepSessionId);
  }

  /**
   * Spends the user's sign-in codes not yet taken to /app/callback/: each is a sign-in made with the
   * password being replaced, and would otherwise start a session after every session was ended.
   * First, so a code exchanged meanwhile has its session started before the sessions are revoked.
   */
  private async spendAuthCodesOf(userId: string): Promise<void> {
    await this.sessions.spendAuthCodesOf(userId);
  }

  /**
   * A single-use sign-in code for /app/callback/, usable only by the browser `browserHash` names;
   * `secondStepAt` when the sign-in passed a second step (a passkey that verified its user).
   */
  async createAuthCode(userId: string, clientId: string, redirectUri: string, browserHash: string, secondStepAt: string | null = null): Promise<string> {
    await this.dropExpiredAuthCodes();
    return this.insertAuthCode(this.db, userId, clientId, redirectUri, browserHash, secondStepAt);
  }

  /** Codes live 60 seconds: the expired ones go as new ones are made (outside any lock), so the table stays small. */
  private async dropExpiredAuthCodes(): Promise<void> {
    await this.sessions.deleteExpiredAuthCodes();
  }

  /**
   * A sign-in code for a sign-in checked against `passwordHash`, or null when the user's password has
   * changed since (a reset or change that completed while the password was being checked). With the
   * user's row locked while the code is written, either the code is in before the password changes,
   * and the change's `spendAuthCodesOf` spends it, or the check sees the new password: no code made
   * with the old password outlives its replacement.
   */
  async createAuthCodeForPassword(
    dialect: DialectName,
    signIn: { userId: string; passwordHash: string },
    clientId: string,
    redirectUri: string,
    browserHash: string,
    secondStep?: PassedSecondStep,
  ): Promise<string | null> {
    await this.dropExpiredAuthCodes();
    return this.db.transaction().execute(async (trx) => {
      const unchanged = await new IdentityRepository(trx).lockWhilePasswordIs(dialect, signIn.userId, signIn.passwordHash);
      if (!unchanged) return null;
      if (secondStep && !(await secondStep.spend(trx))) return null;
      return this.insertAuthCode(trx, signIn.userId, clientId, redirectUri, browserHash, secondStep?.at ?? null);
    });
  }

  private async insertAuthCode(
    db: Kysely<Database>,
    userId: string,
    clientId: string,
    redirectUri: string,
    browserHash: string,
    secondStepAt: string | null = null,
  ): Promise<string> {
    const code = randomToken();
    await insertAuthCode(db, {
      code_hash: sha256(code),
      user_id: userId,
      client_id: clientId,
      redirect_uri: redirectUri,
      expires_at: nowIso(AUTH_CODE_TTL_MS),
      used_at: null,
      browser_hash: browserHash,
      second_step_at: secondStepAt,
    });
    return code;
  }

  /** Spends a sign-in code; null when unknown, spent, expired or made for another browser. */
  async exchangeAuthCode(
    code: string,
    browserHash: string | null,
  ): Promise<{ userId: string; clientId: string; redirectUri: string; secondStepAt: string | null } | null> {
    if (!browserHash) return null;
    const row = await this.sessions.spendAuthCode(sha256(code), browserHash);
    return row
      ? { userId: row.user_id, clientId: row.client_id, redirectUri: row.redirect_uri, secondStepAt: row.second_step_at ? toIso(row.second_step_at) : null }
      : null;
  }
}
