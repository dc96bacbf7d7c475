// The migration runner on each database: migrations are named by their files (sequence and purpose),
// a database that recorded the dated names of earlier releases is renamed in place and runs nothing
// again, and a migration that sorts before one already run is refused.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import { dropPostgresSchema, openDatabase } from './connect';
import type { Db } from './connect';
import { MIGRATION_TABLE, migrateToLatest, runMigrations, undateRecordedNames, undatedName } from './migrate';
import { migrations } from './migrations';
import { migrationName } from './migrations/types';
import type { PortalMigration } from './migrations/types';
import { PG_URL } from '../test/helpers';

/** The names earlier releases recorded, a date before each sequence number and purpose. */
const DATED_NAMES = [
  '2026_11_21_001_initial',
  '2026_11_23_002_limits',
  '2026_11_23_003_sessions',
  '2026_11_23_004_bound_sign_in_codes',
  '2026_11_23_005_pay_detail',
  '2026_11_23_006_app_users',
  '2026_12_01_007_link_request_state',
  '2026_12_02_008_employer_api',
  '2026_12_02_009_account_links',
  '2026_12_10_010_notifications',
  '2026_12_11_011_payslip_list_versions',
  '2026_12_12_012_payslip_list_versions_pinned',
  '2026_12_13_013_payslip_list_versions_clock',
  '2026_12_14_014_sign_in_code_indexes',
  '2026_12_14_015_account_proofs',
  '2026_12_14_016_session_absolute_end',
];

const opened: { database: Db; schema?: string }[] = [];

/** An empty database of its own: SQLite in memory, or a throwaway PostgreSQL schema. */
async function emptyDatabase(): Promise<Db> {
  const schema = PG_URL ? `test_${process.pid}_migrate_${crypto.randomBytes(4).toString('hex')}` : undefined;
  const database = await openDatabase({ databaseUrl: PG_URL, sqlitePath: ':memory:', pgSchema: schema, pgPoolSize: 2 });
  opened.push({ database, ...(schema ? { schema } : {}) });
  return database;
}

afterEach(async () => {
  for (const { database, schema } of opened.splice(0)) {
    await database.close();
    if (PG_URL && schema) await dropPostgresSchema(PG_URL, schema);
  }
});

/** Runs `list` under the given names with Kysely's Migrator alone, as an earlier release did. */
async function migrateUnder(database: Db, names: readonly string[], list: readonly PortalMigration[]): Promise<void> {
  const records: Record<string, Migration> = {};
  names.forEach((name, index) => {
    records[name] = { up: (k: Kysely<unknown>) => list[index]!.up(k, database.dialect) };
  });
  const migrator = new Migrator({
    db: database.db as Kysely<unknown>,
    provider: { getMigrations: async () => records },
    ...(database.pgSchema ? { migrationTableSchema: database.pgSchema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

async function recorded(database: Db): Promise<{ name: string; timestamp: string }[]> {
  const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from ${sql.table(MIGRATION_TABLE)} order by name`.execute(database.db);
  return rows.map((row) => ({ name: row.name, timestamp: String(row.timestamp) }));
}

/** A broken primary key, as each database words it. */
const KEY_BROKEN = /UNIQUE constraint failed|duplicate key value violates unique constraint/;

/**
 * The message a promise is rejected with. (The database drivers' errors may come from another realm
 * than the test's, where Jest's toThrow does not see them as errors.)
 */
async function failure(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'no failure',
    (error: unknown) => String((error as { message?: unknown }).message),
  );
}

/** A migration that makes one small table, so a test can see whether it ran. */
function toy(name: string): PortalMigration & { up: jest.Mock } {
  const table = `toy_${name.replace(/\W/g, '_')}`;
  return { name, up: jest.fn((db: Kysely<unknown>) => db.schema.createTable(table).addColumn('id', 'integer').execute()) };
}

describe('migration names', () => {
  it('are the files’ sequence numbers and purposes, in the order of the folder, with no gap', () => {
    const files = fs
      .readdirSync(path.join(__dirname, 'migrations'))
      .filter((file) => /^\d{3}-/.test(file))
      .sort();
    expect(migrations.map((m) => m.name)).toEqual(files.map((file) => migrationName(file)));
    expect(files.map((file) => Number(file.slice(0, 3)))).toEqual(files.map((_, index) => index + 1));
    // The runner orders migrations by name: that order must be the list's.
    expect(migrations.map((m) => m.name)).toEqual(migrations.map((m) => m.name).sort());
    // The ones recorded under dated names come first, in the same order.
    expect(migrations.slice(0, DATED_NAMES.length).map((m) => m.name)).toEqual(DATED_NAMES.map((name) => name.slice('2026_11_21_'.length)));
  });

  it('are read from a file name as sequence_purpose, and a file named otherwise is refused', () => {
    expect(migrationName('/x/015-account-proofs.ts')).toBe('015_account_proofs');
    expect(migrationName('001-initial.js')).toBe('001_initial');
    for (const bad of ['15-account-proofs.ts', '015_account_proofs.ts', '015-Account.ts', '015-.ts', 'index.ts']) {
      expect(() => migrationName(bad)).toThrow(/NNN-purpose/);
    }
  });

  it('undates only a dated record of a migration the list knows', () => {
    const known = new Set(['015_account_proofs']);
    expect(undatedName('2026_12_14_015_account_proofs', known)).toBe('015_account_proofs');
    expect(undatedName('2030_01_01_015_account_proofs', known)).toBe('015_account_proofs');
    expect(undatedName('015_account_proofs', known)).toBeNull();
    expect(undatedName('2026_12_14_017_unknown', known)).toBeNull();
    expect(undatedName('2026_12_14_015_account_proofs_x', known)).toBeNull();
  });
});

describe(`the runner on ${PG_URL ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('renames the records of a database migrated under the dated names, keeps their times, and runs only the migrations made since', async () => {
    const database = await emptyDatabase();
    const dated = migrations.slice(0, DATED_NAMES.length);
    await migrateUnder(database, DATED_NAMES, dated);
    const before = await recorded(database);
    expect(before.map((r) => r.name)).toEqual(DATED_NAMES);

    expect(await migrateToLatest(database)).toEqual(migrations.slice(DATED_NAMES.length).map((m) => m.name));

    const after = await recorded(database);
    expect(after.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
    expect(after.slice(0, DATED_NAMES.length).map((r) => r.timestamp)).toEqual(before.map((r) => r.timestamp));
    // The schema the dated migrations made is the one in use: the last migration's column is there.
    await sql`select ends_at from sessions`.execute(database.db);
    // Started again, nothing is left to rename or to run.
    expect(await migrateToLatest(database)).toEqual([]);
    expect(await recorded(database)).toEqual(after);
  });

  it('renames a database migrated part way under the dated names, then runs the migrations it lacks', async () => {
    const database = await emptyDatabase();
    await migrateUnder(database, DATED_NAMES.slice(0, 10), migrations.slice(0, 10));

    expect(await migrateToLatest(database)).toEqual(migrations.slice(10).map((m) => m.name));
    expect((await recorded(database)).map((r) => r.name)).toEqual(migrations.map((m) => m.name));
  });

  it('migrates a new database under the undated names', async () => {
    const database = await emptyDatabase();
    expect(await migrateToLatest(database)).toEqual(migrations.map((m) => m.name));
    expect((await recorded(database)).map((r) => r.name)).toEqual(migrations.map((m) => m.name));
  });

  it('renames in one transaction: a rename that fails leaves every record as it was', async () => {
    const database = await emptyDatabase();
    const [first, second] = [toy('001_first'), toy('002_second')];
    // A database that somehow holds the second migration under both names: its rename cannot be made.
    await migrateUnder(database, ['2026_01_01_001_first', '2026_01_02_002_second'], [first, second]);
    await sql`insert into ${sql.table(MIGRATION_TABLE)} (name, timestamp) values ('002_second', '2026-01-03T00:00:00.000Z')`.execute(database.db);
    const before = await recorded(database);

    // The first record's rename succeeds, the second's breaks the table's key: both are undone.
    const known = new Set(['001_first', '002_second']);
    expect(await failure(undateRecordedNames(database.db as Kysely<unknown>, database.dialect, database.pgSchema, known))).toMatch(KEY_BROKEN);
    expect(await recorded(database)).toEqual(before);
    // And the runner, which renames first, runs nothing on such a database.
    const third = toy('003_third');
    expect(await failure(runMigrations(database, [first, second, third]))).toMatch(KEY_BROKEN);
    expect(third.up).not.toHaveBeenCalled();
    expect(await recorded(database)).toEqual(before);
  });

  it('refuses a migration whose name sorts before one already run, and runs nothing', async () => {
    const database = await emptyDatabase();
    const [first, third] = [toy('001_first'), toy('003_third')];
    expect(await runMigrations(database, [first, third])).toEqual(['001_first', '003_third']);

    const late = toy('002_late');
    const fourth = toy('004_fourth');
    await expect(runMigrations(database, [first, late, third, fourth])).rejects.toThrow(
      /New migrations must always have a name that comes alphabetically after the last executed migration/,
    );

    expect(late.up).not.toHaveBeenCalled();
    expect(fourth.up).not.toHaveBeenCalled();
    expect((await recorded(database)).map((r) => r.name)).toEqual(['001_first', '003_third']);
  });

  it('refuses a database that ran a migration the list does not have', async () => {
    const database = await emptyDatabase();
    await runMigrations(database, [toy('001_first'), toy('002_second')]);
    const third = toy('003_third');

    await expect(runMigrations(database, [toy('001_first'), third])).rejects.toThrow(/previously executed migration 002_second is missing/);
    expect(third.up).not.toHaveBeenCalled();
  });
});
