// Row locks for "read, decide, write" inside one transaction. PostgreSQL locks the rows read with
// SELECT ... FOR UPDATE until commit. SQLite has no row locks and needs none here: Kysely's SQLite
// driver runs everything on its one connection behind a mutex, and a transaction holds that
// connection from BEGIN to COMMIT, so transactions never interleave.
import type { SelectQueryBuilder } from 'kysely';
import type { DialectName } from './connect';

export function forUpdate<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, dialect: DialectName): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? query.forUpdate() : query;
}
