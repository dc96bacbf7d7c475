// Version 11: a version number per employment's payslip list, kept by the database
// itself. Triggers on `payslips` raise it on every insert, update and delete, whoever writes (the
// employer API, the import command, the seed, a test, a hand-run SQL fix), so the API can keep the
// list's answer in memory and know from one number, read in the same query as the session and the
// employment's owner, whether that answer still holds (employments/payslip-list-cache.ts).
// An employment whose payslips never changed since this migration has no row: version 0.
// PostgreSQL raises each employment once per statement (transition tables), taking the rows'
// locks in employment order; SQLite, in-process, once per row.
import { sql } from 'kysely';
import type { PortalMigration } from './types';
import { migrationName } from './types';

const SQLITE = [
  `create trigger payslip_list_inserted after insert on payslips begin
     insert into payslip_list_versions (employment_id, version) values (new.employment_id, 1)
       on conflict (employment_id) do update set version = version + 1;
   end`,
  `create trigger payslip_list_updated after update on payslips begin
     insert into payslip_list_versions (employment_id, version) values (new.employment_id, 1)
       on conflict (employment_id) do update set version = version + 1;
     insert into payslip_list_versions (employment_id, version) select old.employment_id, 1 where old.employment_id <> new.employment_id
       on conflict (employment_id) do update set version = version + 1;
   end`,
  `create trigger payslip_list_deleted after delete on payslips begin
     insert into payslip_list_versions (employment_id, version) values (old.employment_id, 1)
       on conflict (employment_id) do update set version = version + 1;
   end`,
];

/** One function per transition table it reads: raises the version of every employment in `rows`. */
const bump = (name: string, rows: string) => `
  create function ${name}() returns trigger language plpgsql as $$
  begin
    insert into payslip_list_versions as v (employment_id, version)
      select employment_id, 1 from (select distinct employment_id from ${rows}) changed order by employment_id
      on conflict (employment_id) do update set version = v.version + 1;
    return null;
  end $$`;

const POSTGRES = [
  bump('payslip_list_bump_new', 'new_rows'),
  bump('payslip_list_bump_old', 'old_rows'),
  bump('payslip_list_bump_both', '(select employment_id from old_rows union select employment_id from new_rows) both_rows'),
  `create trigger payslip_list_inserted after insert on payslips referencing new table as new_rows
     for each statement execute function payslip_list_bump_new()`,
  `create trigger payslip_list_updated after update on payslips referencing old table as old_rows new table as new_rows
     for each statement execute function payslip_list_bump_both()`,
  `create trigger payslip_list_deleted after delete on payslips referencing old table as old_rows
     for each statement execute function payslip_list_bump_old()`,
];

export const payslipListVersions: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    await db.schema
      .createTable('payslip_list_versions')
      .addColumn('employment_id', 'text', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute();
    for (const statement of dialect === 'postgres' ? POSTGRES : SQLITE) await sql.raw(statement).execute(db);
  },
};
