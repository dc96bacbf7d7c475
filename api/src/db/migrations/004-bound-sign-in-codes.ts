// Version 4: a sign-in code is bound to the browser that signed in (a keyed hash of its CSRF
// cookie), so a callback link made in one browser cannot sign another one in (login CSRF by link).
import type { PortalMigration } from './types';
import { migrationName } from './types';

export const boundSignInCodes: PortalMigration = {
  name: migrationName(__filename),
  async up(db) {
    // Codes live 60 seconds: unbound ones from before this version are simply refused.
    await db.schema.alterTable('auth_codes').addColumn('browser_hash', 'text').execute();
  },
};
