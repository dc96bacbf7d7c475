// The demo seed is never left half-done: a start that crashes mid-seed leaves the next
// start something to finish, and it finishes it to the same data as a seed that never crashed. The
// crash is real: a trigger makes the database refuse a row, on SQLite and on PostgreSQL.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { createTestApp } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { toCount } from './convert';
import type { Database } from './schema';
import { DEMO, isSeeded, seedDemoData } from './seed';

const TABLES = ['employers', 'employments', 'payslips', 'pay_documents', 'intranet_documents', 'updates', 'identity_users', 'users'] as const;

/** How many rows each table holds, and how many employments are linked or invited: what a seed makes. */
async function contents(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    counts[table] = toCount(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  }
  const linked = await db
    .selectFrom('employments')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', 'is not', null)
    .executeTakeFirstOrThrow();
  const invited = await db
    .selectFrom('employee_invitations')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return { ...counts, linked: toCount(linked.n), invited: toCount(invited.n) };
}

/** Makes every insert into `table` fail, as a crash at that point of the seed would stop it. */
async function crashOnInsert(t: TestApp, table: string): Promise<() => Promise<void>> {
  const { db, dialect } = t.database;
  if (dialect === 'sqlite') {
    await sql.raw(`CREATE TRIGGER crash BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, 'simulated crash'); END`).execute(db);
    return async () => void (await sql.raw('DROP TRIGGER crash').execute(db));
  }
  await sql.raw(`CREATE FUNCTION crash() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'simulated crash'; END $$ LANGUAGE plpgsql`).execute(db);
  await sql.raw(`CREATE TRIGGER crash BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION crash()`).execute(db);
  return async () => void (await sql.raw(`DROP TRIGGER crash ON ${table}; DROP FUNCTION crash()`).execute(db));
}

let complete: Record<string, number>;
beforeAll(async () => {
  const seeded = await createTestApp();
  try {
    complete = await contents(seeded.database.db);
  } finally {
    await seeded.close();
  }
});

describe('a seed stopped by a crash is completed by the next start', () => {
  it.each([
    ['halfway through the import files (at their pay documents)', 'pay_documents'],
    ['at its last step (the sign-in accounts and their links)', 'identity_users'],
  ])('%s', async (_when, table) => {
    const t = await createTestApp({ seedDemoData: false });
    try {
      const db = t.database.db;
      const recover = await crashOnInsert(t, table);
      // By its message: better-sqlite3's error class is of the first test file's realm, so toThrow may not see an Error.
      await expect(seedDemoData(db, t.config.passwordCost)).rejects.toHaveProperty('message', expect.stringMatching(/simulated crash/));
      await recover();
      const partial = await contents(db);
      expect(partial.employers).toBe(Object.keys(DEMO.employers).length);
      expect(partial.identity_users).toBe(0);
      expect(await isSeeded(db)).toBe(false);

      await seedDemoData(db, t.config.passwordCost);
      expect(await isSeeded(db)).toBe(true);
      expect(await contents(db)).toEqual(complete);
    } finally {
      await t.close();
    }
  });
});

describe('whether to seed', () => {
  it('seeds an empty database, and leaves alone one whose employers are not the demo', async () => {
    const t = await createTestApp({ seedDemoData: false });
    try {
      expect(await isSeeded(t.database.db)).toBe(false);
      await t.database.db.insertInto('employers').values({ id: 'er_real', name: 'A real employer Ltd' }).execute();
      expect(await isSeeded(t.database.db)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('has nothing left to do once seeded; run again all the same, it doubles nothing', async () => {
    const t = await createTestApp();
    try {
      expect(await isSeeded(t.database.db)).toBe(true);
      await seedDemoData(t.database.db, t.config.passwordCost);
      expect(await contents(t.database.db)).toEqual(complete);
      const alex = await t.database.db.selectFrom('identity_users').select('id').where('id', '=', DEMO.alex.id).executeTakeFirst();
      expect(alex).toBeDefined();
    } finally {
      await t.close();
    }
  });
});
