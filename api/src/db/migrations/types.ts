// Column types that differ between the two databases. Everything else is plain text / integer.
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
  name: string;
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
  down?(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
};
