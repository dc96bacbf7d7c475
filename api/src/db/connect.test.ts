// The PostgreSQL pool runs hot query texts as named (server-side prepared) statements: which texts
// qualify, that the set stays bounded, and (on PostgreSQL) that a named statement answers as before.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { dropPostgresSchema, openDatabase, statementNamer } from './connect';
import { PG_URL } from '../test/helpers';

describe('statementNamer', () => {
  it('names a text once it has run the given number of times, and keeps its name', () => {
    const nameOf = statementNamer(3, 10);
    expect(nameOf('select 1 where $1')).toBeUndefined();
    expect(nameOf('select 1 where $1')).toBeUndefined();
    const name = nameOf('select 1 where $1');
    expect(name).toEqual(expect.any(String));
    expect(nameOf('select 1 where $1')).toBe(name);
    expect(nameOf('select 2 where $1')).toBeUndefined();
  });

  it('gives different texts different names', () => {
    const nameOf = statementNamer(1, 10);
    expect(nameOf('select $1')).not.toBe(nameOf('select $1, $2'));
  });

  it('names at most `limit` texts; later ones stay unnamed however often they run', () => {
    const nameOf = statementNamer(1, 2);
    expect(nameOf('a')).toBeDefined();
    expect(nameOf('b')).toBeDefined();
    for (let i = 0; i < 5; i++) expect(nameOf('c')).toBeUndefined();
    expect(nameOf('a')).toBeDefined();
  });

  it('leaves one-off texts unnamed, however many there are', () => {
    const nameOf = statementNamer(2, 5);
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
});
