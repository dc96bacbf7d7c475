// SQLite on a file: the hot reads (db/prepared.ts) run on a read-only connection of their own. They
// answer what Kysely's path answers, see a commit at once, and never see a transaction's writes
// before it commits (the app's connection may be inside one while a request reads). On PostgreSQL
// (TEST_DATABASE_URL set) there is no such reader, and this file has nothing to test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { openDatabase } from './connect';
import type { Db } from './connect';
import { migrateToLatest } from './migrate';
import { prepared } from './prepared';
import { sqliteReaderOf } from './sqlite-reader';
import { revokeInAnotherProcess } from '../test/other-process';

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
    ends_at: new Date(Date.now() + 3_600_000).toISOString(),
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

  describe('a read kept while the file is unchanged (prepareKept)', () => {
    const keptLiveSession = () =>
      prepared(database.db, (q, id: string) => q.selectFrom('sessions').select(['id', 'user_id']).where('id', '=', id).where('revoked_at', 'is', null), 1, {
        kept: 100,
      });
    const revokedAt = () => new Date().toISOString();

    it('answers what the plain read answers, the same frozen rows while nothing is committed', async () => {
      await database.db.insertInto('sessions').values(session('k1')).execute();
      const kept = keptLiveSession();
      const first = await kept('k1');
      expect(first).toEqual(await liveSession()('k1'));
      expect(await kept('k1')).toBe(first);
      expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true);
      expect(await kept('nothing')).toEqual([]);
    });

    it('sees a commit of the app’s own connection at once, and no open transaction’s writes', async () => {
      await database.db.insertInto('sessions').values(session('k2')).execute();
      const kept = keptLiveSession();
      expect(await kept('k2')).toHaveLength(1);
      const before = sqliteReaderOf(database.db)!.dataVersion();
      await database.db.transaction().execute(async (trx) => {
        await trx.updateTable('sessions').set({ revoked_at: revokedAt() }).where('id', '=', 'k2').execute();
        expect(await kept('k2')).toHaveLength(1); // not committed yet
      });
      expect(sqliteReaderOf(database.db)!.dataVersion()).not.toBe(before);
      expect(await kept('k2')).toHaveLength(0);
    });

    it('sees a commit of another connection at once, and of another process', async () => {
      await database.db
        .insertInto('sessions')
        .values([session('k3'), session('k4')])
        .execute();
      const kept = keptLiveSession();
      expect(await kept('k3')).toHaveLength(1);
      expect(await kept('k4')).toHaveLength(1);
      const other = new BetterSqlite3(path.join(dir, 'portal.sqlite'));
      try {
        other.prepare('update sessions set revoked_at = ? where id = ?').run(revokedAt(), 'k3');
      } finally {
        other.close();
      }
      expect(await kept('k3')).toHaveLength(0);
      expect(await kept('k4')).toHaveLength(1);
      revokeInAnotherProcess(path.join(dir, 'portal.sqlite'), 'k4');
      expect(await kept('k4')).toHaveLength(0);
    });

    it('keeps at most its bound of answers', async () => {
      const kept = prepared(database.db, (q, id: string) => q.selectFrom('sessions').select('id').where('id', '=', id), 1, { kept: 2 });
      await database.db
        .insertInto('sessions')
        .values([session('b1'), session('b2'), session('b3')])
        .execute();
      const first = await kept('b1');
      await kept('b2');
      await kept('b3'); // b1 goes
      expect(await kept('b3')).toEqual([{ id: 'b3' }]);
      const again = await kept('b1');
      expect(again).toEqual(first);
      expect(again).not.toBe(first); // read afresh
    });

    it('keys its answers by the exact values: look-alike ids (NUL, quotes, escapes, unicode, number-like) each get their own row', async () => {
      const ids = ['t', 't\u0000', '"t"', '["t"]', 't\\', 't\\"', 't","u', 'T', 't ', 'té', 'te\u0301', 't\u{1F600}', '1', '01', '1.0', 'null'];
      await database.db
        .insertInto('sessions')
        .values(ids.filter((id) => id !== 'null').map((id) => session(id)))
        .execute();
      const kept = keptLiveSession();
      const plain = liveSession();
      for (let round = 0; round < 2; round++)
        // the second round from memory
        for (const id of [...ids, ...ids.slice().reverse()]) expect(await kept(id)).toEqual(await plain(id));
      expect(await kept('null')).toEqual([]);
      expect(await kept('t\u0000')).toEqual([{ id: 't\u0000', user_id: 'u1' }]);
    });

    it('answers right through eviction churn (bound 3, 60 ids, half of them unknown), then sees a revocation of an evicted one at once', async () => {
      const ids = Array.from({ length: 30 }, (_, i) => `churn-${i}`);
      await database.db
        .insertInto('sessions')
        .values(ids.map((id) => session(id)))
        .execute();
      const kept = prepared(database.db, (q, id: string) => q.selectFrom('sessions').select('id').where('id', '=', id).where('revoked_at', 'is', null), 1, {
        kept: 3,
      });
      for (let round = 0; round < 3; round++)
        for (const id of ids) {
          expect(await kept(id)).toEqual([{ id }]);
          expect(await kept(`${id}-unknown`)).toEqual([]);
          expect(await kept(ids[0]!)).toEqual([{ id: ids[0] }]); // hot, yet evicted in turn (a hit does not refresh it)
        }
      revokeInAnotherProcess(path.join(dir, 'portal.sqlite'), ids[0]!);
      expect(await kept(ids[0]!)).toEqual([]);
      expect(await kept(ids[29]!)).toEqual([{ id: ids[29] }]);
    });
  });
});
