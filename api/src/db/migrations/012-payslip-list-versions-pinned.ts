// Version 12 (PostgreSQL only), found attacking migration 011's triggers: two write paths they missed,
// each of which left a kept payslip list (employments/payslip-list-cache.ts) and a kept payslip PDF
// key stale, and a deadlock.
// - TRUNCATE fires no DELETE trigger: a TRUNCATE trigger now raises every employment's version
//   (employments that never had a row get 1, rows of employments since removed are raised too).
// - The trigger functions named `payslip_list_versions` without a schema, so they wrote wherever
//   the WRITER's search_path found one first (another deployment's schema, a user's own schema):
//   each function now runs with the search_path of the schema it was created in.
// - A pay run of several statements (200 payslips each) locked versions per statement, so two runs
//   over the same employments in other orders could deadlock: the functions now lock in byte order,
//   the order in which publish-repository.ts inserts a run's payslips, chunk after chunk.
// SQLite needs none of it: one writer at a time, one schema per file, and no TRUNCATE (a DELETE of
// every row fires the row triggers, the truncate optimisation being off on a table with triggers).
import { sql } from 'kysely';
import type { PortalMigration } from './types';
import { migrationName } from './types';

/** Migration 011's functions again, locking in byte order (as pay runs insert: publish-repository.ts). */
const BUMPS = [
  ['payslip_list_bump_new', 'new_rows'],
  ['payslip_list_bump_old', 'old_rows'],
  ['payslip_list_bump_both', '(select employment_id from old_rows union select employment_id from new_rows) both_rows'],
] as const;

export const payslipListVersionsPinned: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    if (dialect !== 'postgres') return;
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const schema = rows[0]!.schema;
    const pinned = sql`set search_path = ${sql.id(schema)}, pg_temp`;
    for (const [name, changed] of BUMPS)
      await sql`
        create or replace function ${sql.id(schema, name)}() returns trigger language plpgsql ${pinned} as $$
        begin
          insert into payslip_list_versions as v (employment_id, version)
            select employment_id, 1 from (select distinct employment_id from ${sql.raw(changed)}) changed order by employment_id collate "C"
            on conflict (employment_id) do update set version = v.version + 1;
          return null;
        end $$`.execute(db);
    await sql`
      create function ${sql.id(schema, 'payslip_list_bump_all')}() returns trigger language plpgsql ${pinned} as $$
      begin
        update payslip_list_versions as v set version = v.version + 1
          from (select employment_id from payslip_list_versions order by employment_id collate "C" for update) locked
          where v.employment_id = locked.employment_id;
        insert into payslip_list_versions (employment_id, version)
          select id, 1 from employments order by id collate "C"
          on conflict (employment_id) do nothing;
        return null;
      end $$`.execute(db);
    await sql`create trigger payslip_list_truncated after truncate on payslips for each statement execute function ${sql.id(schema, 'payslip_list_bump_all')}()`.execute(
      db,
    );
  },
};
