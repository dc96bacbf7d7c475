// Version 17: a notice that keeps failing is parked. Each failure schedules the next try further off
// (notifications/sender.ts); after the last allowed try the notice is parked with its reason
// (`failed_at`, `last_error`) and no sender takes it up again.
import type { PortalMigration } from './types';
import { columnTypes, migrationName } from './types';

export const noticeParking: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    await db.schema.alterTable('notification_queue').addColumn('failed_at', columnTypes(dialect).timestamp).execute();
  },
};
