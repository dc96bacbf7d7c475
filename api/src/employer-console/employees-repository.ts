// The employer's records as the console lists them: state derived in SQL (so the list filters,
// sorts and pages on the server), the live invitation of each, and a record's history.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/convert';
import { LINKING_RULES } from '../linking/rules';

export type LinkState = 'not_invited' | 'invited' | 'code_sent' | 'linked' | 'locked' | 'ended';
export const LINK_STATES: LinkState[] = ['not_invited', 'invited', 'code_sent', 'linked', 'locked', 'ended'];
export type SortKey = 'name' | 'externalId' | 'state' | 'startDate';

/** The record's state, first that holds: ended, linked, locked, code_sent, invited, not_invited. */
function stateOf(now: string) {
  return sql<LinkState>`(case
    when not employments.active then 'ended'
    when employments.user_id is not null then 'linked'
    when employments.locked_at is not null then 'locked'
    when exists (select 1 from linking_codes where linking_codes.employment_id = employments.id and linking_codes.used_at is null
      and linking_codes.expires_at > ${now} and linking_codes.failed_tries < ${LINKING_RULES.maxTriesPerCode}) then 'code_sent'
    when exists (select 1 from employee_invitations where employee_invitations.employment_id = employments.id and employee_invitations.used_at is null
      and employee_invitations.revoked_at is null and employee_invitations.expires_at > ${now}) then 'invited'
    else 'not_invited' end)`;
}

/** The states in the order the list sorts them (the contract's order). */
function stateRank(now: string) {
  return sql<number>`(case ${stateOf(now)} ${sql.join(
    LINK_STATES.map((state, i) => sql`when ${sql.lit(state)} then ${sql.lit(i)}`),
    sql` `,
  )} end)`;
}

const ROW_COLUMNS = [
  'employments.id',
  'employments.external_id',
  'employments.employee_name',
  'employments.contact_email',
  'employments.mobile_phone',
  'employments.start_date',
  'employments.end_date',
  'employments.failed_checks',
] as const;

export type EmployeeQuery = { q?: string; state?: LinkState; sort: SortKey; order: 'asc' | 'desc'; page: number; pageSize: number };

function filtered(db: Kysely<Database>, employerId: string, query: EmployeeQuery, now: string) {
  let base = db.selectFrom('employments').where('employments.employer_id', '=', employerId);
  const q = query.q?.trim().toLowerCase();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
    const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    base = base.where(sql<boolean>`(${like('employments.employee_name')} or ${like('employments.external_id')} or ${like('employments.contact_email')})`);
  }
  if (query.state) base = base.where(sql<boolean>`${stateOf(now)} = ${query.state}`);
  return base;
}

/** A page of the employer's records matching the query, and how many match in all. */
export async function employeePage(db: Kysely<Database>, employerId: string, query: EmployeeQuery) {
  const now = nowIso();
  const counted = await filtered(db, employerId, query, now)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const sortBy = {
    name: sql`employments.employee_name`,
    externalId: sql`employments.external_id`,
    state: stateRank(now),
    startDate: sql`employments.start_date`,
  }[query.sort];
  const direction = sql.raw(query.order === 'desc' ? 'desc' : 'asc');
  const rows = await filtered(db, employerId, query, now)
    .select([...ROW_COLUMNS, stateOf(now).as('state')])
    .orderBy(sql`${sortBy} ${direction}`)
    .orderBy(sql`employments.employee_name ${direction}`)
    .orderBy('employments.id', query.order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return { rows, total: Number(counted.n) };
}

/** One of the employer's records, as a list row. */
export function employeeRow(db: Kysely<Database>, employerId: string, employmentId: string) {
  return db
    .selectFrom('employments')
    .select([...ROW_COLUMNS, stateOf(nowIso()).as('state')])
    .where('employments.employer_id', '=', employerId)
    .where('employments.id', '=', employmentId)
    .executeTakeFirst();
}

export type EmployeeRowData = NonNullable<Awaited<ReturnType<typeof employeeRow>>>;

/** The live invitations of these records (unused, not revoked, unexpired), newest first. */
export async function liveInvitationsOf(db: Kysely<Database>, employmentIds: string[]) {
  if (employmentIds.length === 0) return [];
  return db
    .selectFrom('employee_invitations')
    .select(['employment_id', 'channel', 'last_sent_at', 'expires_at'])
    .where('employment_id', 'in', employmentIds)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .orderBy('created_at', 'desc')
    .execute();
}

/** The record's history, newest first, with the account that acted (events of one moment: the later kind first). */
export function historyOf(db: Kysely<Database>, employmentId: string) {
  return db
    .selectFrom('employment_events')
    .leftJoin('identity_users', 'identity_users.id', 'employment_events.actor_user_id')
    .select([
      'employment_events.created_at',
      'employment_events.kind',
      'employment_events.channel',
      'employment_events.reason',
      'identity_users.first_name',
      'identity_users.last_name',
      'identity_users.email',
    ])
    .where('employment_events.employment_id', '=', employmentId)
    .orderBy('employment_events.created_at', 'desc')
    .orderBy(sql`case employment_events.kind when 'locked' then 1 when 'linked' then 1 else 0 end`, 'desc')
    .orderBy('employment_events.id', 'desc')
    .execute();
}
