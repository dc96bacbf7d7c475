// The app's own user record (privacy policy, notification e-mail) and the user's employments as
// the front end lists them. All SQL on `users` lives here.
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database, DbBool } from '../db/schema';
import { nowIso, toBool } from '../db/convert';
import { prepared, SESSION_CHECKS_KEPT } from '../db/prepared';
import { batchKeys, positioned, storableKeysOnly, turnBatcher } from '../db/turn-batch';
import { retainedUntil, retentionHasEnded } from '../employments/retention';
import { isLanguage, type Language } from '../languages/language';

export type UserLanguage = Language;
export type AppUser = { id: string; email: string | null; privacyPolicyAccepted: boolean; language: UserLanguage | null };
export type AppUserPatch = { email?: string; privacyPolicyAccepted?: boolean; language?: UserLanguage };

const toLanguage = (value: string | null): UserLanguage | null => (isLanguage(value) ? value : null);

type AppUserRow = { id: string; email: string | null; privacy_policy_accepted: DbBool; language: string | null };
const toAppUser = (row: AppUserRow): AppUser => ({
  id: row.id,
  email: row.email,
  privacyPolicyAccepted: toBool(row.privacy_policy_accepted),
  language: toLanguage(row.language),
});
/** `retainedUntil`: on an ended employment, the last day its payslips and documents are served (employments/retention.ts). */
export type EmploymentView = { ID: string; name: string; active: boolean; endDate: string | null; retainedUntil?: string };

/**
 * Creates the app user record if it is missing. Called once per sign-in (where the session starts)
 * and at registration; migration 006 created it for every identity user that existed before.
 */
export async function ensureAppUser(db: Kysely<Database>, id: string, email: string | null): Promise<void> {
  await db
    .insertInto('users')
    .values({ id, email, privacy_policy_accepted: false, privacy_policy_accepted_at: null, created_at: nowIso() })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function findAppUser(db: Kysely<Database>, id: string): Promise<AppUser | undefined> {
  const row = await db.selectFrom('users').select(['id', 'email', 'privacy_policy_accepted', 'language']).where('id', '=', id).executeTakeFirst();
  return row && toAppUser(row);
}

/**
 * The app user `userId` while session `sessionId` is live, or undefined when either is missing: the
 * session check and the user's record in one query (routes flagged `sessionWithAppUser`, whose
 * onRequest hook asks it instead of the bare session check; auth/ownership.ts). Built once; on
 * PostgreSQL the checks of one event-loop turn go in one query (db/turn-batch.ts).
 */
export function appUserInLiveSessionFinder(db: Kysely<Database>, dialect: DialectName): (userId: string, sessionId: string) => Promise<AppUser | undefined> {
  const query = prepared(
    db,
    (q, userId: string, sessionId: string) =>
      q
        .selectFrom('users')
        .innerJoin('sessions', (join) => join.onTrue())
        .select(APP_USER_COLUMNS)
        .where('users.id', '=', userId)
        .where('sessions.id', '=', sessionId)
        .where('sessions.revoked_at', 'is', null),
    2,
    { kept: SESSION_CHECKS_KEPT }, // SQLite on a file: kept while the file is unchanged (db/sqlite-reader.ts)
  );
  type Row = Awaited<ReturnType<typeof query>>[number];
  const first: (key: UserInSessionKey) => Promise<Row | undefined> =
    dialect === 'postgres'
      ? storableKeysOnly(turnBatcher(appUserInLiveSessionBatch(db)))
      : async ({ userId, sessionId }) => (await query(userId, sessionId))[0];
  return async (userId, sessionId) => {
    const row = await first({ userId, sessionId });
    return row && toAppUser(row);
  };
}

const APP_USER_COLUMNS = ['users.id', 'users.email', 'users.privacy_policy_accepted', 'users.language'] as const;

type UserInSessionKey = { userId: string; sessionId: string };

/** PostgreSQL: for each key, its user while its session is live, matched by position (as ownedInLiveSessionBatch). */
function appUserInLiveSessionBatch(db: Kysely<Database>) {
  const query = prepared(
    db,
    (q, userIds: string[], sessionIds: string[]) =>
      q
        .with('keys(user_id, session_id, position)', () => batchKeys<{ user_id: string; session_id: string; position: string }>([userIds, sessionIds]))
        .selectFrom('keys')
        .innerJoin('users', 'users.id', 'keys.user_id')
        .innerJoin('sessions', 'sessions.id', 'keys.session_id')
        .select(APP_USER_COLUMNS)
        .select('keys.position')
        .where('sessions.revoked_at', 'is', null),
    2,
  );
  return async (keys: UserInSessionKey[]) => {
    const rows = await query(
      keys.map((k) => k.userId),
      keys.map((k) => k.sessionId),
    );
    return positioned(rows, keys.length);
  };
}

export async function updateAppUser(db: Kysely<Database>, id: string, patch: AppUserPatch): Promise<void> {
  const set: { email?: string; privacy_policy_accepted?: boolean; privacy_policy_accepted_at?: string | null; language?: string } = {};
  if (patch.email !== undefined) set.email = patch.email;
  if (patch.language !== undefined) set.language = patch.language;
  if (patch.privacyPolicyAccepted !== undefined) {
    set.privacy_policy_accepted = patch.privacyPolicyAccepted;
    set.privacy_policy_accepted_at = patch.privacyPolicyAccepted ? nowIso() : null;
  }
  await db.updateTable('users').set(set).where('id', '=', id).execute();
}

/**
 * The user's employments as the front end sees them: `{ ID, name, active, endDate, retainedUntil? }`,
 * active first. An ended one whose retention period is over is no longer served, so it is left out
 * (the picker and Home no longer offer it) unless `withRetentionEnded` (the person's copy of their data).
 */
export async function listEmployments(db: Kysely<Database>, userId: string, { withRetentionEnded = false } = {}): Promise<EmploymentView[]> {
  return employmentViews(await employmentsQuery(db, userId).execute(), withRetentionEnded);
}

/** listEmployments with its query built once (db/prepared.ts), for GET /api/users/authorised. */
export function employmentLister(db: Kysely<Database>): (userId: string) => Promise<EmploymentView[]> {
  const query = prepared(db, employmentsQuery, 1);
  return async (userId) => employmentViews(await query(userId));
}

function employmentsQuery(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('employments')
    .innerJoin('employers', 'employers.id', 'employments.employer_id')
    .select(['employments.id', 'employers.name', 'employments.active', 'employments.end_date', 'employments.start_date', 'employers.retention_years'])
    .where('employments.user_id', '=', userId);
}

type EmploymentRow = { id: string; name: string; active: DbBool; end_date: string | null; start_date: string; retention_years: number };

function employmentViews(rows: EmploymentRow[], withRetentionEnded = false): EmploymentView[] {
  return rows
    .map((r) => {
      const until = retainedUntil(r.end_date, r.retention_years);
      return { ID: r.id, name: r.name, active: toBool(r.active), endDate: r.end_date, ...(until ? { retainedUntil: until } : {}), start: r.start_date };
    })
    .filter((view) => withRetentionEnded || !retentionHasEnded(view.retainedUntil ?? null))
    .sort((a, b) => Number(b.active) - Number(a.active) || b.start.localeCompare(a.start))
    .map(({ start: _start, ...view }) => view);
}
