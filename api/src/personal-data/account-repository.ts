// What closing an account tells the person before they confirm: the employers whose records they
// are linked to, and how long each keeps a leaver's pay records.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type LinkedEmployer = { employmentId: string; name: string; retentionYears: number; endDate: string | null };

/** The user's linked employments with their employer's name and retention period, by name. */
export async function linkedEmployers(db: Kysely<Database>, userId: string): Promise<LinkedEmployer[]> {
  const rows = await db
    .selectFrom('employments')
    .innerJoin('employers', 'employers.id', 'employments.employer_id')
    .select(['employments.id', 'employers.name', 'employers.retention_years', 'employments.end_date'])
    .where('employments.user_id', '=', userId)
    .orderBy('employers.name')
    .orderBy('employments.id')
    .execute();
  return rows.map((r) => ({ employmentId: r.id, name: r.name, retentionYears: r.retention_years, endDate: r.end_date }));
}

/** The app user record as stored (for the person's own copy of their data). */
export function appUserRow(db: Kysely<Database>, userId: string) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}
