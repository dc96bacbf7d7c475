// Linking codes: 6 digits from a cryptographic source, stored as keyed hashes, live 10 minutes,
// die after 5 wrong tries, spent on success. Everything here runs inside an attempt's transaction.
// Wrong tries are counted twice, in the same transaction: on the live codes (which decide whether
// a code still works) and on the user's newest request (which says how many tries are left). A new
// request spends every older code and its codes start from the request's count, so the two agree;
// and the request's count exists whether or not a record matched, so the answer tells nothing.
import crypto from 'node:crypto';
import { lifetime, newId } from '../db/convert';
import { keyedHash } from '../secrets';
import { HttpError } from '../http/errors';
import type { Trx } from './repository';
import { ms, recordFailure } from './limits';
import { addRequestWrongTry, newestLinkRequest } from './repository';
import { addCodesWrongTry, codesWithHash, insertLinkingCode, spendCode, spendCodesOfRecord, spendCodesOfUser } from './codes-repository';
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
    await insertLinkingCode(trx, {
      id: newId('lc'),
      user_id: userId,
      employment_id: employmentId,
      code_hash: this.hash(userId, code),
      channel,
      ...lifetime(RULES.codeTtlMs),
      used_at: null,
      failed_tries: failedTries,
    });
    return code;
  }

  /** Spends every unspent code of the user (a new request replaces them). */
  async spendAllOf(trx: Trx, userId: string): Promise<void> {
    await spendCodesOfUser(trx, userId);
  }

  /**
   * The user's code with this value, live or not, and the state of its record: a live one first,
   * else one whose record is locked (so the user is told it is locked), else none.
   */
  async find(trx: Trx, userId: string, code: string): Promise<FoundCode | null> {
    const rows = await codesWithHash(trx, userId, this.hash(userId, code));
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
    if (triesLeft === null) return HttpError.coded(400, 'linking.code_incorrect', 'Incorrect code');
    if (triesLeft === 0)
      return HttpError.coded(
        429,
        'linking.code_used_up',
        'Too many incorrect codes. Please ask for a new linking code.',
        { 'Retry-After': '1' },
        { triesLeft: 0 },
      );
    return HttpError.coded(400, 'linking.code_incorrect', 'Incorrect code', {}, { triesLeft });
  }

  /** An identity check failed with this code: one try off it and off the newest request. */
  async failedCheck(trx: Trx, userId: string): Promise<void> {
    await this.countTry(trx, userId);
  }

  /** One try off the live codes and the newest request: the tries it has left, or null when no request is pending. */
  private async countTry(trx: Trx, userId: string): Promise<number | null> {
    await addCodesWrongTry(trx, userId, RULES.maxTriesPerCode);
    const request = await newestLinkRequest(trx, userId);
    if (!request || ms(request.created_at) + RULES.codeTtlMs <= Date.now()) return null;
    const tries = await addRequestWrongTry(trx, request.id, RULES.maxTriesPerCode);
    return RULES.maxTriesPerCode - (tries ?? RULES.maxTriesPerCode);
  }

  /** Spends the code; false when it was spent already. */
  async spend(trx: Trx, codeId: string): Promise<boolean> {
    return spendCode(trx, codeId);
  }

  /** Nobody's pending code for the record can be used any more (linked or locked). */
  async spendAllFor(trx: Trx, employmentId: string): Promise<void> {
    await spendCodesOfRecord(trx, employmentId);
  }
}
