// Inviting employees to link their records, sending an invitation again, withdrawing it, and
// unlocking a record. Each decision runs in one transaction (the records' rows locked, or one
// conditional UPDATE), with its history event and audit entry, so 300 identical requests at once
// make one invitation, one send or one unlock; messages go out after the commit.
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { lifetime, nowIso, toBool, toIso } from '../db/convert';
import { randomToken, sha256 } from '../secrets';
import { HttpError } from '../http/errors';
import { retryAfterSeconds } from '../http/retry-after';
import type { Message, MessageService } from '../messages/transport';
import { insertEvent, insertEvents } from '../linking/events-repository';
import type { NewEvent } from '../linking/events-repository';
import { insertAuditEntry } from './audit-repository';
import { employerName } from './access-repository';
import {
  accountEmail,
  externalIdOf,
  insertInvitation,
  liveInvitation,
  lockRecordsToInvite,
  recordsWithLiveInvitation,
  renewInvitation,
  revokeInvitations,
  unlockRecord,
} from './invitations-repository';
import { INVITATION_TTL_MS, emailInvitation, textInvitation, unlockedMessage } from './messages';
import { noInvitation, notLocked, employeeNotFound } from './errors';

export type SkipReason = 'no_mobile' | 'no_email' | 'linked' | 'ended' | 'locked' | 'already_invited';
export type Channel = 'email' | 'sms';
/** Who asks, from where (the audit log records both), and where links in messages point. */
export type Actor = { userId: string; address: string; linkBase: string };

/** An invitation may be sent again no sooner than a minute after the last send. */
export const RESEND_WAIT_MS = 60_000;

const channelWords = (channel: Channel) => (channel === 'sms' ? 'text' : 'e-mail');

export class EmployeeInvitations {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly messages: MessageService,
  ) {}

  private async send(messages: Message[]): Promise<void> {
    for (const message of messages) await this.messages.send(message);
  }

  /** Invites the records named (or every one not linked) by one channel; answers who was invited and who skipped, and why. */
  async invite(
    employerId: string,
    actor: Actor,
    channel: Channel,
    target: string[] | 'everyone-not-linked',
  ): Promise<{ invited: string[]; skipped: { id: string; reason: SkipReason }[] }> {
    const name = (await employerName(this.db, employerId)) ?? '';
    const result = await this.db.transaction().execute(async (trx) => {
      const ids = target === 'everyone-not-linked' ? target : [...new Set(target)];
      const records = await lockRecordsToInvite(trx, this.dialect, employerId, ids);
      // A record that is not this employer's is refused whole, before anything is written.
      if (ids !== 'everyone-not-linked' && records.length !== ids.length) return employeeNotFound();
      const invitedAlready = await recordsWithLiveInvitation(
        trx,
        records.map((r) => r.id),
      );
      const { created_at: createdAt, expires_at: expiresAt } = lifetime(INVITATION_TTL_MS);
      const invited: { id: string; externalId: string; message: Message }[] = [];
      const skipped: { id: string; reason: SkipReason }[] = [];
      for (const record of records) {
        const reason: SkipReason | null = !toBool(record.active)
          ? 'ended'
          : record.user_id
            ? 'linked'
            : record.locked_at
              ? 'locked'
              : invitedAlready.has(record.id)
                ? 'already_invited'
                : channel === 'sms' && !record.mobile_phone
                  ? 'no_mobile'
                  : channel === 'email' && !record.contact_email
                    ? 'no_email'
                    : null;
        if (reason) {
          skipped.push({ id: record.id, reason });
          continue;
        }
        const token = randomToken();
        await insertInvitation(trx, { employmentId: record.id, channel, tokenHash: sha256(token), createdBy: actor.userId, createdAt, expiresAt });
        const message =
          channel === 'sms'
            ? textInvitation(name, record.mobile_phone!, actor.linkBase, token, record.id)
            : emailInvitation(name, record.contact_email!, actor.linkBase, record.id);
        invited.push({ id: record.id, externalId: record.external_id ?? record.id, message });
      }
      await insertEvents(
        trx,
        invited.map((r): NewEvent => ({ employmentId: r.id, kind: 'invited', channel, actorUserId: actor.userId })),
      );
      if (invited.length > 0) {
        await insertAuditEntry(trx, {
          employerId,
          actorUserId: actor.userId,
          action: 'invite',
          records: invited.map((r) => r.externalId),
          detail: `Invited ${invited.length} ${invited.length === 1 ? 'employee' : 'employees'} by ${channelWords(channel)}`,
          address: actor.address,
        });
      }
      return { invited, skipped };
    });
    if (result instanceof HttpError) throw result;
    await this.send(result.invited.map((r) => r.message));
    return { invited: result.invited.map((r) => r.id), skipped: result.skipped };
  }

  /** Sends the record's live invitation again, with a new link (the old one stops working), and 14 more days. */
  async resend(employerId: string, employmentId: string, actor: Actor): Promise<{ sentAt: string }> {
    const invitation = await liveInvitation(this.db, employerId, employmentId);
    if (!invitation) throw noInvitation();
    const tooSoon = (lastSent: string | Date) => {
      const waitMs = new Date(lastSent).getTime() + RESEND_WAIT_MS - Date.now();
      return HttpError.coded(429, 'console.resend_too_soon', 'The invitation was sent less than a minute ago. Please wait before sending it again.', {
        'Retry-After': retryAfterSeconds(waitMs),
      });
    };
    if (new Date(invitation.last_sent_at).getTime() + RESEND_WAIT_MS > Date.now()) throw tooSoon(invitation.last_sent_at);
    const channel: Channel = invitation.channel === 'sms' ? 'sms' : 'email';
    const token = randomToken();
    const { created_at: now, expires_at: expiresAt } = lifetime(INVITATION_TTL_MS);
    const renewed = await this.db.transaction().execute(async (trx) => {
      if (!(await renewInvitation(trx, invitation.id, sha256(token), nowIso(-RESEND_WAIT_MS), now, expiresAt))) return false;
      await insertEvent(trx, { employmentId, kind: 'invitation_resent', channel, actorUserId: actor.userId });
      await insertAuditEntry(trx, {
        employerId,
        actorUserId: actor.userId,
        action: 'resend',
        records: [invitation.external_id ?? employmentId],
        detail: `Sent the invitation again by ${channelWords(channel)}`,
        address: actor.address,
      });
      return true;
    });
    if (!renewed) {
      // Another request sent it meanwhile (or it was used or withdrawn).
      const now = await liveInvitation(this.db, employerId, employmentId);
      throw now ? tooSoon(now.last_sent_at) : noInvitation();
    }
    const name = invitation.employer_name;
    const message =
      channel === 'sms'
        ? invitation.mobile_phone && textInvitation(name, invitation.mobile_phone, actor.linkBase, token, employmentId)
        : invitation.contact_email && emailInvitation(name, invitation.contact_email, actor.linkBase, employmentId);
    if (message) await this.send([message]);
    return { sentAt: toIso(now) };
  }

  /** Withdraws the record's live invitation: its link stops working. */
  async revoke(employerId: string, employmentId: string, actor: Actor): Promise<{ revoked: true }> {
    const externalId = await externalIdOf(this.db, employmentId);
    const revoked = await this.db.transaction().execute(async (trx) => {
      const channel = await revokeInvitations(trx, employmentId);
      if (!channel) return false;
      await insertEvent(trx, { employmentId, kind: 'invitation_revoked', channel: channel === 'sms' ? 'sms' : 'email', actorUserId: actor.userId });
      await insertAuditEntry(trx, {
        employerId,
        actorUserId: actor.userId,
        action: 'revoke',
        records: [externalId],
        detail: 'Withdrew the invitation',
        address: actor.address,
      });
      return true;
    });
    if (!revoked) throw noInvitation();
    return { revoked: true };
  }

  /**
   * Unlocks a record locked by failed identity checks (the admin has checked who is asking), and
   * tells the employee they can try again: by e-mail (the record's contact e-mail, else the linked
   * account's address) and by text where the record has a mobile number.
   */
  async unlock(employerId: string, employmentId: string, actor: Actor, reason: string): Promise<{ unlocked: true }> {
    const name = (await employerName(this.db, employerId)) ?? '';
    const record = await this.db.transaction().execute(async (trx) => {
      const unlocked = await unlockRecord(trx, employerId, employmentId);
      if (!unlocked) return undefined;
      await insertEvent(trx, { employmentId, kind: 'unlocked', actorUserId: actor.userId, reason });
      await insertAuditEntry(trx, {
        employerId,
        actorUserId: actor.userId,
        action: 'unlock',
        records: [unlocked.external_id ?? unlocked.id],
        detail: `Unlocked after checking the employee's identity: ${reason}`,
        address: actor.address,
      });
      return unlocked;
    });
    if (!record) throw notLocked();
    const email = record.contact_email ?? (record.user_id ? await accountEmail(this.db, record.user_id) : undefined);
    const messages: Message[] = [];
    if (email) messages.push(unlockedMessage(name, 'email', email, actor.linkBase, employmentId));
    if (record.mobile_phone) messages.push(unlockedMessage(name, 'sms', record.mobile_phone, actor.linkBase, employmentId));
    await this.send(messages);
    return { unlocked: true };
  }
}
