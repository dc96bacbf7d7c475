// Version 24: passkeys (WebAuthn credentials) to sign in with, several per account.
// - passkeys: one row per credential. `credential_id` is the authenticator's id for it (base64url,
//   unique across accounts); `public_key` its COSE public key (base64url); `counter` the signature
//   counter last seen (0 for passkeys that do not count, such as synced ones); `transports` the
//   authenticator's hints (JSON array); `name` the owner's label for it.
// - passkey_challenges: the random challenge of each ceremony, kept hashed until it is answered,
//   for five minutes at most and spent once. A challenge is bound to what asked for it: the
//   signed-in session adding a passkey, or the browser signing in (its CSRF cookie's hash), and for
//   a second step, the account too.
import type { PortalMigration } from './types';
import { columnTypes, migrationName } from './types';

export const passkeys: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('passkeys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('identity_users.id').onDelete('cascade'))
      .addColumn('credential_id', 'text', (c) => c.notNull().unique())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'bigint', (c) => c.notNull())
      .addColumn('transports', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('last_used_at', t.timestamp)
      .execute();
    await db.schema.createIndex('passkeys_user').on('passkeys').columns(['user_id', 'created_at']).execute();
    await db.schema
      .createTable('passkey_challenges')
      .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
      // 'register' | 'sign-in' | 'second-step'
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('session_id', 'text')
      .addColumn('browser_hash', 'text')
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('passkey_challenges_expires').on('passkey_challenges').column('expires_at').execute();
  },
};
