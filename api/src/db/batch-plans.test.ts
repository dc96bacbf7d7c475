// PostgreSQL: the session-check batch queries (db/turn-batch.ts `batchKeys`) keep their generic plan
// once the tables are large. With the keys' arrays given bare, the planner's custom plan knew their
// length and always looked cheaper than the generic plan, so from a few thousand employments on the
// server planned the query afresh on every batch (200,000 users: ~300 µs of its CPU each time).
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { ownedEmploymentFinder } from '../employments/repository';
import { appUserInLiveSessionFinder } from '../users/repository';
import { DEMO, PG_URL } from '../test/helpers';
import { dropPostgresSchema, openDatabase, type Db } from './connect';
import { migrateToLatest } from './migrate';
import { seedDemoData } from './seed';
import { CHEAP_PASSWORD_COST } from '../config';

const onPostgres = PG_URL ? describe : describe.skip;
const COPIES = 20_000;

onPostgres('session-check batch plans on large tables', () => {
  const schema = `test_batch_plans_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  let database: Db;

  beforeAll(async () => {
    // One pool connection: every batch runs on it, and pg_prepared_statements is that connection's.
    database = await openDatabase({ databaseUrl: PG_URL, sqlitePath: '', pgSchema: schema, pgPoolSize: 1 });
    await migrateToLatest(database);
    await seedDemoData(database.db, CHEAP_PASSWORD_COST);
    const { rows } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_schema = ${schema} and table_name = 'employments' order by ordinal_position`.execute(
      database.db,
    );
    const copied: Record<string, string> = { id: `'em_copy_' || g`, external_id: `'em_copy_' || g`, invitation_token_hash: 'null' };
    const columns = rows.map((r) => r.column_name);
    await sql
      .raw(
        `insert into employments (${columns.join(', ')}) select ${columns.map((c) => copied[c] ?? `t.${c}`).join(', ')} ` +
          `from employments t, generate_series(1, ${COPIES}) g where t.id = '${DEMO.employments.alexNorthwind}'`,
      )
      .execute(database.db);
    await sql
      .raw(
        `insert into sessions (id, user_id, created_at, expires_at) select 'session_' || g, '${DEMO.alex.id}', now(), now() + interval '1 day' ` +
          `from generate_series(1, ${COPIES}) g`,
      )
      .execute(database.db);
    await sql`analyze`.execute(database.db);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await dropPostgresSchema(PG_URL!, schema);
  });

  const plans = async (table: string) => {
    const { rows } = await sql<{ generic_plans: string; custom_plans: string }>`
      select generic_plans, custom_plans from pg_prepared_statements where statement like '%unnest%' and statement like ${`%join "${table}"%`}`.execute(
      database.db,
    );
    expect(rows).toHaveLength(1);
    return { generic: Number(rows[0]!.generic_plans), custom: Number(rows[0]!.custom_plans) };
  };

  /** Batches of 1 to 4 keys, as a loaded API sends them, `rounds` times. */
  const batches = async (ask: (i: number) => Promise<unknown>, rounds: number) => {
    for (let round = 0; round < rounds; round++) await Promise.all(Array.from({ length: (round % 4) + 1 }, (_, i) => ask(i)));
  };

  it('employment owner in a live session: the generic plan is kept after the first runs, and the answers are right', async () => {
    const finder = ownedEmploymentFinder(database.db, 'postgres');
    await batches(async (i) => {
      expect((await finder.findInLiveSession(DEMO.employments.alexNorthwind, DEMO.alex.id, `session_${i + 1}`))?.id).toBe(DEMO.employments.alexNorthwind);
      expect(await finder.findInLiveSession(`em_copy_${i + 1}`, DEMO.alex.id, 'no such session')).toBeUndefined();
    }, 40);
    const { generic, custom } = await plans('employments');
    // The server tries custom plans for the first five runs, then keeps the generic one.
    expect(custom).toBeLessThanOrEqual(5);
    expect(generic).toBeGreaterThan(30);
  });

  it('user in a live session: the same', async () => {
    const find = appUserInLiveSessionFinder(database.db, 'postgres');
    await batches(async (i) => expect((await find(DEMO.alex.id, `session_${i + 1}`))?.id).toBe(DEMO.alex.id), 40);
    const { generic, custom } = await plans('users');
    expect(custom).toBeLessThanOrEqual(5);
    expect(generic).toBeGreaterThan(30);
  });
});
