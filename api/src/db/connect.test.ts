// The PostgreSQL pool runs hot query texts as named (server-side prepared) statements: which texts
// qualify, that the set stays bounded, and (on PostgreSQL) that a named statement answers as before.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { dropPostgresSchema, openDatabase, statementNamer } from './connect';
import { PG_URL } from '../test/helpers';

describe('statementNamer', () => {
  it('names a text once it has run the given number of times, and keeps its name', () => {
    const { nameOf } = statementNamer(3, 10);
    expect(nameOf('select 1 where $1')).toBeUndefined();
    expect(nameOf('select 1 where $1')).toBeUndefined();
    const name = nameOf('select 1 where $1');
    expect(name).toEqual(expect.any(String));
    expect(nameOf('select 1 where $1')).toBe(name);
    expect(nameOf('select 2 where $1')).toBeUndefined();
  });

  it('gives different texts different names', () => {
    const { nameOf } = statementNamer(1, 10);
    expect(nameOf('select $1')).not.toBe(nameOf('select $1, $2'));
  });

  it('names at most `limit` texts; later ones stay unnamed however often they run', () => {
    const { nameOf } = statementNamer(1, 2);
    expect(nameOf('a')).toBeDefined();
    expect(nameOf('b')).toBeDefined();
    for (let i = 0; i < 5; i++) expect(nameOf('c')).toBeUndefined();
    expect(nameOf('a')).toBeDefined();
  });

  it('renames a text on request, and only a named one', () => {
    const namer = statementNamer(1, 10);
    const first = namer.nameOf('select $1');
    namer.rename('select $1');
    expect(namer.nameOf('select $1')).toEqual(expect.any(String));
    expect(namer.nameOf('select $1')).not.toBe(first);
    namer.rename('never run');
    expect(namer.nameOf('select $2')).toEqual(expect.any(String));
  });

  it('leaves one-off texts unnamed, however many there are', () => {
    const { nameOf } = statementNamer(2, 5);
    for (let i = 0; i < 1000; i++) expect(nameOf(`insert ${i}`)).toBeUndefined();
    nameOf('hot');
    expect(nameOf('hot')).toBeDefined();
  });
});

(PG_URL ? describe : describe.skip)('named statements on PostgreSQL', () => {
  const schema = `test_named_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  afterAll(() => dropPostgresSchema(PG_URL!, schema));

  it('a query run often becomes a prepared statement of its connection and answers the same rows', async () => {
    const database = await openDatabase({ databaseUrl: PG_URL, sqlitePath: ':memory:', pgSchema: schema, pgPoolSize: 1 });
    try {
      const answers: unknown[] = [];
      for (const value of ['a', 'b', 'c', 'd', 'e']) {
        answers.push((await sql<{ v: string }>`select ${value}::text || 'x' as v`.execute(database.db)).rows);
      }
      expect(answers).toEqual(['ax', 'bx', 'cx', 'dx', 'ex'].map((v) => [{ v }]));
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(database.db);
      expect(prepared.rows.map((r) => r.statement)).toContain(`select $1::text || 'x' as v`);
    } finally {
      await database.close();
    }
  });

  it('a table that gains a column (another instance migrated) is read afresh, in a transaction after one refusal', async () => {
    const database = await openDatabase({ databaseUrl: PG_URL, sqlitePath: ':memory:', pgSchema: schema, pgPoolSize: 1 });
    const { db } = database;
    try {
      await sql`create table shapes (id text primary key, a text)`.execute(db);
      await sql`insert into shapes values ('s1', 'one')`.execute(db);
      const read = async (on: Kysely<Database> = db) => (await sql<Record<string, unknown>>`select * from shapes where id = ${'s1'}`.execute(on)).rows;
      for (let i = 0; i < 4; i++) expect(await read()).toEqual([{ id: 's1', a: 'one' }]);
      await sql`alter table shapes add column b text default 'two'`.execute(db);
      expect(await read()).toEqual([{ id: 's1', a: 'one', b: 'two' }]);
      await sql`alter table shapes add column c text default 'three'`.execute(db);
      // Inside a transaction the refusal cannot be retried (it spoils the transaction); the next one works.
      await expect(db.transaction().execute((trx) => read(trx))).rejects.toThrow(/cached plan/);
      expect(await db.transaction().execute((trx) => read(trx))).toEqual([{ id: 's1', a: 'one', b: 'two', c: 'three' }]);
    } finally {
      await database.close();
    }
  });
});
