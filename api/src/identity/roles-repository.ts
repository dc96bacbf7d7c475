// The roles an identity account holds, kept in the identity store: an employer admin runs the
// employer console of each employer it is an admin of (and must pass a second step to use it).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The role name the sign-in protocol carries (`roles` of /app/me/, as FusionAuth's userinfo does). */
export const EMPLOYER_ADMIN_ROLE = 'employer-admin';

/** The employers this account is an admin of, by id; empty for everyone else. */
export async function adminEmployerIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('employer_admins').select('employer_id').where('user_id', '=', userId).orderBy('employer_id').execute();
  return rows.map((row) => row.employer_id);
}

/** The roles of this account, for the sign-in protocol's user info. */
export async function rolesOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  return (await adminEmployerIds(db, userId)).length > 0 ? [EMPLOYER_ADMIN_ROLE] : [];
}
