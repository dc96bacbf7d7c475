// Version 2: the limits that must hold under parallel requests. Sign-in and registration counters
// (one row per key, taken atomically), registrations waiting for their e-mail to be confirmed, and
// the per-user sign-in lock of version 1 removed (anyone could lock an account with it).
import type { PortalMigration } from './types';
import { columnTypes, migrationName } from './types';

export const limits: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    const t = columnTypes(dialect);
    const s = db.schema;

    // key: what is counted ('sign-in:account:<hash>', 'sign-in:address:<ip>', ...); the window ends
    // at window_ends_ms (epoch milliseconds, the same integer on both databases).
    await s
      .createTable('throttle_counters')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('window_ends_ms', 'bigint', (c) => c.notNull())
      .execute();
    await s.createIndex('throttle_counters_window').on('throttle_counters').column('window_ends_ms').execute();

    await s
      .createTable('pending_registrations')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('middle_name', 'text')
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('mobile_phone', 'text')
      .addColumn('birth_date', t.date)
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('state', 'text')
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .addColumn('used_at', t.timestamp)
      .execute();
    await s.createIndex('pending_registrations_expires').on('pending_registrations').column('expires_at').execute();

    await s.alterTable('identity_users').dropColumn('failed_sign_ins').execute();
    await s.alterTable('identity_users').dropColumn('locked_until').execute();
  },
};
