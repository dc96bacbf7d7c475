// Linking a payroll record to a user: send a 6-digit code (by e-mail or, with an invitation token,
// by text), confirm it, then check identity and link. Each attempt runs in one transaction behind
// the user's row lock (attempt.ts), so the limits of rules.ts hold however many requests arrive at
// once. A code request answers before it looks for matching records: records are found and codes
// sent after the answer, so neither the answer nor its timing tells whether anything matched.
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { IdentityRepository, normaliseNiNumber } from '../identity/repository';
import type { AfterAnswer } from '../jobs/after-answer';
import type { Message, MessageService } from '../messages/transport';
import { listEmployments } from '../users/repository';
import { accountLanguage } from '../identity/identity-texts';
import type { EmploymentView } from '../users/repository';
import { attempt, inUserLock } from './attempt';
import { LinkingCodes } from './codes';
import { failureRefusal, ms, recordFailure, sendRefusal, sendWait } from './limits';
import { codeMessage, lockedRecordMessage } from './messages';
import { usDateToIso } from './normalise';
import { findReachedRecords, lockRecord, spendInvitationsOf } from './records-repository';
import { insertEvent, insertEvents } from './events-repository';
import { addRecordFailedCheck, insertLinkRequest, linkRecordToUser, linkRequestTimesSince, newestLinkRequest } from './repository';
import type { ReachedRecord, SendTarget } from './records-repository';
import { Throttle } from '../throttle/throttle';
import type { Counter } from '../throttle/throttle';
import { recipientKey } from '../auth/throttle-rules';
import { HOUR_MS, LINKING_RULES as RULES } from './rules';
import { nowIso } from '../db/convert';

export type { SendTarget } from './records-repository';
export type FinalizeInput = { NINumber: string; bankAccount: string; dob: string; externalEmploymentID: string; code: string };

/** The user's newest code request as the link page needs it after a reload (never the code). */
export type PendingCodeRequest = {
  pending: boolean;
  channel: 'email' | 'sms' | null;
  expiresInSeconds: number | null;
  triesLeft: number | null;
  resendInSeconds: number;
};

/** The messages one address or number may be sent in an hour; counted by a keyed hash, never the address itself. */
const recipientCounter = (secret: Uint8Array, to: string): Counter => ({
  key: `link:recipient:${recipientKey(secret, to)}`,
  limit: { max: RULES.maxSendsPerRecipientPerHour, windowMs: HOUR_MS },
});

const channelOf = (target: SendTarget): 'email' | 'sms' => (target.kind === 'email' ? 'email' : 'sms');
const wholeSeconds = (msLeft: number) => Math.max(0, Math.ceil(msLeft / 1000));

const locked = () =>
  HttpError.coded(423, 'identity.record_locked', 'This payroll record is locked after too many failed checks. Please contact your employer to unlock it.');
const linkedElsewhere = () =>
  HttpError.coded(409, 'identity.already_linked', 'This payroll record is already linked to another account. Please contact your employer.');

export class LinkingService {
  private readonly codes: LinkingCodes;
  private readonly throttle: Throttle;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly secret: Uint8Array,
    private readonly messages: MessageService,
    private readonly afterAnswer: AfterAnswer,
  ) {
    this.codes = new LinkingCodes(secret);
    this.throttle = new Throttle(db);
  }

  /** Records the request (or refuses it: 30 s lockout, 10 an hour), answers, then sends. Always the same answer. */
  async requestCode(userId: string, target: SendTarget): Promise<{ sent: true }> {
    const requestId = await attempt(this.db, this.dialect, userId, async (trx) => {
      const refused = await sendRefusal(trx, userId);
      if (refused) return refused;
      const id = await insertLinkRequest(trx, userId, channelOf(target));
      // A new request replaces the user's earlier codes, matched or not.
      await this.codes.spendAllOf(trx, userId);
      return id;
    });
    this.afterAnswer.run('linking code', () => this.sendCodes(userId, requestId, target));
    return { sent: true };
  }

  /** After the answer: a code for each live record reached, a "locked" note for each locked one. */
  private async sendCodes(userId: string, requestId: string, target: SendTarget): Promise<void> {
    const reached = await findReachedRecords(this.db, target);
    // At most so many messages an hour to one inbox, whoever asks (after the answer: a refusal tells nothing).
    const records: ReachedRecord[] = [];
    for (const record of reached) if (!(await this.throttle.take([recipientCounter(this.secret, record.to)]))) records.push(record);
    if (records.length === 0) return;
    // In the language the person chose (English until they choose).
    const language = await accountLanguage(this.db, userId);
    const outgoing = await inUserLock(this.db, this.dialect, userId, async (trx) => {
      // A newer request has replaced this one: its codes would be dead on arrival.
      const request = await newestLinkRequest(trx, userId);
      if (request?.id !== requestId) return [];
      const messages: Message[] = [];
      for (const record of records) {
        messages.push(
          record.locked
            ? lockedRecordMessage(record, language)
            : codeMessage(record, await this.codes.create(trx, userId, record.id, record.channel, Number(request.wrong_tries)), language),
        );
      }
      // The records' history says a code went out (never the code).
      const sent = records.filter((record) => !record.locked);
      await insertEvents(
        trx,
        sent.map((record) => ({ employmentId: record.id, kind: 'code_sent' as const, channel: record.channel, actorUserId: userId })),
      );
      return messages;
    });
    for (const message of outgoing) await this.messages.send(message);
  }

  /**
   * The newest request, read only: whether its code may still be entered (10 minutes, 5 tries),
   * how it was sent, and when another may be asked for. The same whether or not a record matched.
   */
  async pendingRequest(userId: string): Promise<PendingCodeRequest> {
    const now = Date.now();
    const wait = sendWait(await linkRequestTimesSince(this.db, userId, nowIso(-HOUR_MS)), now);
    const resendInSeconds = wait ? wholeSeconds(wait.waitMs) : 0;
    const request = await newestLinkRequest(this.db, userId);
    const msLeft = request ? ms(request.created_at) + RULES.codeTtlMs - now : 0;
    const triesLeft = request ? RULES.maxTriesPerCode - Number(request.wrong_tries) : 0;
    if (!request || msLeft <= 0 || triesLeft <= 0) return { pending: false, channel: null, expiresInSeconds: null, triesLeft: null, resendInSeconds };
    const channel = request.channel === 'email' || request.channel === 'sms' ? request.channel : null;
    return { pending: true, channel, expiresInSeconds: wholeSeconds(msLeft), triesLeft, resendInSeconds };
  }

  /** Checks a code; answers the record it links (externalEmploymentID) without spending it. */
  async confirm(userId: string, code: string): Promise<{ externalEmploymentID: string }> {
    return attempt(this.db, this.dialect, userId, async (trx) => {
      const refused = await failureRefusal(trx, userId);
      if (refused) return refused;
      const found = await this.codes.find(trx, userId, code);
      if (found?.recordLocked) return locked();
      if (!found?.live) return this.codes.wrong(trx, userId);
      if (found.recordUserId && found.recordUserId !== userId) return linkedElsewhere();
      return { externalEmploymentID: found.employmentId };
    });
  }

  /** Checks identity against the record and links it; answers the user's employments. */
  async finalize(userId: string, pathCode: string, input: FinalizeInput): Promise<EmploymentView[]> {
    if (input.code !== pathCode)
      throw HttpError.coded(400, 'request.field_invalid', 'body.code must be the same as the code in the path', {}, { field: 'code' });
    const dob = usDateToIso(input.dob);
    if (!dob) throw HttpError.coded(400, 'request.field_invalid', 'body.dob must be a real date written as MM/DD/YYYY', {}, { field: 'dob' });
    await attempt(this.db, this.dialect, userId, async (trx) => {
      const refused = await failureRefusal(trx, userId);
      if (refused) return refused;
      const code = await this.codes.find(trx, userId, pathCode);
      if (code?.recordLocked) return locked();
      if (!code?.live || code.employmentId !== input.externalEmploymentID) return this.codes.wrong(trx, userId);
      const record = await lockRecord(trx, this.dialect, code.employmentId);
      if (record.locked_at) return locked();
      if (record.user_id && record.user_id !== userId) return linkedElsewhere();
      if (record.user_id !== userId) {
        const matches = normaliseNiNumber(input.NINumber) === record.ni_number && input.bankAccount === record.bank_last4 && dob === record.birth_date;
        if (!matches) {
          await recordFailure(trx, userId, 'check');
          await this.codes.failedCheck(trx, userId);
          const failedChecks = await addRecordFailedCheck(trx, record.id, RULES.maxFailedChecks);
          await insertEvent(trx, { employmentId: record.id, kind: 'identity_check_failed', actorUserId: userId });
          if (failedChecks >= RULES.maxFailedChecks) {
            // The record was not locked when read (above, behind its row lock): this failure locked it.
            await insertEvent(trx, { employmentId: record.id, kind: 'locked', actorUserId: userId });
            await this.codes.spendAllFor(trx, record.id);
            return locked();
          }
          return HttpError.coded(
            400,
            'identity.mismatch',
            'The details you gave do not match your employer’s records. Check them and try again.',
            {},
            { triesLeft: RULES.maxFailedChecks - failedChecks },
          );
        }
      }
      if (!(await this.codes.spend(trx, code.id))) return HttpError.coded(400, 'linking.code_incorrect', 'Incorrect code');
      if (record.user_id !== userId) {
        await linkRecordToUser(trx, record.id, userId);
        await new IdentityRepository(trx).keepProvenNiNumber(userId, record.ni_number);
        await spendInvitationsOf(trx, record.id);
        await insertEvent(trx, { employmentId: record.id, kind: 'linked', actorUserId: userId });
      }
      await this.codes.spendAllFor(trx, record.id);
      return true;
    });
    return listEmployments(this.db, userId);
  }
}
