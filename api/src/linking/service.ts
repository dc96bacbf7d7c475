// Linking a payroll record to a user: send a 6-digit code (by e-mail or, with an invitation token,
// by text), confirm it, then check identity and link. Codes come from a cryptographic source, are
// stored as keyed hashes, live 10 minutes, die after 5 wrong tries and are spent on success.
// No answer tells whether an e-mail address or token matched a record.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newId, nowIso, toCount } from '../db/convert';
import { keyedHash, sha256 } from '../auth/secrets';
import { HttpError } from '../http/errors';
import { ensureAppUser, normaliseEmail, normaliseNiNumber } from '../identity/repository';
import type { MessageService } from '../messages/transport';
import { listEmployments } from '../users/employments-list';
import type { EmploymentView } from '../users/employments-list';
import { HOUR_MS, LINKING_RULES as RULES } from './rules';
import { normalisePhone, usDateToIso } from './normalise';

export type SendTarget = { kind: 'email'; email: string } | { kind: 'invitation'; token: string; phone: string };
export type FinalizeInput = { NINumber: string; bankAccount: string; dob: string; externalEmploymentID: string; code: string };

const ms = (value: unknown) => new Date(value as string).getTime();
const seconds = (millis: number) => String(Math.max(1, Math.ceil(millis / 1000)));

export class LinkingService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly secret: Uint8Array,
    private readonly messages: MessageService,
  ) {}

  private codeHash(userId: string, code: string): string {
    return keyedHash(this.secret, `link:${userId}:${code}`);
  }

  /** 429 within 30 s of the last request, or after 10 requests in an hour. */
  private async checkSendAllowed(userId: string): Promise<void> {
    const rows = await this.db.selectFrom('link_requests').select('created_at').where('user_id', '=', userId).where('created_at', '>', nowIso(-HOUR_MS)).orderBy('created_at', 'desc').execute();
    const last = rows[0];
    if (last && Date.now() - ms(last.created_at) < RULES.resendLockoutMs) {
      const wait = RULES.resendLockoutMs - (Date.now() - ms(last.created_at));
      throw new HttpError(429, `Please wait ${seconds(wait)} seconds before asking for another code`, { 'Retry-After': seconds(wait) });
    }
    if (rows.length >= RULES.maxSendsPerHour) {
      const oldest = rows[RULES.maxSendsPerHour - 1]!;
      const wait = ms(oldest.created_at) + HOUR_MS - Date.now();
      throw new HttpError(429, 'You have asked for too many codes. Please try again later.', { 'Retry-After': seconds(wait) });
    }
  }

  /** 429 once the user has 20 wrong codes or failed checks in the last hour. */
  private async checkFailureLimit(userId: string): Promise<void> {
    const rows = await this.db.selectFrom('link_failures').select('created_at').where('user_id', '=', userId).where('created_at', '>', nowIso(-HOUR_MS)).orderBy('created_at', 'desc').execute();
    if (rows.length >= RULES.maxFailuresPerHour) {
      const wait = ms(rows[RULES.maxFailuresPerHour - 1]!.created_at) + HOUR_MS - Date.now();
      throw new HttpError(429, 'Too many incorrect attempts. Please wait an hour and try again.', { 'Retry-After': seconds(wait) });
    }
  }

  private async recordFailure(userId: string, kind: 'code' | 'check'): Promise<void> {
    await this.db.insertInto('link_failures').values({ id: newId('lf'), user_id: userId, kind, created_at: nowIso() }).execute();
  }

  private async findMatchingRecords(target: SendTarget) {
    const base = this.db
      .selectFrom('employments')
      .innerJoin('employers', 'employers.id', 'employments.employer_id')
      .select(['employments.id', 'employers.name as employer_name', 'employments.contact_email', 'employments.mobile_phone'])
      .where('employments.user_id', 'is', null)
      .where('employments.locked_at', 'is', null);
    if (target.kind === 'email') {
      const email = normaliseEmail(target.email);
      const rows = await base.where((eb) => eb(eb.fn('lower', ['employments.contact_email']), '=', email)).execute();
      return rows.map((r) => ({ id: r.id, employerName: r.employer_name, channel: 'email' as const, to: email }));
    }
    const row = await base.where('employments.invitation_token_hash', '=', sha256(target.token)).executeTakeFirst();
    if (!row || !row.mobile_phone || normalisePhone(row.mobile_phone) !== normalisePhone(target.phone)) return [];
    return [{ id: row.id, employerName: row.employer_name, channel: 'sms' as const, to: normalisePhone(row.mobile_phone) }];
  }

  /** Sends a code for each matching record. Always answers the same way. */
  async requestCode(userId: string, sessionEmail: string, target: SendTarget): Promise<{ sent: true }> {
    await ensureAppUser(this.db, userId, sessionEmail);
    await this.checkSendAllowed(userId);
    const now = nowIso();
    await this.db.insertInto('link_requests').values({ id: newId('lr'), user_id: userId, created_at: now }).execute();
    // A new request replaces the user's earlier codes, matched or not.
    await this.db.updateTable('linking_codes').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();

    const records = await this.findMatchingRecords(target);
    for (const record of records) {
      const code = String(crypto.randomInt(100_000, 1_000_000));
      await this.db
        .insertInto('linking_codes')
        .values({ id: newId('lc'), user_id: userId, employment_id: record.id, code_hash: this.codeHash(userId, code), channel: record.channel, created_at: now, expires_at: nowIso(RULES.codeTtlMs), used_at: null, failed_tries: 0 })
        .execute();
      await this.messages.send({
        channel: record.channel,
        to: record.to,
        subject: `Your linking code for ${record.employerName}`,
        body: `Your pay portal linking code for ${record.employerName} is ${code}.\n\nIt expires in 10 minutes and works once. If you did not ask for it, you can ignore this message.`,
      });
    }
    if (records.length === 0) this.codeHash(userId, String(crypto.randomInt(100_000, 1_000_000))); // similar work either way
    return { sent: true };
  }

  private findLiveCode(userId: string, code: string) {
    return this.db
      .selectFrom('linking_codes')
      .select(['id', 'employment_id', 'failed_tries'])
      .where('user_id', '=', userId)
      .where('code_hash', '=', this.codeHash(userId, code))
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .where('failed_tries', '<', RULES.maxTriesPerCode)
      .executeTakeFirst();
  }

  /** A wrong code: counts against the user's live codes and the hourly limit. Always throws. */
  private async wrongCode(userId: string): Promise<never> {
    await this.recordFailure(userId, 'code');
    const now = nowIso();
    await this.db
      .updateTable('linking_codes')
      .set((eb) => ({ failed_tries: eb('failed_tries', '+', 1) }))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .execute();
    const latest = await this.db.selectFrom('linking_codes').select(['failed_tries', 'expires_at']).where('user_id', '=', userId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    const live = await this.db
      .selectFrom('linking_codes')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('failed_tries', '<', RULES.maxTriesPerCode)
      .executeTakeFirst();
    if (latest && ms(latest.expires_at) > Date.now() && latest.failed_tries >= RULES.maxTriesPerCode && toCount(live?.n) === 0) {
      throw new HttpError(429, 'Too many incorrect codes. Please ask for a new linking code.', { 'Retry-After': '1' });
    }
    throw new HttpError(400, 'Incorrect code');
  }

  private locked(): HttpError {
    return new HttpError(423, 'This employment record is locked after too many failed checks. Please contact your employer to unlock it.');
  }

  private async loadRecord(id: string) {
    return this.db.selectFrom('employments').select(['id', 'user_id', 'locked_at', 'ni_number', 'bank_last4', 'birth_date', 'failed_checks']).where('id', '=', id).executeTakeFirstOrThrow();
  }

  /** Checks a code; answers the record it links (externalEmploymentID) without spending it. */
  async confirm(userId: string, sessionEmail: string, code: string): Promise<{ externalEmploymentID: string }> {
    await ensureAppUser(this.db, userId, sessionEmail); // failures are recorded against the app user
    await this.checkFailureLimit(userId);
    const row = await this.findLiveCode(userId, code);
    if (!row) return this.wrongCode(userId);
    const record = await this.loadRecord(row.employment_id);
    if (record.locked_at) throw this.locked();
    if (record.user_id && record.user_id !== userId) throw new HttpError(409, 'This employment record is already linked to another account. Please contact your employer.');
    return { externalEmploymentID: row.employment_id };
  }

  /** Checks identity against the record and links it; answers the user's employments. */
  async finalize(userId: string, sessionEmail: string, pathCode: string, input: FinalizeInput): Promise<EmploymentView[]> {
    if (input.code !== pathCode) throw new HttpError(400, 'body.code must be the same as the code in the path');
    const dob = usDateToIso(input.dob);
    if (!dob) throw new HttpError(400, 'body.dob must be a real date written as MM/DD/YYYY');
    await ensureAppUser(this.db, userId, sessionEmail);
    await this.checkFailureLimit(userId);
    const code = await this.findLiveCode(userId, pathCode);
    if (!code || code.employment_id !== input.externalEmploymentID) return this.wrongCode(userId);
    const record = await this.loadRecord(code.employment_id);
    if (record.locked_at) throw this.locked();
    if (record.user_id && record.user_id !== userId) throw new HttpError(409, 'This employment record is already linked to another account. Please contact your employer.');

    if (record.user_id !== userId) {
      const matches = normaliseNiNumber(input.NINumber) === record.ni_number && input.bankAccount === record.bank_last4 && dob === record.birth_date;
      if (!matches) {
        await this.recordFailure(userId, 'check');
        await this.db.updateTable('linking_codes').set((eb) => ({ failed_tries: eb('failed_tries', '+', 1) })).where('id', '=', code.id).execute();
        await this.db.updateTable('employments').set((eb) => ({ failed_checks: eb('failed_checks', '+', 1) })).where('id', '=', record.id).execute();
        const after = await this.loadRecord(record.id);
        if (after.failed_checks >= RULES.maxFailedChecks) {
          await this.db.updateTable('employments').set({ locked_at: nowIso() }).where('id', '=', record.id).where('locked_at', 'is', null).execute();
          await this.db.updateTable('linking_codes').set({ used_at: nowIso() }).where('employment_id', '=', record.id).where('used_at', 'is', null).execute();
          throw this.locked();
        }
        throw new HttpError(400, 'The details you gave do not match your employer’s records. Check them and try again.');
      }
    }

    await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const spent = await trx.updateTable('linking_codes').set({ used_at: now }).where('id', '=', code.id).where('used_at', 'is', null).executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) throw new HttpError(400, 'Incorrect code');
      if (record.user_id !== userId) {
        const linked = await trx.updateTable('employments').set({ user_id: userId, linked_at: now, failed_checks: 0 }).where('id', '=', record.id).where('user_id', 'is', null).where('locked_at', 'is', null).executeTakeFirst();
        if (Number(linked.numUpdatedRows) !== 1) throw new HttpError(409, 'This employment record is already linked to another account. Please contact your employer.');
      }
      // Nobody else's pending code for this record can be used any more.
      await trx.updateTable('linking_codes').set({ used_at: now }).where('employment_id', '=', record.id).where('used_at', 'is', null).execute();
    });
    return listEmployments(this.db, userId);
  }
}
