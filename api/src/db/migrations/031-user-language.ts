// Version 32: the language a person chose for the portal ('en' or 'cy'), kept on their account so it
// follows them to every device they sign in on; null until they choose (the page's own choice stands).
import type { PortalMigration } from './types';
import { migrationName } from './types';

export const userLanguage: PortalMigration = {
  name: migrationName(__filename),
  async up(db) {
    await db.schema.alterTable('users').addColumn('language', 'text').execute();
  },
};
