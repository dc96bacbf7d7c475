// Version 16: an absolute end to every session. `expires_at` moves on with each refresh (the idle
// limit); `ends_at` is fixed at sign-in, and no refresh carries a session past it. Sessions signed
// in before this version end 30 days after their sign-in, as new ones do.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';
import type { PortalMigration } from './types';
import { columnTypes, migrationName } from './types';

/** Gives the sessions without an end one 30 days after their sign-in. */
export async function endOlderSessions(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // Stored as ISO text on SQLite (db/convert.ts nowIso), as timestamptz on PostgreSQL.
  const thirtyDaysOn = dialect === 'postgres' ? sql`created_at + interval '30 days'` : sql`strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+30 days')`;
  await sql`update sessions set ends_at = ${thirtyDaysOn} where ends_at is null`.execute(db);
}

export const sessionAbsoluteEnd: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    await db.schema.alterTable('sessions').addColumn('ends_at', columnTypes(dialect).timestamp).execute();
    await endOlderSessions(db, dialect);
  },
};
