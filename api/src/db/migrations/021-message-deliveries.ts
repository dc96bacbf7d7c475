// Version 21: what became of each message handed to a provider (GOV.UK Notify, Twilio, SMTP). One row
// per try: the provider's message id, its state as the provider last reported it and why, and what the
// message was about (an employment, a notice) so an admin screen can show a record's messages. The
// recipient is kept only as a keyed hash: the table never holds an address or number in clear.
// Notices also keep their employment, so a delivery can name it.
import type { PortalMigration } from './types';
import { columnTypes, migrationName } from './types';

export const messageDeliveries: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('message_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_message_id', 'text')
      .addColumn('recipient_hash', 'text', (c) => c.notNull())
      .addColumn('employment_id', 'text')
      .addColumn('notice_id', 'text')
      // queued | sent | delivered | failed_permanent | failed_temporary
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('updated_at', t.timestamp, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('message_deliveries_provider_id').unique().on('message_deliveries').columns(['provider', 'provider_message_id']).execute();
    await db.schema.createIndex('message_deliveries_employment').on('message_deliveries').columns(['employment_id', 'created_at']).execute();
    await db.schema.createIndex('message_deliveries_notice').on('message_deliveries').column('notice_id').execute();
    await db.schema.alterTable('notification_queue').addColumn('employment_id', 'text').execute();
  },
};
