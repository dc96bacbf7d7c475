// Version 12: two write paths migration 011's PostgreSQL triggers missed, each of which left a kept
// payslip list (employments/payslip-list-cache.ts) and a kept payslip PDF key stale.
// - TRUNCATE fires no DELETE trigger: a TRUNCATE trigger now raises every employment's version
//   (employments that never had a row get 1, rows of employments since removed are raised too).
// - The trigger functions named `payslip_list_versions` without a schema, so they wrote wherever
//   the WRITER's search_path found one first (another deployment's schema, a user's own schema):
//   each function now runs with the search_path of the schema it was created in.
// SQLite needs neither: it has no TRUNCATE (a DELETE of every row fires the row triggers, the
// truncate optimisation being off on a table with triggers) and one schema per file.
import { sql } from 'kysely';
import type { PortalMigration } from './types';

const BUMP_FUNCTIONS = ['payslip_list_bump_new', 'payslip_list_bump_old', 'payslip_list_bump_both'];

export const payslipListVersionsPinned: PortalMigration = {
  name: '2026_12_12_012_payslip_list_versions_pinned',
  async up(db, dialect) {
    if (dialect !== 'postgres') return;
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const schema = rows[0]!.schema;
    const pinned = sql`set search_path = ${sql.id(schema)}, pg_temp`;
    for (const name of BUMP_FUNCTIONS) await sql`alter function ${sql.id(schema, name)}() ${pinned}`.execute(db);
    await sql`
      create function ${sql.id(schema, 'payslip_list_bump_all')}() returns trigger language plpgsql ${pinned} as $$
      begin
        update payslip_list_versions as v set version = v.version + 1
          from (select employment_id from payslip_list_versions order by employment_id for update) locked
          where v.employment_id = locked.employment_id;
        insert into payslip_list_versions (employment_id, version)
          select id, 1 from employments order by id
          on conflict (employment_id) do nothing;
        return null;
      end $$`.execute(db);
    await sql`create trigger payslip_list_truncated after truncate on payslips for each statement execute function ${sql.id(schema, 'payslip_list_bump_all')}()`.execute(
      db,
    );
  },
};
