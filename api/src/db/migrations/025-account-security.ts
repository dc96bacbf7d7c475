// Version 25: what a person sees of their own account's security in Settings.
// - sessions: the browser's User-Agent and address at sign-in, and when the session was last used
//   (written at most once a minute per session, auth/session-activity.ts).
// - sign_in_events: every sign-in attempt on a known account, kept 90 days (auth/sign-in-history.ts).
// - known_devices: the browsers an account has signed in from, by the keyed hash of a random id in a
//   long-lived cookie; a sign-in from any other browser e-mails the owner.
// - account_alerts: e-mails about a change to the account (password, sign-in address, phone,
//   second step, a new device), queued in the change's own transaction and sent after it commits
//   (identity/account-alerts.ts), so every path that changes a password sends one.
import type { PortalMigration } from './types';
import { columnTypes, migrationName } from './types';

export const accountSecurity: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('ip_address', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('last_used_at', t.timestamp).execute();

    await db.schema
      .createTable('sign_in_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('identity_users.id'))
      .addColumn('at', t.timestamp, (c) => c.notNull())
      .addColumn('result', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('second_step', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('ip_address', 'text')
      .execute();
    await db.schema.createIndex('sign_in_events_user_at').on('sign_in_events').columns(['user_id', 'at']).execute();
    await db.schema.createIndex('sign_in_events_at').on('sign_in_events').column('at').execute();

    await db.schema
      .createTable('known_devices')
      .addColumn('user_id', 'text', (c) => c.notNull().references('identity_users.id'))
      .addColumn('device_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('last_seen_at', t.timestamp, (c) => c.notNull())
      .addPrimaryKeyConstraint('known_devices_pk', ['user_id', 'device_hash'])
      .execute();

    await db.schema
      .createTable('account_alerts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('recipients', t.json, (c) => c.notNull())
      .addColumn('details', t.json, (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('sent_at', t.timestamp)
      .execute();
    await db.schema.createIndex('account_alerts_unsent').on('account_alerts').columns(['sent_at', 'created_at']).execute();
  },
};
