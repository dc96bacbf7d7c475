// Version 3: sessions that can be ended. One row per sign-in; its refresh tokens are one family
// (refresh_tokens.family_id = sessions.id) and its access and ID tokens carry its id as `sid`.
// Every API instance reads revoked_at, so signing out (or a password change, or a stolen refresh
// token coming back) ends the session everywhere at once. Sessions from before this version have
// no row: they are ended, and their users sign in again.
import type { PortalMigration } from './types';
import { columnTypes, migrationName } from './types';

export const sessions: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('identity_users.id'))
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .addColumn('revoked_at', t.timestamp)
      .execute();
    // A password change ends the user's other sessions.
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
  },
};
