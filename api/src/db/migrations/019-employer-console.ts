// Version 19: the employer console. Invitations to employees (a random token, only its SHA-256
// kept, 14 days, single use: spent when the record links), each record's history of invitations
// and linking (append-only), the employers' audit log (append-only: triggers refuse UPDATE and
// DELETE on both databases), and invitations to become an employer's admin. The invitation tokens
// kept on employments until now move into employee_invitations (14 days from now); the old column
// stays, read by nothing.
import { sql } from 'kysely';
import type { PortalMigration } from './types';
import { columnTypes, migrationName } from './types';

const FOURTEEN_DAYS_MS = 14 * 24 * 3600_000;
const APPEND_ONLY = ['audit_log', 'employment_events'] as const;

const sqliteTriggers = (table: string) => [
  `create trigger ${table}_no_update before update on ${table} begin select raise(abort, '${table} is append-only'); end`,
  `create trigger ${table}_no_delete before delete on ${table} begin select raise(abort, '${table} is append-only'); end`,
];

const postgresTriggers = (table: string) => [
  `create function ${table}_refuse() returns trigger language plpgsql as $$
   begin
     raise exception '% is append-only', tg_table_name using errcode = 'P0001';
   end $$`,
  `create trigger ${table}_no_change before update or delete on ${table} for each row execute function ${table}_refuse()`,
  `create trigger ${table}_no_truncate before truncate on ${table} for each statement execute function ${table}_refuse()`,
];

export const employerConsole: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    const t = columnTypes(dialect);
    const s = db.schema;

    await s
      .createTable('employee_invitations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('employment_id', 'text', (c) => c.notNull().references('employments.id'))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      /** The admin who invited; null for invitations made before the console (and the demo's). */
      .addColumn('created_by', 'text')
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('last_sent_at', t.timestamp, (c) => c.notNull())
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .addColumn('used_at', t.timestamp)
      .addColumn('revoked_at', t.timestamp)
      .execute();
    await s.createIndex('employee_invitations_employment').on('employee_invitations').columns(['employment_id', 'created_at']).execute();

    await s
      .createTable('employment_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('employment_id', 'text', (c) => c.notNull().references('employments.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('channel', 'text')
      .addColumn('actor_user_id', 'text')
      .addColumn('reason', 'text')
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .execute();
    await s.createIndex('employment_events_employment').on('employment_events').columns(['employment_id', 'created_at']).execute();

    await s
      .createTable('audit_log')
      .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('employer_id', 'text', (c) => c.notNull().references('employers.id'))
      .addColumn('actor_user_id', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('records', t.json, (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .execute();
    await s.createIndex('audit_log_employer').on('audit_log').columns(['employer_id', 'id']).execute();

    await s
      .createTable('admin_invitations')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('employer_id', 'text', (c) => c.notNull().references('employers.id'))
      .addColumn('email', 'text', (c) => c.notNull())
      /** The admin who invited; null when made on the API's machine (`employer-admin`). */
      .addColumn('invited_by', 'text')
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .addColumn('used_at', t.timestamp)
      .addColumn('revoked_at', t.timestamp)
      .execute();
    await s.createIndex('admin_invitations_employer').on('admin_invitations').columns(['employer_id', 'expires_at']).execute();

    // The employees list filters by employer and sorts by name, start date (external id has its unique index).
    await s.createIndex('employments_employer_name').on('employments').columns(['employer_id', 'employee_name']).execute();
    await s.createIndex('employments_employer_start').on('employments').columns(['employer_id', 'start_date']).execute();
    // Whether a record has a live linking code (its state "code_sent").
    await s.createIndex('linking_codes_employment').on('linking_codes').columns(['employment_id', 'used_at']).execute();

    const now = Date.now();
    const created = new Date(now).toISOString();
    const expires = new Date(now + FOURTEEN_DAYS_MS).toISOString();
    await sql`insert into employee_invitations (id, employment_id, channel, token_hash, created_by, created_at, last_sent_at, expires_at, used_at, revoked_at)
      select 'inv_' || id, id, 'sms', invitation_token_hash, null, cast(${created} as ${sql.raw(String(t.timestamp))}),
        cast(${created} as ${sql.raw(String(t.timestamp))}), cast(${expires} as ${sql.raw(String(t.timestamp))}), null, null
      from employments where invitation_token_hash is not null and user_id is null`.execute(db);

    for (const table of APPEND_ONLY) {
      for (const statement of dialect === 'postgres' ? postgresTriggers(table) : sqliteTriggers(table)) await sql.raw(statement).execute(db);
    }
  },
};
