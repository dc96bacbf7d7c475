// Version 22: employer API keys made and revoked in the employer console, and what each record's
// messages were.
// - employer_api_keys: the key's optional name, the admin who made it (null: made by the
//   `employer-key` command), and when a call last used it (moved at most once a minute).
// - message_deliveries.kind: what a message about an employment was (invitation, code, unlocked,
//   notice), for the console's list of a record's messages; null for any other message.
import type { PortalMigration } from './types';
import { columnTypes, migrationName } from './types';

export const consoleKeys: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema.alterTable('employer_api_keys').addColumn('name', 'text').execute();
    await db.schema.alterTable('employer_api_keys').addColumn('created_by', 'text').execute();
    await db.schema.alterTable('employer_api_keys').addColumn('last_used_at', t.timestamp).execute();
    await db.schema.createIndex('employer_api_keys_employer').on('employer_api_keys').columns(['employer_id', 'created_at']).execute();
    await db.schema.alterTable('message_deliveries').addColumn('kind', 'text').execute();
  },
};
