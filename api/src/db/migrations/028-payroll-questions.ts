// Version 29: questions an employee asks their employer's payroll team about a line of a payslip.
// - The payslip's employer is copied onto the question so the employer's list reads one table.
// - The line is kept as the employee saw it (name and amount in pence), since a payslip may be replaced.
// - `asked_on` is the London date of asking: the daily limit counts by it.
// - `answer` is set once: the answering update is conditional on it being null, so one answer is stored
//   however many are sent at the same time.
import type { PortalMigration } from './types';
import { columnTypes, migrationName } from './types';

export const payrollQuestions: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('payroll_questions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('payslip_id', 'text', (c) => c.notNull().references('payslips.id').onDelete('cascade'))
      .addColumn('employer_id', 'text', (c) => c.notNull().references('employers.id'))
      .addColumn('pay_date', t.date, (c) => c.notNull())
      .addColumn('line_name', 'text', (c) => c.notNull())
      .addColumn('line_amount_pence', 'integer', (c) => c.notNull())
      .addColumn('question', 'text', (c) => c.notNull())
      .addColumn('asked_at', t.timestamp, (c) => c.notNull())
      .addColumn('asked_on', t.date, (c) => c.notNull())
      .addColumn('answer', 'text')
      /** Who answered: a console admin (identity_users.id) or 'api:<key id>'. */
      .addColumn('answered_by', 'text')
      .addColumn('answered_at', t.timestamp)
      .execute();
    await db.schema.createIndex('payroll_questions_by_asker').on('payroll_questions').columns(['user_id', 'asked_on']).execute();
    await db.schema.createIndex('payroll_questions_by_payslip').on('payroll_questions').column('payslip_id').execute();
    await db.schema.createIndex('payroll_questions_by_employer').on('payroll_questions').columns(['employer_id', 'answered_at']).execute();
  },
};
