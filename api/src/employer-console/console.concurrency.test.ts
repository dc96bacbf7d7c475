// The employer console's decisions under 300 identical requests at once, over real HTTP, on SQLite
// and PostgreSQL: one unlock (one event, one audit entry, one message per channel), one invitation,
// one resend; the rest are refused or skipped.
import { DEMO, FRONT_END, liveTestApp } from '../test/helpers';
import type { SignedIn } from '../test/helpers';
import { burst } from '../test/burst';
import type { HttpCall } from '../test/burst';
import { signInAsAdmin } from '../test/admins';
import { nowIso } from '../db/convert';

const PARALLEL = 300;
const live = liveTestApp();
let priya: SignedIn;
const NW = `/api/employers/${DEMO.employers.northwind}`;

beforeAll(async () => {
  priya = await signInAsAdmin(live.t, DEMO.priya.email);
}, 60_000);

const post = (path: string, body: unknown = {}, method = 'POST'): HttpCall => ({
  method,
  path,
  headers: { cookie: priya.jar.header(), origin: FRONT_END, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const db = () => live.t.database.db;
const count = async (query: Promise<{ n: unknown }>) => Number((await query).n);
const outboxTo = (to: string) =>
  count(
    db()
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('recipient', '=', to)
      .executeTakeFirstOrThrow(),
  );
const eventsOf = (employmentId: string, kind: string) =>
  count(
    db()
      .selectFrom('employment_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('employment_id', '=', employmentId)
      .where('kind', '=', kind)
      .executeTakeFirstOrThrow(),
  );
const auditOf = (action: string) =>
  count(
    db()
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('action', '=', action)
      .executeTakeFirstOrThrow(),
  );

it('unlocks a record once for 300 unlocks at once: one event, one audit entry, one message each way; the rest 409', async () => {
  await db().updateTable('employments').set({ locked_at: nowIso(), failed_checks: 5 }).where('id', '=', 'em_nw_casey').execute();
  const result = await burst(
    live.server,
    Array.from({ length: PARALLEL }, () => post(`${NW}/employees/em_nw_casey/unlock`, { identityChecked: true, reason: 'Checked on a video call' })),
  );
  expect(result.statuses).toEqual({ 200: 1, 409: PARALLEL - 1 });
  expect(await eventsOf('em_nw_casey', 'unlocked')).toBe(1);
  expect(await auditOf('unlock')).toBe(1);
  expect(await outboxTo('casey.lewis@example.com')).toBe(1);
  expect(await outboxTo('07700900789')).toBe(1);
}, 120_000);

it('makes one invitation for 300 invitations of the same record; the rest skip it as already invited', async () => {
  const result = await burst(
    live.server,
    Array.from({ length: PARALLEL }, () => post(`${NW}/invitations`, { channel: 'sms', employmentIds: ['em_nw_casey'] })),
  );
  expect(result.statuses).toEqual({ 200: PARALLEL });
  const invited = result.answers.filter(
    (a) => (JSON.parse((JSON.parse(a.body) as { data: string }).data) as { data: { invited: string[] } }).data.invited.length,
  );
  expect(invited).toHaveLength(1);
  const rows = await db().selectFrom('employee_invitations').select('id').where('employment_id', '=', 'em_nw_casey').execute();
  expect(rows).toHaveLength(1);
  expect(await eventsOf('em_nw_casey', 'invited')).toBe(1);
  expect(await auditOf('invite')).toBe(1);
  expect(await outboxTo('07700900789')).toBe(2); // the unlock's text and this invitation
}, 120_000);

it('sends an invitation again once for 300 resends at once; the rest 429', async () => {
  await db()
    .updateTable('employee_invitations')
    .set({ last_sent_at: nowIso(-61_000) })
    .where('employment_id', '=', 'em_nw_casey')
    .execute();
  const result = await burst(
    live.server,
    Array.from({ length: PARALLEL }, () => post(`${NW}/employees/em_nw_casey/invitation/resend`)),
  );
  expect(result.statuses).toEqual({ 200: 1, 429: PARALLEL - 1 });
  expect(result.answers.filter((a) => a.status === 429).every((a) => Number(a.headers['retry-after']) >= 1)).toBe(true);
  expect(await eventsOf('em_nw_casey', 'invitation_resent')).toBe(1);
  expect(await auditOf('resend')).toBe(1);
  expect(await outboxTo('07700900789')).toBe(3);
}, 120_000);
