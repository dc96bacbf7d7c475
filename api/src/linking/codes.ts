// Linking codes: 6 digits from a cryptographic source, stored as keyed hashes, live 10 minutes,
// die after 5 wrong tries, spent on success. Everything here runs inside an attempt's transaction.
import crypto from 'node:crypto';
import { newId, nowIso } from '../db/convert';
import { keyedHash } from '../auth/secrets';
import { HttpError } from '../http/errors';
import type { Trx } from './attempt';
import { ms, recordFailure } from './limits';
import { LINKING_RULES as RULES } from './rules';

export type FoundCode = { id: string; employmentId: string; live: boolean; recordLocked: boolean; recordUserId: string | null };

export class LinkingCodes {
  constructor(private readonly secret: Uint8Array) {}

  private hash(userId: string, code: string): string {
    return keyedHash(this.secret, `link:${userId}:${code}`);
  }

  /** Creates a code for the record and answers it (to be sent after commit). */
  async create(trx: Trx, userId: string, employmentId: string, channel: 'email' | 'sms'): Promise<string> {
    const code = String(crypto.randomInt(100_000, 1_000_000));
    await trx
      .insertInto('linking_codes')
      .values({ id: newId('lc'), user_id: userId, employment_id: employmentId, code_hash: this.hash(userId, code), channel, created_at: nowIso(), expires_at: nowIso(RULES.codeTtlMs), used_at: null, failed_tries: 0 })
      .execute();
    return code;
  }

  /** Spends every unspent code of the user (a new request replaces them). */
  async spendAllOf(trx: Trx, userId: string): Promise<void> {
    await trx.updateTable('linking_codes').set({ used_at: nowIso() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  }

  /**
   * The user's code with this value, live or not, and the state of its record: a live one first,
   * else one whose record is locked (so the user is told it is locked), else none.
   */
  async find(trx: Trx, userId: string, code: string): Promise<FoundCode | null> {
    const rows = await trx
      .selectFrom('linking_codes')
      .innerJoin('employments', 'employments.id', 'linking_codes.employment_id')
      .select(['linking_codes.id', 'linking_codes.employment_id', 'linking_codes.used_at', 'linking_codes.expires_at', 'linking_codes.failed_tries', 'employments.locked_at', 'employments.user_id'])
      .where('linking_codes.user_id', '=', userId)
      .where('linking_codes.code_hash', '=', this.hash(userId, code))
      .orderBy('linking_codes.created_at', 'desc')
      .execute();
    const found = rows.map((r) => ({
      id: r.id,
      employmentId: r.employment_id,
      live: r.used_at === null && ms(r.expires_at) > Date.now() && r.failed_tries < RULES.maxTriesPerCode,
      recordLocked: r.locked_at !== null,
      recordUserId: r.user_id,
    }));
    return found.find((c) => c.live) ?? found.find((c) => c.recordLocked) ?? null;
  }

  /** A wrong code: one try off each of the user's live codes, and a failure for the hourly limit. */
  async wrong(trx: Trx, userId: string): Promise<HttpError> {
    await recordFailure(trx, userId, 'code');
    const now = nowIso();
    const live = trx.updateTable('linking_codes').where('user_id', '=', userId).where('used_at', 'is', null).where('expires_at', '>', now).where('failed_tries', '<', RULES.maxTriesPerCode);
    const hit = await live.set((eb) => ({ failed_tries: eb('failed_tries', '+', 1) })).executeTakeFirst();
    if (Number(hit.numUpdatedRows) > 0) {
      const stillLive = await trx.selectFrom('linking_codes').select('id').where('user_id', '=', userId).where('used_at', 'is', null).where('expires_at', '>', now).where('failed_tries', '<', RULES.maxTriesPerCode).executeTakeFirst();
      if (!stillLive) return new HttpError(429, 'Too many incorrect codes. Please ask for a new linking code.', { 'Retry-After': '1' });
      return new HttpError(400, 'Incorrect code');
    }
    // No live code was tried: say so again if the newest code died of wrong tries.
    const latest = await trx.selectFrom('linking_codes').select(['failed_tries', 'expires_at', 'used_at']).where('user_id', '=', userId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    if (latest && latest.used_at === null && ms(latest.expires_at) > Date.now() && latest.failed_tries >= RULES.maxTriesPerCode) {
      return new HttpError(429, 'Too many incorrect codes. Please ask for a new linking code.', { 'Retry-After': '1' });
    }
    return new HttpError(400, 'Incorrect code');
  }

  /** One try off a code whose identity check failed. */
  async failedCheck(trx: Trx, codeId: string): Promise<void> {
    await trx.updateTable('linking_codes').set((eb) => ({ failed_tries: eb('failed_tries', '+', 1) })).where('id', '=', codeId).execute();
  }

  /** Spends the code; false when it was spent already. */
  async spend(trx: Trx, codeId: string): Promise<boolean> {
    const spent = await trx.updateTable('linking_codes').set({ used_at: nowIso() }).where('id', '=', codeId).where('used_at', 'is', null).executeTakeFirst();
    return Number(spent.numUpdatedRows) === 1;
  }

  /** Nobody's pending code for the record can be used any more (linked or locked). */
  async spendAllFor(trx: Trx, employmentId: string): Promise<void> {
    await trx.updateTable('linking_codes').set({ used_at: nowIso() }).where('employment_id', '=', employmentId).where('used_at', 'is', null).execute();
  }
}
