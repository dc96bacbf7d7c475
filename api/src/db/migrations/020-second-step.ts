// Version 20: a second sign-in step any account can use (required of employer admins).
// - second_step_authenticators: one authenticator app per account. The TOTP secret is kept
//   encrypted (AES-256-GCM, auth/second-step-secrets.ts); `confirmed_at` is null until a code from
//   the app has been entered once; `last_used_step` is the newest 30-second step whose code was
//   accepted, so no code is accepted twice.
// - second_step_recovery_codes: ten single-use codes per account, kept as keyed hashes.
// - pending_second_steps: a sign-in between its right password and its second step (token kept
//   hashed, bound to the browser, ten minutes, single use). It keeps the password hash it checked:
//   the sign-in finishes only while that is still the account's password.
// - auth_codes.second_step_at: when the sign-in the code carries passed its second step; the
//   session made from the code records it (sessions.second_step_at, version 18).
import type { PortalMigration } from './types';
import { columnTypes, migrationName } from './types';

export const secondStep: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('second_step_authenticators')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('identity_users.id'))
      .addColumn('secret_encrypted', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('confirmed_at', t.timestamp)
      .addColumn('last_used_step', 'bigint')
      .execute();
    await db.schema
      .createTable('second_step_recovery_codes')
      .addColumn('user_id', 'text', (c) => c.notNull().references('identity_users.id'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('used_at', t.timestamp)
      .addPrimaryKeyConstraint('second_step_recovery_codes_pk', ['user_id', 'code_hash'])
      .execute();
    await db.schema
      .createTable('pending_second_steps')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('identity_users.id'))
      .addColumn('browser_hash', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('state', 'text')
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .addColumn('passed_at', t.timestamp)
      .addColumn('used_at', t.timestamp)
      .execute();
    await db.schema.createIndex('pending_second_steps_expires').on('pending_second_steps').column('expires_at').execute();
    await db.schema.alterTable('auth_codes').addColumn('second_step_at', t.timestamp).execute();
  },
};
