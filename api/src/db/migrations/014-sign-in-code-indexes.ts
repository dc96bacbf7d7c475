// Version 14: sign-in codes found by user and by expiry. A password reset or change spends the
// user's unused codes (auth/tokens.ts `spendAuthCodesOf`), and each new code drops the expired ones:
// without these indexes both scanned every code ever made.
import type { PortalMigration } from './types';
import { migrationName } from './types';

export const signInCodeIndexes: PortalMigration = {
  name: migrationName(__filename),
  async up(db) {
    await db.schema.createIndex('auth_codes_user').on('auth_codes').column('user_id').execute();
    await db.schema.createIndex('auth_codes_expires').on('auth_codes').column('expires_at').execute();
  },
};
