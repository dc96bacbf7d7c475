// Passkeys: WebAuthn credentials an account signs in with, several per account, checked by
// @simplewebauthn/server. Every ceremony starts with a random challenge kept server-side (hashed,
// five minutes, spent once) and bound to what asked for it: the signed-in session adding a passkey,
// or the browser signing in. A passkey is discoverable and verifies its user (a fingerprint, face or
// device PIN), so it is something held and something known or been at once: it signs in alone, and
// the session counts as past its second step. The relying party is the portal's public origin.
import { identityTexts } from '../identity/identity-texts';
import type { Language } from '../languages/language';
import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import type { Static } from '@sinclair/typebox';
import type { PasskeyCreationOptionsSchema, PasskeySchema } from '@portal/shared/wire/passkeys';
import type { Config } from '../config';
import type { Message } from '../messages/transport';
import type { Database } from '../db/schema';
import type { DialectName } from '../db/connect';
import { newId, nowIso, toIso } from '../db/convert';
import { sha256 } from '../secrets';
import { PasskeyRepository } from './passkey-repository';
import type { ChallengeBinding, PasskeyRow } from './passkey-repository';

export type PasskeyView = Static<typeof PasskeySchema>;
export type PasskeyCreationOptions = Static<typeof PasskeyCreationOptionsSchema>;

/** A challenge is answered within this long, or not at all. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
/** How long the browser lets the person take over one ceremony. */
const CEREMONY_TIMEOUT_MS = 2 * 60_000;
/** Passkeys one account may hold. */
export const MAX_PASSKEYS_PER_ACCOUNT = 20;
/** EdDSA, ES256, RS256: what platform authenticators and security keys make. */
const ALGORITHMS = [-8, -7, -257];

/** Who the passkeys are for: the portal's public origin (PUBLIC_URL), else the first front end allowed. */
export type RelyingParty = { id: string; name: string; origin: string };

export function relyingParty(config: Config): RelyingParty {
  const origin = config.publicUrl ?? config.allowedRedirectOrigins[0] ?? 'http://localhost:8080';
  return { id: new URL(origin).hostname, name: 'Pay portal', origin };
}

export type RegisterOutcome =
  | { outcome: 'added'; passkey: PasskeyView }
  | { outcome: 'expired' }
  | { outcome: 'invalid'; reason: string }
  | { outcome: 'exists' }
  | { outcome: 'too-many' };

export type AssertionOutcome =
  | { outcome: 'passed'; userId: string; passkeyId: string; at: string }
  | { outcome: 'expired' }
  | { outcome: 'unknown' }
  | { outcome: 'invalid'; reason: string }
  | { outcome: 'counter-regressed'; userId: string; passkeyId: string };

export const toPasskeyView = (row: PasskeyRow): PasskeyView => ({
  id: row.id,
  name: row.name,
  createdAt: toIso(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : toIso(row.last_used_at),
});

/** The challenge a response answers, read from its client data (base64url JSON); null when unreadable. */
export function answeredChallenge(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length > 0 && data.challenge.length <= 200 ? data.challenge : null;
  } catch {
    return null;
  }
}

const transportsOf = (row: PasskeyRow): string[] => {
  try {
    const parsed = JSON.parse(row.transports) as unknown;
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
};

/** The e-mail telling the owner a passkey was added to their account, in the language the account chose. */
export function passkeyAddedMessage(email: string, name: string, portalOrigin: string, language: Language = 'en'): Message {
  const t = identityTexts(language);
  return { channel: 'email', to: email, subject: t('passkeyAddedSubject'), body: t('passkeyAddedBody', { name, settings: `${portalOrigin}/settings` }) };
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : 'not a valid response');

export class Passkeys {
  private readonly repo: PasskeyRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    readonly rp: RelyingParty,
  ) {
    this.repo = new PasskeyRepository(db);
  }

  async list(userId: string): Promise<PasskeyView[]> {
    return (await this.repo.listOf(userId)).map(toPasskeyView);
  }

  async hasAny(userId: string): Promise<boolean> {
    return (await this.repo.countOf(userId)) > 0;
  }

  async rename(userId: string, passkeyId: string, name: string): Promise<PasskeyView | null> {
    const row = await this.repo.rename(userId, passkeyId, name);
    return row ? toPasskeyView(row) : null;
  }

  remove(userId: string, passkeyId: string): Promise<boolean> {
    return this.repo.remove(userId, passkeyId);
  }

  private async keepChallenge(challenge: string, binding: ChallengeBinding): Promise<void> {
    await this.repo.deleteEndedChallenges();
    const now = Date.now();
    await this.repo.insertChallenge({
      challenge_hash: sha256(challenge),
      purpose: binding.purpose,
      user_id: binding.userId ?? null,
      session_id: binding.sessionId ?? null,
      browser_hash: binding.browserHash ?? null,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + PASSKEY_CHALLENGE_TTL_MS).toISOString(),
    });
  }

  /** The options for adding a passkey to the signed-in account, its challenge bound to this session. */
  async registrationOptions(user: { id: string; email: string; name: string }, sessionId: string): Promise<PasskeyCreationOptions> {
    const existing = await this.repo.listOf(user.id);
    const options = await generateRegistrationOptions({
      rpName: this.rp.name,
      rpID: this.rp.id,
      userName: user.email,
      userDisplayName: user.name,
      // The user handle a discoverable passkey hands back; the credential id is what is looked up.
      userID: new TextEncoder().encode(user.id),
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    await this.keepChallenge(options.challenge, { purpose: 'register', userId: user.id, sessionId });
    return {
      challenge: options.challenge,
      rp: { name: this.rp.name, id: this.rp.id },
      user: options.user,
      pubKeyCredParams: options.pubKeyCredParams.map((p) => ({ alg: p.alg, type: 'public-key' as const })),
      timeout: CEREMONY_TIMEOUT_MS,
      attestation: 'none',
      excludeCredentials: (options.excludeCredentials ?? []).map((d) => ({
        id: d.id,
        type: 'public-key' as const,
        ...(d.transports ? { transports: d.transports } : {}),
      })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      extensions: { credProps: true },
    };
  }

  /** Checks the browser's answer to the session's registration challenge and adds the passkey. */
  async register(userId: string, sessionId: string, name: string, response: RegistrationResponseJSON): Promise<RegisterOutcome> {
    const challenge = answeredChallenge(response.response.clientDataJSON);
    if (!challenge) return { outcome: 'invalid', reason: 'no challenge in the client data' };
    if (!(await this.repo.spendChallenge(sha256(challenge), { purpose: 'register', userId, sessionId }))) return { outcome: 'expired' };
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.id,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      });
    } catch (error) {
      return { outcome: 'invalid', reason: reasonOf(error) };
    }
    if (!verified.verified) return { outcome: 'invalid', reason: 'not verified' };
    const { credential } = verified.registrationInfo;
    const row = {
      id: newId('pk'),
      user_id: userId,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? response.response.transports ?? []),
      name,
      created_at: nowIso(),
      last_used_at: null,
    };
    const added = await this.db.transaction().execute(async (trx) => {
      const repo = new PasskeyRepository(trx);
      if (!(await repo.lockAccount(this.dialect, userId))) return 'gone' as const;
      if ((await repo.countOf(userId)) >= MAX_PASSKEYS_PER_ACCOUNT) return 'too-many' as const;
      return (await repo.insert(row)) ? ('added' as const) : ('exists' as const);
    });
    if (added === 'gone') return { outcome: 'expired' };
    if (added !== 'added') return { outcome: added };
    return { outcome: 'added', passkey: toPasskeyView(row) };
  }

  /**
   * The options for signing in with a passkey alone (the browser offers the passkeys it holds for
   * this site), or for a second step with one of the account's (`userId`). Bound to this browser.
   */
  async assertionOptions(browserHash: string, userId?: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const allowed = userId ? await this.repo.listOf(userId) : [];
    const options = await generateAuthenticationOptions({
      rpID: this.rp.id,
      userVerification: 'required',
      timeout: CEREMONY_TIMEOUT_MS,
      allowCredentials: allowed.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    });
    await this.keepChallenge(options.challenge, userId ? { purpose: 'second-step', userId, browserHash } : { purpose: 'sign-in', browserHash });
    return options;
  }

  /**
   * Checks a passkey's answer to this browser's challenge: the challenge is spent first (once,
   * however many requests carry the same answer), then the passkey's signature, its user
   * verification, the origin and relying party, and its counter. For a second step, the passkey
   * must be the account's.
   */
  async assert(browserHash: string, response: AuthenticationResponseJSON, userId?: string): Promise<AssertionOutcome> {
    const challenge = answeredChallenge(response.response.clientDataJSON);
    if (!challenge) return { outcome: 'invalid', reason: 'no challenge in the client data' };
    const binding: ChallengeBinding = userId ? { purpose: 'second-step', userId, browserHash } : { purpose: 'sign-in', browserHash };
    if (!(await this.repo.spendChallenge(sha256(challenge), binding))) return { outcome: 'expired' };
    const row = await this.repo.byCredentialId(response.id);
    if (!row || (userId && row.user_id !== userId)) return { outcome: 'unknown' };
    // A discoverable passkey names its account too (the user handle it was made with): it must be the same.
    const handle = response.response.userHandle;
    if (handle !== undefined && Buffer.from(handle, 'base64url').toString('utf8') !== row.user_id)
      return { outcome: 'invalid', reason: 'user handle of another account' };
    const stored = Number(row.counter);
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.id,
        requireUserVerification: true,
        // The counter is judged below, once the signature is known to be the passkey's.
        credential: {
          id: row.credential_id,
          publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
          counter: 0,
          transports: transportsOf(row) as never,
        },
      });
    } catch (error) {
      return { outcome: 'invalid', reason: reasonOf(error) };
    }
    if (!verified.verified || !verified.authenticationInfo.userVerified) return { outcome: 'invalid', reason: 'not verified' };
    const sent = verified.authenticationInfo.newCounter;
    // A counter that does not move on means a copied authenticator: refused (0 then 0 is a passkey that does not count).
    if ((stored > 0 || sent > 0) && sent <= stored) return { outcome: 'counter-regressed', userId: row.user_id, passkeyId: row.id };
    const at = nowIso();
    if (!(await this.repo.recordUse(row.id, stored, sent, at))) return { outcome: 'invalid', reason: 'used meanwhile' };
    return { outcome: 'passed', userId: row.user_id, passkeyId: row.id, at };
  }
}
