// Version 10 (009 is left to the account-safety work going on beside this): notifications that are
// sent. Each user's chosen channels; and a durable queue of notices, written in
// the same transaction as the payslip or P60 they announce and sent after the commit by the API's
// poller, so a crash loses none. One row per notice and channel, unique on both, so a retried
// publication queues nothing twice.
import type { PortalMigration } from './types';
import { columnTypes, migrationName } from './types';

export const notifications: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    const t = columnTypes(dialect);
    const s = db.schema;
    await s
      .createTable('notification_preferences')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
      .addColumn('email', t.bool, (c) => c.notNull())
      .addColumn('sms', t.bool, (c) => c.notNull())
      .addColumn('whatsapp', t.bool, (c) => c.notNull())
      .addColumn('updated_at', t.timestamp, (c) => c.notNull())
      .execute();
    await s
      .createTable('notification_queue')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // What the notice is about, e.g. 'payslip:ps_…' or 'document:doc_…'.
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      // A sender holds a row until then; past it, the row is another sender's to try.
      .addColumn('claimed_until', t.timestamp)
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sent_at', t.timestamp)
      .addColumn('last_error', 'text')
      .execute();
    await s.createIndex('notification_queue_source_channel').unique().on('notification_queue').columns(['source', 'channel']).execute();
    await s.createIndex('notification_queue_unsent').on('notification_queue').columns(['sent_at', 'created_at']).execute();
  },
};
