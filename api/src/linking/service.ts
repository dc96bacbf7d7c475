// Linking a payroll record to a user: send a 6-digit code (by e-mail or, with an invitation token,
// by text), confirm it, then check identity and link. Each attempt runs in one transaction behind
// the user's row lock (attempt.ts), so the limits of rules.ts hold however many requests arrive at
// once. A code request answers before it looks for matching records: records are found and codes
// sent after the answer, so neither the answer nor its timing tells whether anything matched.
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { normaliseNiNumber } from '../identity/repository';
import type { AfterAnswer } from '../jobs/after-answer';
import type { Message, MessageService } from '../messages/transport';
import { listEmployments } from '../users/repository';
import type { EmploymentView } from '../users/repository';
import { attempt, inUserLock } from './attempt';
import { LinkingCodes } from './codes';
import { failureRefusal, recordFailure, sendRefusal } from './limits';
import { codeMessage, lockedRecordMessage } from './messages';
import { usDateToIso } from './normalise';
import { findReachedRecords, lockRecord } from './records-repository';
import { insertLinkRequest, linkRecordToUser, newestLinkRequestId, setRecordFailedChecks } from './repository';
import type { SendTarget } from './records-repository';
import { LINKING_RULES as RULES } from './rules';

export type { SendTarget } from './records-repository';
export type FinalizeInput = { NINumber: string; bankAccount: string; dob: string; externalEmploymentID: string; code: string };

const locked = () => new HttpError(423, 'This employment record is locked after too many failed checks. Please contact your employer to unlock it.');
const linkedElsewhere = () => new HttpError(409, 'This employment record is already linked to another account. Please contact your employer.');

export class LinkingService {
  private readonly codes: LinkingCodes;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    secret: Uint8Array,
    private readonly messages: MessageService,
    private readonly afterAnswer: AfterAnswer,
  ) {
    this.codes = new LinkingCodes(secret);
  }

  /** Records the request (or refuses it: 30 s lockout, 10 an hour), answers, then sends. Always the same answer. */
  async requestCode(userId: string, target: SendTarget): Promise<{ sent: true }> {
    const requestId = await attempt(this.db, this.dialect, userId, async (trx) => {
      const refused = await sendRefusal(trx, userId);
      if (refused) return refused;
      const id = await insertLinkRequest(trx, userId);
      // A new request replaces the user's earlier codes, matched or not.
      await this.codes.spendAllOf(trx, userId);
      return id;
    });
    this.afterAnswer.run('linking code', () => this.sendCodes(userId, requestId, target));
    return { sent: true };
  }

  /** After the answer: a code for each live record reached, a "locked" note for each locked one. */
  private async sendCodes(userId: string, requestId: string, target: SendTarget): Promise<void> {
    const records = await findReachedRecords(this.db, target);
    if (records.length === 0) return;
    const outgoing = await inUserLock(this.db, this.dialect, userId, async (trx) => {
      // A newer request has replaced this one: its codes would be dead on arrival.
      if ((await newestLinkRequestId(trx, userId)) !== requestId) return [];
      const messages: Message[] = [];
      for (const record of records) {
        messages.push(record.locked ? lockedRecordMessage(record) : codeMessage(record, await this.codes.create(trx, userId, record.id, record.channel)));
      }
      return messages;
    });
    for (const message of outgoing) await this.messages.send(message);
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
    if (input.code !== pathCode) throw new HttpError(400, 'body.code must be the same as the code in the path');
    const dob = usDateToIso(input.dob);
    if (!dob) throw new HttpError(400, 'body.dob must be a real date written as MM/DD/YYYY');
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
          await this.codes.failedCheck(trx, code.id);
          const failedChecks = record.failed_checks + 1;
          if (failedChecks >= RULES.maxFailedChecks) {
            await setRecordFailedChecks(trx, record.id, failedChecks, true);
            await this.codes.spendAllFor(trx, record.id);
            return locked();
          }
          await setRecordFailedChecks(trx, record.id, failedChecks, false);
          return new HttpError(400, 'The details you gave do not match your employer’s records. Check them and try again.');
        }
      }
      if (!(await this.codes.spend(trx, code.id))) return new HttpError(400, 'Incorrect code');
      if (record.user_id !== userId) {
        await linkRecordToUser(trx, record.id, userId);
      }
      await this.codes.spendAllFor(trx, record.id);
      return true;
    });
    return listEmployments(this.db, userId);
  }
}
