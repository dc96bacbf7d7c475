// Admins of an employer: invited by e-mail with a one-time link (14 days, only its SHA-256 kept),
// by another admin from the console or on the API's machine (`employer-admin`); accepted by the
// signed-in account whose e-mail is the one invited.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { lifetime, toIso } from '../db/convert';
import { randomToken, sha256 } from '../secrets';
import { normaliseEmail } from '../identity/repository';
import type { MessageService } from '../messages/transport';
import { accountOf, employerName } from './access-repository';
import { addAdmin, adminsOf, insertAdminInvitation, liveAdminInvitation, liveAdminInvitations, spendAdminInvitation } from './admins-repository';
import { insertAuditEntry } from './audit-repository';
import { invitationInvalid, invitationOtherAccount } from './errors';
import { INVITATION_TTL_MS, adminInvitationMessage } from './messages';

/** A token as links carry it (randomToken: 32 bytes, base64url). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export const adminInvitationLink = (base: string, token: string) => `${base}/employer/accept?token=${token}`;

export class EmployerAdmins {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly messages: MessageService,
  ) {}

  async list(employerId: string) {
    const [admins, invitations] = await Promise.all([adminsOf(this.db, employerId), liveAdminInvitations(this.db, employerId)]);
    return {
      admins: admins.map((a) => ({ name: `${a.first_name} ${a.last_name}`.trim(), email: a.email, since: toIso(a.created_at) })),
      invitations: invitations.map((i) => ({ email: i.email, sentAt: toIso(i.created_at), expiresAt: toIso(i.expires_at) })),
    };
  }

  /**
   * Makes an invitation and e-mails its link; answers the link (the command prints it). `by`: the
   * admin inviting (recorded in the audit log with the request's address), or null on the API's machine.
   */
  async invite(employerId: string, email: string, linkBase: string, by: { userId: string; address: string } | null): Promise<string> {
    const to = normaliseEmail(email);
    const name = (await employerName(this.db, employerId)) ?? employerId;
    const inviter = by ? await accountOf(this.db, by.userId) : undefined;
    const token = randomToken();
    const { created_at: createdAt, expires_at: expiresAt } = lifetime(INVITATION_TTL_MS);
    await this.db.transaction().execute(async (trx) => {
      await insertAdminInvitation(trx, { tokenHash: sha256(token), employerId, email: to, invitedBy: by?.userId ?? null, createdAt, expiresAt });
      if (by) {
        await insertAuditEntry(trx, {
          employerId,
          actorUserId: by.userId,
          action: 'admin_invited',
          records: [],
          detail: `Invited ${to} to be an admin`,
          address: by.address,
        });
      }
    });
    const link = adminInvitationLink(linkBase, token);
    await this.messages.send(adminInvitationMessage(name, inviter ? `${inviter.first_name} ${inviter.last_name}` : null, to, link));
    return link;
  }

  /** The signed-in account accepts: it must be the one invited. Answers the employer it now runs. */
  async accept(token: string, userId: string): Promise<{ employer: { id: string; name: string } }> {
    if (!TOKEN_PATTERN.test(token)) throw invitationInvalid();
    const tokenHash = sha256(token);
    const invitation = await liveAdminInvitation(this.db, tokenHash);
    if (!invitation) throw invitationInvalid();
    const account = await accountOf(this.db, userId);
    if (!account || normaliseEmail(account.email) !== normaliseEmail(invitation.email)) throw invitationOtherAccount();
    const accepted = await this.db.transaction().execute(async (trx) => {
      if (!(await spendAdminInvitation(trx, tokenHash))) return false;
      await addAdmin(trx, invitation.employer_id, userId, invitation.invited_by);
      return true;
    });
    if (!accepted) throw invitationInvalid();
    return { employer: { id: invitation.employer_id, name: invitation.employer_name } };
  }
}
