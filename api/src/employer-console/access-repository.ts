// Who may use an employer's console: its admins, in a session that passed its second step.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type ConsoleAccess = { secondStep: boolean; employmentFound: boolean };

/**
 * In one query: the account is an admin of the employer, its session (live: checked before) passed
 * its second step, and the record named (if any) is the employer's. Undefined: not an admin of it
 * (or no such employer, or not this account's session).
 */
export async function consoleAccess(
  db: Kysely<Database>,
  employerId: string,
  userId: string,
  sessionId: string,
  employmentId: string | undefined,
): Promise<ConsoleAccess | undefined> {
  const row = await db
    .selectFrom('employer_admins')
    .innerJoin('sessions', 'sessions.user_id', 'employer_admins.user_id')
    .leftJoin('employments', (join) =>
      join
        .onRef('employments.employer_id', '=', 'employer_admins.employer_id')
        // No record named: the join finds nothing, and nothing is asked of it.
        .on('employments.id', '=', employmentId ?? ''),
    )
    .select(['sessions.second_step_at', 'employments.id as employment_id'])
    .where('employer_admins.employer_id', '=', employerId)
    .where('employer_admins.user_id', '=', userId)
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { secondStep: row.second_step_at !== null && row.second_step_at !== undefined, employmentFound: row.employment_id !== null };
}

/** The employers this account is an admin of, by name. */
export function employersOfAdmin(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('employer_admins')
    .innerJoin('employers', 'employers.id', 'employer_admins.employer_id')
    .select(['employers.id', 'employers.name'])
    .where('employer_admins.user_id', '=', userId)
    .orderBy('employers.name')
    .orderBy('employers.id')
    .execute();
}

/** Whether the session passed its second step. */
export async function sessionPassedSecondStep(db: Kysely<Database>, sessionId: string): Promise<boolean> {
  const row = await db.selectFrom('sessions').select('second_step_at').where('id', '=', sessionId).executeTakeFirst();
  return Boolean(row?.second_step_at);
}

export async function employerName(db: Kysely<Database>, employerId: string): Promise<string | undefined> {
  return (await db.selectFrom('employers').select('name').where('id', '=', employerId).executeTakeFirst())?.name;
}

/** An account's name and sign-in address. */
export function accountOf(db: Kysely<Database>, userId: string) {
  return db.selectFrom('identity_users').select(['id', 'email', 'first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
}
