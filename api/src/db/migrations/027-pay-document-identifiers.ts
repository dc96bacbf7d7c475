// Version 28: what HMRC expects a payslip, P60 and P45 to name besides the figures.
// - employers.address: the employer's postal address, lines joined by newlines (null until given).
// - employers.paye_reference: the employer PAYE reference, office number and reference ('123/AB45678').
// - employments.payroll_number: the employer's payroll (works) number for the employee.
// - employments.student_loan_plan: 'plan1', 'plan2', 'plan4', 'plan5' or 'postgraduate' while the
//   employer deducts a loan; null when it does not.
import type { PortalMigration } from './types';
import { migrationName } from './types';

export const payDocumentIdentifiers: PortalMigration = {
  name: migrationName(__filename),
  async up(db) {
    await db.schema.alterTable('employers').addColumn('address', 'text').execute();
    await db.schema.alterTable('employers').addColumn('paye_reference', 'text').execute();
    await db.schema.alterTable('employments').addColumn('payroll_number', 'text').execute();
    await db.schema.alterTable('employments').addColumn('student_loan_plan', 'text').execute();
  },
};
