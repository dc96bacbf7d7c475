// Column types that differ between the two databases (everything else is plain text / integer), and
// the shape and name of a migration.
import path from 'node:path';
import type { ColumnDataType, Kysely } from 'kysely';
import type { DialectName } from '../connect';

export type ColumnTypes = { bool: ColumnDataType; timestamp: ColumnDataType; date: ColumnDataType; json: ColumnDataType };

export function columnTypes(dialect: DialectName): ColumnTypes {
  return dialect === 'postgres'
    ? { bool: 'boolean', timestamp: 'timestamptz', date: 'date', json: 'jsonb' }
    : { bool: 'integer', timestamp: 'text', date: 'text', json: 'text' };
}

/** A versioned migration; `dialect` lets it pick SQL where the two databases differ. */
export type PortalMigration = {
  /** What the database records once it ran: `migrationName` of its file. */
  name: string;
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
  down?(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
};

/** A migration file's name: its sequence number, then its purpose (`015-account-proofs.ts`). */
const MIGRATION_FILE = /^(\d{3})-([a-z0-9]+(?:-[a-z0-9]+)*)\.[cm]?[jt]s$/;

/**
 * The name a migration is recorded under, read from its own file's name, so the two cannot drift:
 * `015-account-proofs.ts` runs as `015_account_proofs`. Names sort as the sequence does, which is the
 * order the runner keeps.
 */
export function migrationName(file: string): string {
  const match = MIGRATION_FILE.exec(path.basename(file));
  if (!match) throw new Error(`A migration file is named NNN-purpose.ts (three digits, then words in kebab-case): ${file}`);
  return `${match[1]}_${match[2]!.replace(/-/g, '_')}`;
}
