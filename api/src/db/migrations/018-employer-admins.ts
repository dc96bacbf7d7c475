// Version 18: employer admins, and sessions that passed a second step. An admin is an identity
// account holding the admin role of one employer (one row per employer it runs); an admin may also
// be an employee of that employer or another. A session records when it passed its second step
// (an authenticator-app code or a recovery code): the employer console's routes ask for it.
import type { PortalMigration } from './types';
import { columnTypes, migrationName } from './types';

export const employerAdmins: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('employer_admins')
      .addColumn('employer_id', 'text', (c) => c.notNull().references('employers.id'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('identity_users.id'))
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      /** The admin who invited this one; null for the first admin, made on the API's machine. */
      .addColumn('invited_by', 'text')
      .addPrimaryKeyConstraint('employer_admins_pk', ['employer_id', 'user_id'])
      .execute();
    await db.schema.createIndex('employer_admins_user').on('employer_admins').column('user_id').execute();
    await db.schema.alterTable('sessions').addColumn('second_step_at', t.timestamp).execute();
  },
};
