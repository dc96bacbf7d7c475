// An employer's admins and the invitations to become one (admins.ts decides).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/convert';

export function adminsOf(db: Kysely<Database>, employerId: string) {
  return db
    .selectFrom('employer_admins')
    .innerJoin('identity_users', 'identity_users.id', 'employer_admins.user_id')
    .select(['identity_users.first_name', 'identity_users.last_name', 'identity_users.email', 'employer_admins.created_at'])
    .where('employer_admins.employer_id', '=', employerId)
    .orderBy('employer_admins.created_at')
    .orderBy('identity_users.email')
    .execute();
}

/** The employer's invitations not yet accepted and still live, newest first. */
export function liveAdminInvitations(db: Kysely<Database>, employerId: string) {
  const now = nowIso();
  return db
    .selectFrom('admin_invitations')
    .select(['email', 'created_at', 'expires_at'])
    .where('employer_id', '=', employerId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function insertAdminInvitation(
  db: Kysely<Database>,
  row: { tokenHash: string; employerId: string; email: string; invitedBy: string | null; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('admin_invitations')
    .values({
      token_hash: row.tokenHash,
      employer_id: row.employerId,
      email: row.email,
      invited_by: row.invitedBy,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
      used_at: null,
      revoked_at: null,
    })
    .execute();
}

/** A live invitation by its token's hash, with its employer's name. */
export function liveAdminInvitation(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('admin_invitations')
    .innerJoin('employers', 'employers.id', 'admin_invitations.employer_id')
    .select(['admin_invitations.employer_id', 'admin_invitations.email', 'admin_invitations.invited_by', 'employers.name as employer_name'])
    .where('admin_invitations.token_hash', '=', tokenHash)
    .where('admin_invitations.used_at', 'is', null)
    .where('admin_invitations.revoked_at', 'is', null)
    .where('admin_invitations.expires_at', '>', nowIso())
    .executeTakeFirst();
}

/** Spends the invitation if still live (one UPDATE: of two racing, one wins); false when it was not. */
export async function spendAdminInvitation(db: Kysely<Database>, tokenHash: string): Promise<boolean> {
  const now = nowIso();
  const spent = await db
    .updateTable('admin_invitations')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

/** Makes the account an admin of the employer (nothing when it is one already). */
export async function addAdmin(db: Kysely<Database>, employerId: string, userId: string, invitedBy: string | null): Promise<void> {
  await db
    .insertInto('employer_admins')
    .values({ employer_id: employerId, user_id: userId, created_at: nowIso(), invited_by: invitedBy })
    .onConflict((oc) => oc.columns(['employer_id', 'user_id']).doNothing())
    .execute();
}
