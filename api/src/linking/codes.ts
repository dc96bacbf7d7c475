// Linking codes: 6 digits from a cryptographic source, stored as keyed hashes, live 10 minutes,
// die after 5 wrong tries, spent on success. Everything here runs inside an attempt's transaction.
// Wrong tries are counted twice, in the same transaction: on the live codes (which decide whether
// a code still works) and on the user's newest request (which says how many tries are left). A new
// request spends every older code and its codes start from the request's count, so the two agree;
// and the request's count exists whether or not a record matched, so the answer tells nothing.
import crypto from 'node:crypto';
import { lifetime, newId, nowIso } from '../db/convert';
import { keyedHash } from '../secrets';
import { HttpError } from '../http/errors';
import type { Trx } from './repository';
import { ms, recordFailure } from './limits';
import { addRequestWrongTry, newestLinkRequest } from './repository';
import { LINKING_RULES as RULES } from './rules';

export type FoundCode = { id: string; employmentId: string; live: boolean; recordLocked: boolean; recordUserId: string | null };

export class LinkingCodes {
  constructor(private readonly secret: Uint8Array) {}

  private hash(userId: string, code: string): string {
    return keyedHash(this.secret, `link:${userId}:${code}`);
  }

  /** Creates a code for the record and answers it (to be sent after commit); it starts with its request's wrong tries. */
  async create(trx: Trx, userId: string, employmentId: string, channel: 'email' | 'sms', failedTries: number): Promise<string> {
    const code = String(crypto.randomInt(100_000, 1_000_000));
    await trx
      .insertInto('linking_codes')
      .values({
        id: newId('lc'),
        user_id: userId,
        employment_id: employmentId,
        code_hash: this.hash(userId, code),
        channel,
        ...lifetime(RULES.codeTtlMs),
        used_at: null,
        failed_tries: failedTries,
      })
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
      .select([
        'linking_codes.id',
        'linking_codes.employment_id',
        'linking_codes.used_at',
        'linking_codes.expires_at',
        'linking_codes.failed_tries',
        'employments.locked_at',
        'employments.user_id',
      ])
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

  /**
   * A wrong code: one try off each of the user's live codes and off their newest request, and a
   * failure for the hourly limit. Answers 400 'Incorrect code' with the tries left, or 429 once the
   * request has had its 5.
   */
  async wrong(trx: Trx, userId: string): Promise<HttpError> {
    await recordFailure(trx, userId, 'code');
    const triesLeft = await this.countTry(trx, userId);
    if (triesLeft === null) return new HttpError(400, 'Incorrect code');
    if (triesLeft === 0) return new HttpError(429, 'Too many incorrect codes. Please ask for a new linking code.', { 'Retry-After': '1' }, { triesLeft: 0 });
    return new HttpError(400, 'Incorrect code', {}, { triesLeft });
  }

  /** An identity check failed with this code: one try off it and off the newest request. */
  async failedCheck(trx: Trx, userId: string): Promise<void> {
    await this.countTry(trx, userId);
  }

  /** One try off the live codes and the newest request: the tries it has left, or null when no request is pending. */
  private async countTry(trx: Trx, userId: string): Promise<number | null> {
    await trx
      .updateTable('linking_codes')
      .set((eb) => ({ failed_tries: eb('failed_tries', '+', 1) }))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .where('failed_tries', '<', RULES.maxTriesPerCode)
      .execute();
    const request = await newestLinkRequest(trx, userId);
    if (!request || ms(request.created_at) + RULES.codeTtlMs <= Date.now()) return null;
    const tries = await addRequestWrongTry(trx, request.id, RULES.maxTriesPerCode);
    return RULES.maxTriesPerCode - (tries ?? RULES.maxTriesPerCode);
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
