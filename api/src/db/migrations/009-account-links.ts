// Version 9 (8 is kept free for the employer publishing API's migration): the links e-mailed for
// account safety: 'Forgot your password?' and the confirmation of a new sign-in email address.
// Each is stored as the SHA-256 of its token, works for 30 minutes, and once (used_at is set by the
// one UPDATE ... WHERE used_at IS NULL that wins).
import { columnTypes, migrationName } from './types';
import type { PortalMigration } from './types';

export const accountLinks: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('password_resets')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('identity_users.id').onDelete('cascade'))
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('state', 'text')
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .addColumn('used_at', t.timestamp)
      .execute();
    await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();
    await db.schema.createIndex('password_resets_expires').on('password_resets').column('expires_at').execute();

    // A new sign-in address waits here until its owner opens the link sent to it.
    await db.schema
      .createTable('email_changes')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('identity_users.id').onDelete('cascade'))
      .addColumn('new_email', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .addColumn('used_at', t.timestamp)
      .execute();
    await db.schema.createIndex('email_changes_user').on('email_changes').column('user_id').execute();
    await db.schema.createIndex('email_changes_expires').on('email_changes').column('expires_at').execute();
  },
};
