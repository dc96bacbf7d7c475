// The employer and expiry of a live employee invitation, found by its token: unused, not withdrawn,
// unexpired, and for a record no one has linked yet.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso, toIso } from '../db/convert';
import { sha256 } from '../secrets';

export async function liveInvitation(db: Kysely<Database>, token: string): Promise<{ employerName: string; expiresAt: string } | null> {
  const row = await db
    .selectFrom('employee_invitations')
    .innerJoin('employments', 'employments.id', 'employee_invitations.employment_id')
    .innerJoin('employers', 'employers.id', 'employments.employer_id')
    .select(['employers.name', 'employee_invitations.expires_at'])
    .where('employee_invitations.token_hash', '=', sha256(token))
    .where('employee_invitations.used_at', 'is', null)
    .where('employee_invitations.revoked_at', 'is', null)
    .where('employee_invitations.expires_at', '>', nowIso())
    .where('employments.user_id', 'is', null)
    .executeTakeFirst();
  return row ? { employerName: row.name, expiresAt: toIso(row.expires_at) } : null;
}
