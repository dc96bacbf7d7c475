// Version 6: the app user record is now created once, at sign-in, instead of on every request
// that might need it. Identity users who signed in before this version may have no app record:
// create it here, once, so their existing sessions keep working.
import { sql } from 'kysely';
import type { PortalMigration } from './types';
import { migrationName } from './types';

export const appUsers: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    const no = dialect === 'postgres' ? sql`false` : sql`0`;
    const now = dialect === 'postgres' ? sql`now()` : sql.lit(new Date().toISOString());
    await sql`
      INSERT INTO users (id, email, privacy_policy_accepted, privacy_policy_accepted_at, created_at)
      SELECT i.id, i.email, ${no}, NULL, ${now}
      FROM identity_users i
      WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = i.id)
    `.execute(db);
  },
};
