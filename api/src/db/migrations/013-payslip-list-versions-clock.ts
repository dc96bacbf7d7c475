// Version 13: a payslip list's version never repeats, even when the database is put back to an
// earlier state (a restore, a reset and re-seed) while an API keeps the answers it made. The version
// was a counter, so a restored database counted the same numbers again and an answer kept in the lost
// timeline (employments/payslip-list-cache.ts, files/pdf/payslip-pdf-keys.ts) matched a different list.
// Now each change sets it to max(version + 1, the database clock in microseconds): it still only
// rises, and after a restore the first change lands past every number given out before it (as long
// as the database's clock does not go back). A bigint on PostgreSQL; SQLite's integers are 64-bit.
import { sql } from 'kysely';
import type { PortalMigration } from './types';
import { migrationName } from './types';

const SQLITE_CLOCK = `cast(unixepoch('subsec') * 1000000 as integer)`;
const sqliteBump = (id: string) =>
  `insert into payslip_list_versions (employment_id, version) values (${id}, ${SQLITE_CLOCK})
     on conflict (employment_id) do update set version = max(version + 1, excluded.version);`;

const SQLITE = [
  'drop trigger payslip_list_inserted',
  'drop trigger payslip_list_updated',
  'drop trigger payslip_list_deleted',
  `create trigger payslip_list_inserted after insert on payslips begin ${sqliteBump('new.employment_id')} end`,
  `create trigger payslip_list_updated after update on payslips begin
     ${sqliteBump('new.employment_id')}
     insert into payslip_list_versions (employment_id, version) select old.employment_id, ${SQLITE_CLOCK} where old.employment_id <> new.employment_id
       on conflict (employment_id) do update set version = max(version + 1, excluded.version);
   end`,
  `create trigger payslip_list_deleted after delete on payslips begin ${sqliteBump('old.employment_id')} end`,
];

const PG_CLOCK = sql.raw('(extract(epoch from clock_timestamp()) * 1000000)::bigint');

/** Migration 012's functions (byte-order locks, pinned search_path) with the clock. */
const BUMPS = [
  ['payslip_list_bump_new', 'new_rows'],
  ['payslip_list_bump_old', 'old_rows'],
  ['payslip_list_bump_both', '(select employment_id from old_rows union select employment_id from new_rows) both_rows'],
] as const;

export const payslipListVersionsClock: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    if (dialect !== 'postgres') {
      for (const statement of SQLITE) await sql.raw(statement).execute(db);
      return;
    }
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const schema = rows[0]!.schema;
    const pinned = sql`set search_path = ${sql.id(schema)}, pg_temp`;
    await sql`alter table ${sql.id(schema, 'payslip_list_versions')} alter column version type bigint`.execute(db);
    for (const [name, changed] of BUMPS)
      await sql`
        create or replace function ${sql.id(schema, name)}() returns trigger language plpgsql ${pinned} as $$
        begin
          insert into payslip_list_versions as v (employment_id, version)
            select employment_id, ${PG_CLOCK} from (select distinct employment_id from ${sql.raw(changed)}) changed order by employment_id collate "C"
            on conflict (employment_id) do update set version = greatest(v.version + 1, excluded.version);
          return null;
        end $$`.execute(db);
    await sql`
      create or replace function ${sql.id(schema, 'payslip_list_bump_all')}() returns trigger language plpgsql ${pinned} as $$
      begin
        update payslip_list_versions as v set version = greatest(v.version + 1, ${PG_CLOCK})
          from (select employment_id from payslip_list_versions order by employment_id collate "C" for update) locked
          where v.employment_id = locked.employment_id;
        insert into payslip_list_versions (employment_id, version)
          select id, ${PG_CLOCK} from employments order by id collate "C"
          on conflict (employment_id) do nothing;
        return null;
      end $$`.execute(db);
  },
};
