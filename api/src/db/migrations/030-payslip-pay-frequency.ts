// Version 31: how often a payslip's employee is paid, so its tax period reads as the payroll counts it
// ('Week 53', 'Fortnight 3', 'Four-week period 2', 'Month 7'). 'weekly', 'fortnightly', 'four-weekly'
// or 'monthly'; payslips published before it, and any sent without a frequency, are monthly.
import type { PortalMigration } from './types';
import { migrationName } from './types';

export const payslipPayFrequency: PortalMigration = {
  name: migrationName(__filename),
  async up(db) {
    await db.schema
      .alterTable('payslips')
      .addColumn('pay_frequency', 'text', (c) => c.notNull().defaultTo('monthly'))
      .execute();
  },
};
