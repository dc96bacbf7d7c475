// GET /api/invitations/{token} over real HTTP, on SQLite and PostgreSQL: a live invitation names
// its employer and the day it expires, and nothing of the person; any token that is not live gets
// one 404; 300 look-ups at once from one address are answered 30 times.
import { DEMO, liveTestApp } from '../test/helpers';
import { burst } from '../test/burst';
import { londonIsoDate } from '../london-date';
import { nowIso } from '../db/convert';
import { INVITATION_LOOKUP_LIMIT } from './invitation-limits';
import { INVITATION_NOT_LIVE } from './invitation-route';

const live = liveTestApp();
const db = () => live.t.database.db;
const lookUp = async (token: string, remoteAddress = '198.51.100.10') => {
  const res = await live.t.app.inject({ method: 'GET', url: `/api/invitations/${token}`, remoteAddress });
  return { status: res.statusCode, body: res.body };
};
/** The data inside the envelope ({ data: "<JSON text of { status, error, data }>" }). */
const inner = (body: string) => (JSON.parse((JSON.parse(body) as { data: string }).data) as { data: unknown }).data;

beforeEach(() => db().deleteFrom('throttle_counters').execute());
afterEach(() => db().updateTable('employee_invitations').set({ used_at: null, revoked_at: null }).where('id', '=', 'inv_demo').execute());

it('names the employer of a live invitation and the day it expires, and nothing of the person', async () => {
  const answer = await lookUp(DEMO.invitation.token);
  expect(answer.status).toBe(200);
  const row = await db().selectFrom('employee_invitations').select('expires_at').where('id', '=', 'inv_demo').executeTakeFirstOrThrow();
  expect(inner(answer.body)).toEqual({ employerName: 'Brightwater Foods plc', expiresOn: londonIsoDate(new Date(String(row.expires_at))) });
  expect(answer.body).not.toMatch(/07700|AB654321A|8765/);
});

it('answers an unknown, used, withdrawn or expired invitation with the same 404', async () => {
  const notLive = async (token: string) => {
    const answer = await lookUp(token);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 404, code: 'linking.invitation_not_live', error: INVITATION_NOT_LIVE });
  };
  await notLive('NO-SUCH-INVITATION');
  await db().updateTable('employee_invitations').set({ used_at: nowIso() }).where('id', '=', 'inv_demo').execute();
  await notLive(DEMO.invitation.token);
  await db().updateTable('employee_invitations').set({ used_at: null, revoked_at: nowIso() }).where('id', '=', 'inv_demo').execute();
  await notLive(DEMO.invitation.token);
  const expiresAt = (await db().selectFrom('employee_invitations').select('expires_at').where('id', '=', 'inv_demo').executeTakeFirstOrThrow()).expires_at;
  await db()
    .updateTable('employee_invitations')
    .set({ revoked_at: null, expires_at: nowIso(-1000) })
    .where('id', '=', 'inv_demo')
    .execute();
  try {
    await notLive(DEMO.invitation.token);
  } finally {
    await db().updateTable('employee_invitations').set({ expires_at: expiresAt }).where('id', '=', 'inv_demo').execute();
  }
  expect((await lookUp(DEMO.invitation.token)).status).toBe(200);
});

it('refuses a token that is not one, before counting it as a look-up', async () => {
  const answer = await lookUp('not%20a%20token');
  expect(answer.status).toBe(400);
  expect(JSON.parse(answer.body)).toMatchObject({ code: 'request.field_invalid', field: 'token' });
});

it(`answers ${INVITATION_LOOKUP_LIMIT.max} of 300 look-ups sent at once from one address, and another address still gets its answer`, async () => {
  // Over real HTTP, all from this machine's one address.
  const result = await burst(
    live.server,
    Array.from({ length: 300 }, () => ({ path: `/api/invitations/${DEMO.invitation.token}` })),
  );
  expect(result.statuses).toEqual({ '200': INVITATION_LOOKUP_LIMIT.max, '429': 300 - INVITATION_LOOKUP_LIMIT.max });
  const refused = result.answers.find((answer) => answer.status === 429)!;
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect((await lookUp(DEMO.invitation.token, '203.0.113.51')).status).toBe(200);
});
