// SQLite on a file: the hot reads (db/prepared.ts) run on a read-only connection of their own. They
// answer what Kysely's path answers, see a commit at once, and never see a transaction's writes
// before it commits (the app's connection may be inside one while a request reads). On PostgreSQL
// (TEST_DATABASE_URL set) there is no such reader, and this file has nothing to test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from './connect';
import type { Db } from './connect';
import { migrateToLatest } from './migrate';
import { prepared } from './prepared';
import { sqliteReaderOf } from './sqlite-reader';

const onSqlite = process.env.TEST_DATABASE_URL ? describe.skip : describe;

onSqlite('the SQLite reader of the hot reads', () => {
  let dir: string;
  let database: Db;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-reader-'));
    database = await openDatabase({ databaseUrl: null, sqlitePath: path.join(dir, 'portal.sqlite') });
    await migrateToLatest(database);
    await database.db.insertInto('identity_users').values(identityUser('u1')).execute();
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const identityUser = (id: string) => ({
    id,
    email: `${id}@example.com`,
    password_hash: 'x',
    first_name: 'A',
    middle_name: null,
    last_name: 'B',
    mobile_phone: null,
    birth_date: null,
    ni_number: null,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
  });
  const session = (id: string) => ({
    id,
    user_id: 'u1',
    created_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    revoked_at: null,
  });
  const liveSession = () =>
    prepared(database.db, (q, id: string) => q.selectFrom('sessions').select(['id', 'user_id']).where('id', '=', id).where('revoked_at', 'is', null), 1);

  it('is there for a database file, and answers the rows Kysely’s path answers', async () => {
    expect(sqliteReaderOf(database.db)).toBeDefined();
    await database.db.insertInto('sessions').values(session('s1')).execute();
    const read = liveSession();
    expect(await read('s1')).toEqual(await database.db.selectFrom('sessions').select(['id', 'user_id']).where('id', '=', 's1').execute());
    expect(await read('s1')).toEqual([{ id: 's1', user_id: 'u1' }]);
    expect(await read('nothing')).toEqual([]);
  });

  it('sees a commit at once, and no transaction’s writes before its commit', async () => {
    await database.db.insertInto('sessions').values(session('s2')).execute();
    const read = liveSession();
    expect(await read('s2')).toHaveLength(1);
    await database.db.transaction().execute(async (trx) => {
      await trx.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('id', '=', 's2').execute();
      await trx.insertInto('sessions').values(session('s3')).execute();
      // Inside the open transaction, a request's read: the last commit, not these writes.
      expect(await read('s2')).toHaveLength(1);
      expect(await read('s3')).toHaveLength(0);
    });
    // Committed: seen by the very next read.
    expect(await read('s2')).toHaveLength(0);
    expect(await read('s3')).toHaveLength(1);
  });

  it('runs only reads: a prepared write goes through Kysely', async () => {
    const revoke = prepared(database.db, (q, id: string) => q.updateTable('sessions').set({ revoked_at: 'now' }).where('id', '=', id), 1);
    await revoke('s3');
    expect(await liveSession()('s3')).toHaveLength(0);
  });
});
