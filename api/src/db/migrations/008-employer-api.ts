// Version 8: the employers' publishing API. Employers hold API keys (only a hash of
// the secret is kept); each employment and payslip an employer publishes carries the employer's
// own id for it, unique per employer, so a retried call finds what the first one stored instead
// of adding a second copy; a pay run is recorded once per employer-supplied id with a hash of its
// content, so a same-id retry with other content is told apart from a plain retry. Uploaded pay
// documents keep their PDF in pay_document_files.
import { sql } from 'kysely';
import type { PortalMigration } from './types';
import { columnTypes, migrationName } from './types';

export const employerApi: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    const t = columnTypes(dialect);
    const s = db.schema;

    await s
      .createTable('employer_api_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('employer_id', 'text', (c) => c.notNull().references('employers.id'))
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('revoked_at', t.timestamp)
      .execute();

    // Records made before this version (the demo seed's) answer to their own id.
    await s.alterTable('employments').addColumn('external_id', 'text').execute();
    await sql`update employments set external_id = id where external_id is null`.execute(db);
    await s.createIndex('employments_employer_external').unique().on('employments').columns(['employer_id', 'external_id']).execute();

    for (const [name, type] of [
      ['employer_id', 'text'],
      ['external_id', 'text'],
      ['pay_run_id', 'text'],
      ['content_hash', 'text'],
    ] as const) {
      await s.alterTable('payslips').addColumn(name, type).execute();
    }
    await s.createIndex('payslips_employer_external').unique().on('payslips').columns(['employer_id', 'external_id']).execute();

    // Pay documents (P60, P45, P11D, pension letters) an employer uploads as PDFs: its own id and a
    // hash of what was sent on the row, the file itself beside it.
    for (const name of ['employer_id', 'external_id', 'content_hash'] as const) {
      await s.alterTable('pay_documents').addColumn(name, 'text').execute();
    }
    await s.createIndex('pay_documents_employer_external').unique().on('pay_documents').columns(['employer_id', 'external_id']).execute();
    await s
      .createTable('pay_document_files')
      .addColumn('document_id', 'text', (c) => c.primaryKey().references('pay_documents.id'))
      .addColumn('content', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('size_bytes', 'integer', (c) => c.notNull())
      .execute();

    // Updates and intranet documents an employer publishes: its own id and a hash of what was sent.
    for (const table of ['updates', 'intranet_documents'] as const) {
      for (const name of ['external_id', 'content_hash'] as const) {
        await s.alterTable(table).addColumn(name, 'text').execute();
      }
      await s.createIndex(`${table}_employer_external`).unique().on(table).columns(['employer_id', 'external_id']).execute();
    }

    await s
      .createTable('employer_pay_runs')
      .addColumn('employer_id', 'text', (c) => c.notNull().references('employers.id'))
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('content_hash', 'text', (c) => c.notNull())
      .addColumn('payslip_count', 'integer', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addPrimaryKeyConstraint('employer_pay_runs_pk', ['employer_id', 'id'])
      .execute();
  },
};
