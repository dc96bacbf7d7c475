// The user's employments as the front end sees them: `{ ID, name, active, endDate }`, active first.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { toBool } from '../db/convert';

export type EmploymentView = { ID: string; name: string; active: boolean; endDate: string | null };

export async function listEmployments(db: Kysely<Database>, userId: string): Promise<EmploymentView[]> {
  const rows = await db
    .selectFrom('employments')
    .innerJoin('employers', 'employers.id', 'employments.employer_id')
    .select(['employments.id', 'employers.name', 'employments.active', 'employments.end_date', 'employments.start_date'])
    .where('employments.user_id', '=', userId)
    .execute();
  return rows
    .map((r) => ({ ID: r.id, name: r.name, active: toBool(r.active), endDate: r.end_date, start: r.start_date }))
    .sort((a, b) => Number(b.active) - Number(a.active) || b.start.localeCompare(a.start))
    .map(({ start: _start, ...view }) => view);
}
