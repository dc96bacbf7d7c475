// Version 27: how long an employer keeps a leaver's pay records readable here, and the e-mailed codes
// that confirm closing an account.
// - employers.retention_years: an ended employment's payslips and documents stay readable to its
//   linked employee until its end date plus this many years (6 unless the employer says otherwise:
//   what the law on pay records asks of employers); after that the portal no longer serves them.
// - account_closing_codes: the 6-digit code e-mailed to an account without an authenticator app,
//   to confirm closing it. One live code per account (a new one replaces it), kept as a keyed hash,
//   10 minutes, spent once; `tries` counts the codes checked against it, at most 5.
import type { PortalMigration } from './types';
import { columnTypes, migrationName } from './types';

export const retentionAndAccountClosing: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .alterTable('employers')
      .addColumn('retention_years', 'integer', (c) => c.notNull().defaultTo(6))
      .execute();
    await db.schema
      .createTable('account_closing_codes')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('identity_users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('used_at', t.timestamp)
      .execute();
  },
};
