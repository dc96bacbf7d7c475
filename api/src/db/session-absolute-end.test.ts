// The sessions signed in before sessions had an absolute end get one: 30 days after their sign-in,
// as new ones do (migration 015), on each database.
import type { Kysely } from 'kysely';
import { toIso } from './convert';
import { endOlderSessions } from './migrations/016-session-absolute-end';
import { DEMO, createTestApp } from '../test/helpers';
import type { TestApp } from '../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('ends each older session 30 days after its sign-in, and leaves the ends already set alone', async () => {
  const signedIn = '2026-11-01T08:15:30.250Z';
  const kept = '2026-11-20T00:00:00.000Z';
  const row = { user_id: DEMO.alex.id, created_at: signedIn, expires_at: '2026-11-02T08:15:30.250Z', revoked_at: null };
  // The column is nullable in the database: rows from before the migration have no end.
  await (t.database.db as unknown as Kysely<{ sessions: Record<string, unknown> }>)
    .insertInto('sessions')
    .values([
      { ...row, id: 'ses_before_ends', ends_at: null },
      { ...row, id: 'ses_with_end', ends_at: kept },
    ])
    .execute();

  await endOlderSessions(t.database.db as unknown as Kysely<unknown>, t.database.dialect);

  const rows = await t.database.db
    .selectFrom('sessions')
    .select(['id', 'ends_at'])
    .where('id', 'in', ['ses_before_ends', 'ses_with_end'])
    .orderBy('id')
    .execute();
  expect(rows.map((r) => [r.id, toIso(r.ends_at)])).toEqual([
    ['ses_before_ends', '2026-12-01T08:15:30.250Z'],
    ['ses_with_end', kept],
  ]);
});
