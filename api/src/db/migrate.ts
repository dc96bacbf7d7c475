// Runs the versioned migrations (Kysely's Migrator keeps the record in kysely_migration).
import { Migrator } from 'kysely';
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
  const migrator = new Migrator({ db, provider: { getMigrations: async () => records }, ...(pgSchema ? { migrationTableSchema: pgSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
