// Sessions: short-lived signed JWT access tokens, rotating refresh tokens (stored hashed), and the
// single-use codes that carry a sign-in from the sign-in page to /app/callback/.
import { SignJWT, jwtVerify } from 'jose';
import { webcrypto } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { newId, nowIso } from '../db/convert';
import { randomToken, sha256 } from './secrets';

export type Session = {
  accessToken: string;
  idToken: string;
  refreshToken: string;
  /** Access-token expiry, epoch seconds (the `app.at_exp` cookie). */
  accessExpiresAt: number;
};

export type AccessClaims = { sub: string; email: string };

export type IdentityForToken = {
  id: string;
  email: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  mobile_phone: string | null;
  birth_date: string | null;
};

const AUTH_CODE_TTL_MS = 60_000;
/** Verified access tokens kept in memory so repeat calls skip the HMAC (bounded, expiry re-checked). */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenService {
  private key: Promise<webcrypto.CryptoKey>;
  private readonly issuer: string;
  private readonly verified = new Map<string, { claims: AccessClaims; expMs: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Config,
  ) {
    // Import the HMAC key once: jose would otherwise import it on every verify.
    this.key = webcrypto.subtle.importKey('raw', config.tokenSecret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    this.issuer = config.publicUrl ?? 'urn:portal:api';
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

  /** The access token's claims, or null when it is missing, forged or expired. */
  async verifyAccessToken(token: string | undefined): Promise<AccessClaims | null> {
    if (!token) return null;
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.expMs > Date.now()) return hit.claims;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, { issuer: this.issuer, audience: this.config.clientIds, algorithms: ['HS256'] });
      if (payload.token_use !== 'access' || typeof payload.sub !== 'string' || typeof payload.email !== 'string' || typeof payload.exp !== 'number') return null;
      const claims = { sub: payload.sub, email: payload.email };
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { claims, expMs: payload.exp * 1000 });
      return claims;
    } catch {
      return null;
    }
  }

  private async mint(user: IdentityForToken, clientId: string, familyId: string, previousExp: number): Promise<Session> {
    const now = Math.floor(Date.now() / 1000);
    // Always strictly later than the last expiry handed out: the SDK loops on refresh otherwise.
    const accessExpiresAt = Math.max(now + this.config.accessTokenTtlSeconds, previousExp + 1);
    const accessToken = await this.sign({ token_use: 'access', email: user.email }, user.id, clientId, accessExpiresAt);
    const idToken = await this.sign(
      {
        token_use: 'id',
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
    await this.db
      .insertInto('refresh_tokens')
      .values({
        id: newId('rt'),
        token_hash: sha256(refreshToken),
        family_id: familyId,
        user_id: user.id,
        client_id: clientId,
        access_expires_at: accessExpiresAt,
        created_at: nowIso(),
        expires_at: nowIso(this.config.refreshTokenTtlSeconds * 1000),
        used_at: null,
        revoked_at: null,
      })
      .execute();
    return { accessToken, idToken, refreshToken, accessExpiresAt };
  }

  /** A new session (a new refresh-token family) after a successful sign-in. */
  startSession(user: IdentityForToken, clientId: string): Promise<Session> {
    return this.mint(user, clientId, newId('fam'), 0);
  }

  /**
   * Spends a refresh token and issues the next one in its family. Null when the token is unknown,
   * spent, revoked or expired. The UPDATE ... WHERE used_at IS NULL makes it single use even when two
   * API instances race.
   */
  async rotate(refreshToken: string, loadUser: (id: string) => Promise<IdentityForToken | undefined>): Promise<Session | null> {
    const now = nowIso();
    const spent = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', sha256(refreshToken))
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'client_id', 'family_id', 'access_expires_at'])
      .executeTakeFirst();
    if (!spent) return null;
    const user = await loadUser(spent.user_id);
    if (!user) return null;
    return this.mint(user, spent.client_id, spent.family_id, Number(spent.access_expires_at));
  }

  /** Ends the session family the refresh token belongs to (sign-out). */
  async revoke(refreshToken: string): Promise<void> {
    const row = await this.db.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', sha256(refreshToken)).executeTakeFirst();
    if (!row) return;
    await this.db.updateTable('refresh_tokens').set({ revoked_at: nowIso() }).where('family_id', '=', row.family_id).where('revoked_at', 'is', null).execute();
  }

  async createAuthCode(userId: string, clientId: string, redirectUri: string): Promise<string> {
    const code = randomToken();
    await this.db
      .insertInto('auth_codes')
      .values({ code_hash: sha256(code), user_id: userId, client_id: clientId, redirect_uri: redirectUri, expires_at: nowIso(AUTH_CODE_TTL_MS), used_at: null })
      .execute();
    return code;
  }

  /** Spends a sign-in code; null when unknown, spent or expired. */
  async exchangeAuthCode(code: string): Promise<{ userId: string; clientId: string; redirectUri: string } | null> {
    const now = nowIso();
    const row = await this.db
      .updateTable('auth_codes')
      .set({ used_at: now })
      .where('code_hash', '=', sha256(code))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'client_id', 'redirect_uri'])
      .executeTakeFirst();
    return row ? { userId: row.user_id, clientId: row.client_id, redirectUri: row.redirect_uri } : null;
  }
}
