// The second sign-in step: after a right password, an account with an authenticator app enters a
// code from it (or one of its recovery codes); an employer admin without one sets one up first.
// Between the password and the step, the sign-in waits server-side (pending_second_steps): a
// random token in a cookie, kept hashed, bound to the browser, for ten minutes, spent once when the
// sign-in code is made. Wrong codes are limited per account (throttle-rules.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DialectName } from '../db/connect';
import { nowIso, toIso } from '../db/convert';
import { randomToken, sha256 } from '../secrets';
import { adminEmployerIds } from '../identity/roles-repository';
import { queueAccountAlert } from '../identity/account-alerts';
import type { Refusal, Throttle } from '../throttle/throttle';
import type { CheckedClient } from './client';
import type { TokenService } from './tokens';
import { SecondStepRepository } from './second-step-repository';
import { secondStepCounter } from './throttle-rules';
import {
  decryptTotpSecret,
  encryptTotpSecret,
  groupedKey,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  normaliseTotpCode,
  otpauthUri,
  recoveryCodeHash,
} from './second-step-secrets';

export const PENDING_SECOND_STEP_TTL_MS = 10 * 60_000;
/** A pending sign-in's token as the cookie carries it (randomToken(): 32 bytes, base64url). */
const PENDING_TOKEN = /^[\w-]{43}$/;

/** What a right password leads to: a code from the account's app, setting one up, or nothing more. */
export type SecondStepNeed = 'code' | 'set-up' | null;

/** A sign-in waiting for its second step, in the browser that gave the password. */
export type PendingSignIn = {
  tokenHash: string;
  userId: string;
  passwordHash: string;
  client: CheckedClient;
  /** Set once a new authenticator was confirmed in this sign-in: the step is passed. */
  passedAt: string | null;
};

/** A code tried: passed, refused before it was looked at, or not right (for one of these reasons). */
export type CodeOutcome =
  | { outcome: 'passed' }
  | { outcome: 'refused'; refusal: Refusal }
  | { outcome: 'malformed' }
  | { outcome: 'wrong' }
  | { outcome: 'replayed' }
  | { outcome: 'no-authenticator' };

export type SetUpOutcome = Exclude<CodeOutcome, { outcome: 'passed' }> | { outcome: 'confirmed'; recoveryCodes: string[] } | { outcome: 'confirmed-already' };

/** How many recovery codes the account has left (Settings will show it). */
export function unspentRecoveryCodes(db: Kysely<Database>, userId: string): Promise<number> {
  return new SecondStepRepository(db).unspentRecoveryCodes(userId);
}

export class SecondStep {
  private readonly repo: SecondStepRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly tokenSecret: Uint8Array,
    private readonly tokens: TokenService,
    private readonly throttle: Throttle,
  ) {
    this.repo = new SecondStepRepository(db);
  }

  /** After a right password: a confirmed authenticator asks for its code; an employer admin without one sets one up. */
  async need(userId: string): Promise<SecondStepNeed> {
    const authenticator = await this.repo.authenticator(userId);
    if (authenticator?.confirmed_at) return 'code';
    return (await adminEmployerIds(this.db, userId)).length > 0 ? 'set-up' : null;
  }

  /** Whether the account has an authenticator it can sign in with now. */
  async hasConfirmedAuthenticator(userId: string): Promise<boolean> {
    return Boolean((await this.repo.authenticator(userId))?.confirmed_at);
  }

  /** Starts the wait for the second step of a sign-in whose password was right; answers the cookie's token. */
  async startPending(signIn: { userId: string; passwordHash: string }, client: CheckedClient, browserHash: string): Promise<string> {
    await this.repo.deleteEndedPending();
    const token = randomToken();
    const created = Date.now();
    await this.repo.insertPending({
      token_hash: sha256(token),
      user_id: signIn.userId,
      browser_hash: browserHash,
      password_hash: signIn.passwordHash,
      client_id: client.client_id,
      redirect_uri: client.redirect_uri,
      state: client.state ?? null,
      created_at: new Date(created).toISOString(),
      expires_at: new Date(created + PENDING_SECOND_STEP_TTL_MS).toISOString(),
      passed_at: null,
      used_at: null,
    });
    return token;
  }

  /** The live pending sign-in of this cookie and browser; null when there is none (expired, spent, or another browser's). */
  async pending(token: string | undefined, browserHash: string | null): Promise<PendingSignIn | null> {
    if (!token || !PENDING_TOKEN.test(token) || !browserHash) return null;
    const tokenHash = sha256(token);
    const row = await this.repo.livePending(tokenHash, browserHash);
    if (!row) return null;
    return {
      tokenHash,
      userId: row.user_id,
      passwordHash: row.password_hash,
      client: { client_id: row.client_id, redirect_uri: row.redirect_uri, state: row.state ?? undefined },
      passedAt: row.passed_at ? toIso(row.passed_at) : null,
    };
  }

  /**
   * The key of the authenticator being set up (made now if the account has none): the same until it
   * is confirmed, so a reloaded page shows what the app already holds. Null once confirmed.
   */
  async setUpKey(userId: string, email: string): Promise<{ key: string; uri: string } | null> {
    await this.repo.insertAuthenticatorUnlessAny({
      user_id: userId,
      secret_encrypted: encryptTotpSecret(this.tokenSecret, userId, newTotpSecret()),
      created_at: nowIso(),
      confirmed_at: null,
      last_used_step: null,
    });
    const row = await this.repo.authenticator(userId);
    if (!row || row.confirmed_at) return null;
    const secret = decryptTotpSecret(this.tokenSecret, userId, row.secret_encrypted);
    return { key: groupedKey(secret), uri: otpauthUri(secret, email) };
  }

  /** A slot of the account's second-step limit, taken before any code is looked at. */
  private async takeSlot(userId: string): Promise<Refusal | null> {
    return this.throttle.take([secondStepCounter(userId)]);
  }

  /** A right code ends the run of wrong ones. */
  private async succeeded(userId: string): Promise<void> {
    await this.throttle.clear([secondStepCounter(userId).key]);
  }

  /** A code from the account's authenticator app: right now (or a step either side) and never accepted before (also asked when closing the account). */
  async tryCode(pending: Pick<PendingSignIn, 'userId'>, input: string): Promise<CodeOutcome> {
    const code = normaliseTotpCode(input);
    if (!code) return { outcome: 'malformed' };
    const refusal = await this.takeSlot(pending.userId);
    if (refusal) return { outcome: 'refused', refusal };
    const row = await this.repo.authenticator(pending.userId);
    if (!row?.confirmed_at) return { outcome: 'no-authenticator' };
    const step = matchingStep(decryptTotpSecret(this.tokenSecret, pending.userId, row.secret_encrypted), code);
    if (step === null) return { outcome: 'wrong' };
    if (!(await this.repo.spendStep(pending.userId, step))) return { outcome: 'replayed' };
    await this.succeeded(pending.userId);
    return { outcome: 'passed' };
  }

  /** One of the account's recovery codes, spent as it is accepted. */
  async tryRecoveryCode(pending: Pick<PendingSignIn, 'userId'>, input: string): Promise<CodeOutcome> {
    const code = normaliseRecoveryCode(input);
    if (!code) return { outcome: 'malformed' };
    const refusal = await this.takeSlot(pending.userId);
    if (refusal) return { outcome: 'refused', refusal };
    const spent = await this.repo.spendRecoveryCode(pending.userId, recoveryCodeHash(this.tokenSecret, pending.userId, code), nowIso());
    if (!spent) return { outcome: 'wrong' };
    await this.succeeded(pending.userId);
    return { outcome: 'passed' };
  }

  /**
   * The first code from a newly added app confirms it: the authenticator becomes usable, ten new
   * recovery codes replace any old ones (answered here, once; only their hashes are kept), and the
   * pending sign-in has passed its step.
   */
  async confirmSetUp(pending: PendingSignIn, input: string): Promise<SetUpOutcome> {
    return this.confirm(pending.userId, input, (trx, now) => new SecondStepRepository(trx).markPendingPassed(pending.tokenHash, now));
  }

  /** The same from Settings: a signed-in user turns the second step on with the first code of their app. */
  async confirmFromSettings(userId: string, input: string): Promise<SetUpOutcome> {
    return this.confirm(userId, input);
  }

  private async confirm(userId: string, input: string, alsoInTransaction?: (trx: Kysely<Database>, now: string) => Promise<void>): Promise<SetUpOutcome> {
    const code = normaliseTotpCode(input);
    if (!code) return { outcome: 'malformed' };
    const refusal = await this.takeSlot(userId);
    if (refusal) return { outcome: 'refused', refusal };
    const row = await this.repo.authenticator(userId);
    if (!row) return { outcome: 'no-authenticator' };
    if (row.confirmed_at) return { outcome: 'confirmed-already' };
    const step = matchingStep(decryptTotpSecret(this.tokenSecret, userId, row.secret_encrypted), code);
    if (step === null) return { outcome: 'wrong' };
    const recoveryCodes = newRecoveryCodes();
    const confirmed = await this.db.transaction().execute(async (trx) => {
      const repo = new SecondStepRepository(trx);
      const now = nowIso();
      if (!(await repo.confirmAuthenticator(userId, row.secret_encrypted, step, now))) return false;
      await repo.replaceRecoveryCodes(userId, this.recoveryHashes(userId, recoveryCodes), now);
      await alsoInTransaction?.(trx, now);
      await queueAccountAlert(trx, userId, 'two-step-on');
      return true;
    });
    if (!confirmed) return { outcome: 'confirmed-already' };
    await this.succeeded(userId);
    return { outcome: 'confirmed', recoveryCodes };
  }

  private recoveryHashes(userId: string, codes: string[]): string[] {
    return codes.map((c) => recoveryCodeHash(this.tokenSecret, userId, c));
  }

  /** What Settings shows: whether the step is on, the recovery codes left, and whether the account must keep it (an employer admin). */
  async status(userId: string): Promise<{ on: boolean; recoveryCodesLeft: number; required: boolean }> {
    const [on, recoveryCodesLeft, adminOf] = await Promise.all([
      this.hasConfirmedAuthenticator(userId),
      this.repo.unspentRecoveryCodes(userId),
      adminEmployerIds(this.db, userId),
    ]);
    return { on, recoveryCodesLeft: on ? recoveryCodesLeft : 0, required: adminOf.length > 0 };
  }

  /**
   * Ten new recovery codes in place of the old ones, for a code from the app (checked as at sign-in:
   * under the same limit, never the same step twice). Answered once; only their hashes are kept.
   */
  async replaceRecoveryCodes(userId: string, input: string): Promise<CodeOutcome | { outcome: 'replaced'; recoveryCodes: string[] }> {
    const tried = await this.tryCode({ userId }, input);
    if (tried.outcome !== 'passed') return tried;
    const recoveryCodes = newRecoveryCodes();
    await this.db.transaction().execute(async (trx) => {
      await new SecondStepRepository(trx).replaceRecoveryCodes(userId, this.recoveryHashes(userId, recoveryCodes), nowIso());
      await queueAccountAlert(trx, userId, 'recovery-codes');
    });
    return { outcome: 'replaced', recoveryCodes };
  }

  /** Turns the step off (the caller has checked a code or the password): the app's key and the recovery codes go. */
  async turnOff(userId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const removed = await new SecondStepRepository(trx).removeAuthenticator(userId);
      if (removed) await queueAccountAlert(trx, userId, 'two-step-off');
      return removed;
    });
  }

  /**
   * The sign-in code for a pending sign-in that passed its step at `passedAt`: made only while the
   * password it checked is still the account's, and spending the pending sign-in in the same
   * transaction. Null when either no longer holds.
   */
  async finish(pending: PendingSignIn, passedAt: string, browserHash: string): Promise<string | null> {
    return this.tokens.createAuthCodeForPassword(
      this.dialect,
      { userId: pending.userId, passwordHash: pending.passwordHash },
      pending.client.client_id,
      pending.client.redirect_uri,
      browserHash,
      { at: passedAt, spend: (trx) => new SecondStepRepository(trx).spendPending(pending.tokenHash) },
    );
  }
}
