// The second step of closing an account that has no authenticator app: a 6-digit code e-mailed to
// the sign-in address. One live code per account (a new one replaces it), 10 minutes, spent once,
// at most 5 codes checked against it; kept as a keyed hash, so a copy of the database alone tells
// nothing. Each try is taken before the code is compared, so 300 guesses at once compare 5.
import { accountLanguage, identityTexts } from '../identity/identity-texts';
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { lifetime, nowIso } from '../db/convert';
import type { MessageService } from '../messages/transport';
import { keyedHash, safeEqual } from '../secrets';
import { replaceClosingCode, spendClosingCode, takeClosingCodeTry } from './closing-code-repository';
import { CLOSING_CODE_MAX_TRIES, CLOSING_CODE_TTL_MS } from './limits';

export type ClosingCodeOutcome =
  | { outcome: 'passed' }
  /** No live code: never sent, expired, spent, or out of tries. */
  | { outcome: 'none' }
  | { outcome: 'wrong'; triesLeft: number };

const SIX_DIGITS = /^\d{6}$/;

export class ClosingCodes {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly messages: MessageService,
    private readonly secret: Uint8Array,
  ) {}

  private hash(userId: string, code: string): string {
    return keyedHash(this.secret, `close-account:${userId}:${code}`);
  }

  /** Makes a new code (replacing any earlier one) and e-mails it to the account's sign-in address. */
  async send(account: { id: string; email: string }): Promise<void> {
    const code = String(crypto.randomInt(100_000, 1_000_000));
    const { created_at, expires_at } = lifetime(CLOSING_CODE_TTL_MS);
    await replaceClosingCode(this.db, { userId: account.id, codeHash: this.hash(account.id, code), createdAt: created_at, expiresAt: expires_at });
    const t = identityTexts(await accountLanguage(this.db, account.id));
    await this.messages.send({ channel: 'email', to: account.email, subject: t('closingCodeSubject'), body: t('closingCodeBody', { code }) });
  }

  /** Checks `input` against the account's live code, spending it when right. */
  async check(userId: string, input: string): Promise<ClosingCodeOutcome> {
    const code = input.trim();
    const now = nowIso();
    const taken = await takeClosingCodeTry(this.db, userId, CLOSING_CODE_MAX_TRIES, now);
    if (!taken) return { outcome: 'none' };
    const hash = SIX_DIGITS.test(code) ? this.hash(userId, code) : '';
    if (!safeEqual(hash, taken.code_hash)) return { outcome: 'wrong', triesLeft: Math.max(0, CLOSING_CODE_MAX_TRIES - taken.tries) };
    return (await spendClosingCode(this.db, userId, taken.code_hash, now)) ? { outcome: 'passed' } : { outcome: 'none' };
  }
}
