// Version 1: identity users, app users, employers' records, linking, pay data, sessions, outbox.
import { sql } from 'kysely';
import type { PortalMigration } from './types';
import { columnTypes, migrationName } from './types';

export const initial: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    const t = columnTypes(dialect);
    const s = db.schema;

    await s
      .createTable('identity_users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('middle_name', 'text')
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('mobile_phone', 'text')
      .addColumn('birth_date', t.date)
      .addColumn('ni_number', 'text')
      .addColumn('failed_sign_ins', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', t.timestamp)
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('updated_at', t.timestamp, (c) => c.notNull())
      .execute();

    await s
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text')
      .addColumn('privacy_policy_accepted', t.bool, (c) => c.notNull())
      .addColumn('privacy_policy_accepted_at', t.timestamp)
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .execute();

    await s
      .createTable('employers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .execute();

    await s
      .createTable('employments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('employer_id', 'text', (c) => c.notNull().references('employers.id'))
      .addColumn('user_id', 'text', (c) => c.references('users.id'))
      .addColumn('employee_name', 'text', (c) => c.notNull())
      .addColumn('contact_email', 'text')
      .addColumn('mobile_phone', 'text')
      .addColumn('invitation_token_hash', 'text', (c) => c.unique())
      .addColumn('ni_number', 'text', (c) => c.notNull())
      .addColumn('bank_last4', 'text', (c) => c.notNull())
      .addColumn('birth_date', t.date, (c) => c.notNull())
      .addColumn('tax_code', 'text', (c) => c.notNull())
      .addColumn('active', t.bool, (c) => c.notNull())
      .addColumn('start_date', t.date, (c) => c.notNull())
      .addColumn('end_date', t.date)
      .addColumn('failed_checks', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_at', t.timestamp)
      .addColumn('linked_at', t.timestamp)
      .execute();
    await s.createIndex('employments_user').on('employments').column('user_id').execute();
    await s.createIndex('employments_contact_email').on('employments').column('contact_email').execute();

    await s
      .createTable('linking_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('employment_id', 'text', (c) => c.notNull().references('employments.id'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .addColumn('used_at', t.timestamp)
      .addColumn('failed_tries', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await s.createIndex('linking_codes_user').on('linking_codes').columns(['user_id', 'created_at']).execute();

    for (const table of ['link_requests', 'link_failures'] as const) {
      let builder = s
        .createTable(table)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull());
      if (table === 'link_failures') builder = builder.addColumn('kind', 'text', (c) => c.notNull());
      await builder.execute();
      await s.createIndex(`${table}_user`).on(table).columns(['user_id', 'created_at']).execute();
    }

    await s
      .createTable('payslips')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('employment_id', 'text', (c) => c.notNull().references('employments.id'))
      .addColumn('pay_date', t.date, (c) => c.notNull())
      .addColumn('gross_pence', 'integer', (c) => c.notNull())
      .addColumn('total_deductions_pence', 'integer', (c) => c.notNull())
      .addColumn('net_pence', 'integer', (c) => c.notNull())
      .addColumn('deductions', t.json, (c) => c.notNull())
      .addColumn('other', t.json, (c) => c.notNull())
      .execute();
    await s.createIndex('payslips_employment').on('payslips').columns(['employment_id', 'pay_date']).execute();

    await s
      .createTable('pay_documents')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('employment_id', 'text', (c) => c.notNull().references('employments.id'))
      .addColumn('file_type', 'text', (c) => c.notNull())
      .addColumn('tax_year', 'text', (c) => c.notNull())
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('issued_on', t.date, (c) => c.notNull())
      .addColumn('details', t.json, (c) => c.notNull())
      .execute();
    await s.createIndex('pay_documents_employment').on('pay_documents').columns(['employment_id', 'issued_on']).execute();

    await s
      .createTable('intranet_documents')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('employer_id', 'text', (c) => c.notNull().references('employers.id'))
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('published_on', t.date, (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .execute();
    await s.createIndex('intranet_documents_employer').on('intranet_documents').columns(['employer_id', 'published_on']).execute();

    await s
      .createTable('updates')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('employer_id', 'text', (c) => c.notNull().references('employers.id'))
      .addColumn('header', 'text', (c) => c.notNull())
      .addColumn('from_text', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .execute();
    await s.createIndex('updates_employer').on('updates').columns(['employer_id', 'created_at']).execute();

    await s
      .createTable('refresh_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('family_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('identity_users.id'))
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('access_expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .addColumn('used_at', t.timestamp)
      .addColumn('revoked_at', t.timestamp)
      .execute();
    await s.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

    await s
      .createTable('auth_codes')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('identity_users.id'))
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .addColumn('used_at', t.timestamp)
      .execute();

    await s
      .createTable('outbox')
      .addColumn('seq', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .execute();

    // Case-insensitive e-mail look-ups use lower(); keep them indexed on PostgreSQL.
    if (dialect === 'postgres') {
      await sql`create index employments_contact_email_lower on employments (lower(contact_email))`.execute(db);
    }
  },
};
