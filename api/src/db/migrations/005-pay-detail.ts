// Version 5: what a payslip needs to explain itself: the tax code and NI category it was
// worked out with, the tax month, the earnings lines behind gross pay, taxable pay and the
// year-to-date figures; and a P60's own figures, so the portal can check a year against it. Every
// column may be empty: payslips published before this version keep working and show less.
import type { PortalMigration } from './types';
import { columnTypes, migrationName } from './types';

export const payDetail: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    const t = columnTypes(dialect);
    // One column per statement: SQLite adds only one at a time.
    for (const [name, type] of [
      ['tax_code', 'text'],
      ['ni_category', 'text'],
      ['tax_period', 'integer'],
      ['earnings', t.json],
      ['taxable_pence', 'integer'],
      ['year_to_date', t.json],
    ] as const) {
      await db.schema.alterTable('payslips').addColumn(name, type).execute();
    }
    await db.schema.alterTable('pay_documents').addColumn('figures', t.json).execute();
  },
};
