// Runs the versioned migrations. Kysely's Migrator keeps the record in kysely_migration, one row per
// migration run, under the migration's name: its file's sequence number and purpose
// (migrations/types.ts `migrationName`).
import { Migrator, sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Db, DialectName } from './connect';
import { migrations } from './migrations';
import type { PortalMigration } from './migrations/types';

/** The table Kysely's Migrator records run migrations in. */
export const MIGRATION_TABLE = 'kysely_migration';

type MigrationRecords = { [MIGRATION_TABLE]: { name: string; timestamp: string } };

/**
 * A name recorded by earlier releases: a date, then the sequence number and purpose of today's name
 * (`2026_12_14_015_account_proofs` for `015_account_proofs`).
 */
const DATED_NAME = /^\d{4}_\d{2}_\d{2}_(\d{3}_[a-z0-9_]+)$/;

/** The name a recorded migration goes by now, or null when the record is not one of `known` under a dated name. */
export function undatedName(recorded: string, known: ReadonlySet<string>): string | null {
  const match = DATED_NAME.exec(recorded);
  return match && known.has(match[1]!) ? match[1]! : null;
}

export function migrateToLatest(database: Db): Promise<string[]> {
  return runMigrations(database, migrations);
}

/**
 * Runs the migrations of `list` that the database has not run, in the order of their names, and
 * answers their names. Kysely refuses (and runs nothing) when the database recorded a migration
 * `list` lacks, or when a migration not yet run sorts before one already run
 * (`allowUnorderedMigrations: false`): a migration is always written after those already shipped.
 */
export async function runMigrations({ db, dialect, pgSchema }: Db, list: readonly PortalMigration[]): Promise<string[]> {
  const records: Record<string, Migration> = {};
  for (const migration of list) {
    records[migration.name] = {
      up: (k: Kysely<unknown>) => migration.up(k, dialect),
      ...(migration.down ? { down: (k: Kysely<unknown>) => migration.down!(k, dialect) } : {}),
    };
  }
  const known = new Set(Object.keys(records));
  const migrate = async (on: Kysely<unknown>) => {
    await undateRecordedNames(on, dialect, pgSchema, known);
    const migrator = new Migrator({
      db: on,
      provider: { getMigrations: async () => records },
      allowUnorderedMigrations: false,
      ...(pgSchema ? { migrationTableSchema: pgSchema } : {}),
    });
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

/**
 * Renames the records a database keeps under dated names to the names of today, in one transaction,
 * so a database migrated by an earlier release runs none of them again. Answers how many it renamed.
 * Safe when two instances start at once: the second finds nothing left to rename.
 */
export async function undateRecordedNames(
  on: Kysely<unknown>,
  dialect: DialectName,
  pgSchema: string | undefined,
  known: ReadonlySet<string>,
): Promise<number> {
  if (!(await recordTableExists(on, dialect, pgSchema))) return 0;
  return (on as Kysely<MigrationRecords>).transaction().execute(async (trx) => {
    const table = pgSchema ? trx.withSchema(pgSchema) : trx;
    const recorded = await table.selectFrom(MIGRATION_TABLE).select('name').orderBy('name').execute();
    let renamed = 0;
    for (const { name } of recorded) {
      const undated = undatedName(name, known);
      if (undated === null) continue;
      await table.updateTable(MIGRATION_TABLE).set({ name: undated }).where('name', '=', name).execute();
      renamed += 1;
    }
    return renamed;
  });
}

/** Whether the migration record exists yet (a new database has none), where the Migrator looks for it. */
async function recordTableExists(on: Kysely<unknown>, dialect: DialectName, pgSchema: string | undefined): Promise<boolean> {
  if (dialect === 'postgres') {
    // pgSchema is a checked identifier (connect.ts); without one the search path decides, as it does for Kysely.
    const table = pgSchema ? `${pgSchema}.${MIGRATION_TABLE}` : MIGRATION_TABLE;
    const { rows } = await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(on);
    return rows[0]?.found != null;
  }
  const { rows } = await sql`select name from sqlite_master where type = 'table' and name = ${MIGRATION_TABLE}`.execute(on);
  return rows.length > 0;
}
