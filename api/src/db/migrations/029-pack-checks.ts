// Version 30: a lender checks a proof-of-income pack without signing in.
// - `issued_packs`: one row per pack made. The verification code printed on every page is kept only as
//   its SHA-256 (80 random bits need no key), beside the SHA-256 of the exact PDF bytes handed out, whose
//   pack it is (user and employment, so closing the account deletes it) and what it covers. Nothing a
//   lender sees but the date it was made.
// - `pack_checks`: every check answered: when, whether the code was found, the result, and the client
//   address as a keyed hash (never the address itself). No link to the pack, so nothing of it outlives
//   an account that is closed.
import type { PortalMigration } from './types';
import { columnTypes, migrationName } from './types';

export const packChecks: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('issued_packs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('code_hash', 'text', (c) => c.notNull().unique())
      .addColumn('pdf_sha256', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('employment_id', 'text', (c) => c.notNull())
      /** The first and last pay dates of the pack's payslips (null with none), and its P60's tax year. */
      .addColumn('first_pay_date', t.date)
      .addColumn('last_pay_date', t.date)
      .addColumn('p60_tax_year', 'text')
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('issued_packs_by_user').on('issued_packs').columns(['user_id', 'created_at']).execute();
    await db.schema
      .createTable('pack_checks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('checked_at', t.timestamp, (c) => c.notNull())
      .addColumn('code_found', t.bool, (c) => c.notNull())
      /** 'genuine', 'changed' or 'unknown'. */
      .addColumn('result', 'text', (c) => c.notNull())
      .addColumn('client_hash', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('pack_checks_by_time').on('pack_checks').column('checked_at').execute();
  },
};
