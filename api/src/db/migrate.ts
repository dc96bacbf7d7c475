// Runs the versioned migrations (Kysely's Migrator keeps the record in kysely_migration).
import { Migrator, sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Db } from './connect';
import { migrations } from './migrations';

export async function migrateToLatest({ db, dialect, pgSchema }: Db): Promise<string[]> {
  const records: Record<string, Migration> = {};
  for (const migration of migrations) {
    records[migration.name] = {
      up: (k: Kysely<unknown>) => migration.up(k, dialect),
      ...(migration.down ? { down: (k: Kysely<unknown>) => migration.down!(k, dialect) } : {}),
    };
  }
  const migrate = async (on: Kysely<unknown>) => {
    const migrator = new Migrator({ db: on, provider: { getMigrations: async () => records }, ...(pgSchema ? { migrationTableSchema: pgSchema } : {}) });
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  };
  if (dialect !== 'postgres') return migrate(db as Kysely<unknown>);
  // The API's connections carry a statement time limit (time-limits.ts). A migration rewriting a
  // large table, or waiting for another instance's migration lock, may take longer: on the one
  // connection they run on, the limit is lifted, then restored to the connection's own setting.
  return (db as Kysely<unknown>).connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      return await migrate(connection);
    } finally {
      await sql`reset statement_timeout`.execute(connection);
    }
  });
}
