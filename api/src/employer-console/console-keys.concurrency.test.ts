// The console's keys under 300 requests at once, over real HTTP, on SQLite and PostgreSQL: 300
// revokes of one key make one revoke and one audit entry (the rest 409), and 300 calls of the
// employer API with one key write its last use once.
import { DEMO, FRONT_END, liveTestApp, unwrap } from '../test/helpers';
import type { SignedIn } from '../test/helpers';
import { burst } from '../test/burst';
import type { HttpCall } from '../test/burst';
import { signInAsAdmin } from '../test/admins';
import { nowIso } from '../db/convert';
import { EmployerKeyRepository } from '../employer-api/key-repository';
import { BASE, employerCall } from '../employer-api/test-fixtures';

const PARALLEL = 300;
// The employer API's per-key limits high enough for the bursts: these tests are about the writes.
const live = liveTestApp({ logLevel: 'warn', employerApiLimits: { requestsPerMinute: 10_000, payRunsAtOnce: PARALLEL } });
let priya: SignedIn;
const NW = `/api/employers/${DEMO.employers.northwind}`;

beforeAll(async () => {
  priya = await signInAsAdmin(live.t, DEMO.priya.email);
}, 60_000);

const db = () => live.t.database.db;
const makeKey = async (): Promise<{ id: string; secret: string }> => {
  const res = await live.t.app.inject({
    method: 'POST',
    url: `${NW}/keys`,
    headers: { cookie: priya.jar.header(), origin: FRONT_END, 'content-type': 'application/json' },
    payload: '{}',
  });
  const { key, secret } = unwrap<{ key: { id: string }; secret: string }>(res).data;
  return { id: key.id, secret };
};
const auditCount = async (action: string) =>
  Number(
    (
      await db()
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('action', '=', action)
        .executeTakeFirstOrThrow()
    ).n,
  );

it('revokes a key once for 300 revokes at once: one 200, one audit entry, the rest 409; the employer API refuses it', async () => {
  const key = await makeKey();
  const revoke: HttpCall = {
    method: 'DELETE',
    path: `${NW}/keys/${key.id}`,
    // A DELETE's body with its length (Node's client would send it chunked).
    headers: { cookie: priya.jar.header(), origin: FRONT_END, 'content-type': 'application/json', 'content-length': '2' },
    body: '{}',
  };
  const result = await burst(
    live.server,
    Array.from({ length: PARALLEL }, () => revoke),
  );
  expect(result.statuses).toEqual({ 200: 1, 409: PARALLEL - 1 });
  expect(result.answers.filter((a) => a.status === 409).every((a) => a.body.includes('console.key_revoked'))).toBe(true);
  expect(await auditCount('key_revoked')).toBe(1);
  expect((await employerCall(live.t.app, key.secret, 'GET', `/employments/${DEMO.employments.alexNorthwind}`)).statusCode).toBe(401);
}, 120_000);

it('writes a key’s last use once for 300 calls at once, and once more after a minute', async () => {
  const key = await makeKey();
  const original = EmployerKeyRepository.prototype.markUsed;
  let tries = 0;
  let writes = 0;
  // The real write, counted: how many calls tried it, and how many changed the row.
  const spy = jest.spyOn(EmployerKeyRepository.prototype, 'markUsed').mockImplementation(async function (this: EmployerKeyRepository, ...args) {
    tries += 1;
    const wrote = await original.apply(this, args);
    if (wrote) writes += 1;
    return wrote;
  });
  try {
    const call: HttpCall = { path: `${BASE}/employments/${DEMO.employments.alexNorthwind}`, headers: { authorization: `Bearer ${key.secret}` } };
    const first = await burst(
      live.server,
      Array.from({ length: PARALLEL }, () => call),
    );
    expect(first.statuses).toEqual({ 200: PARALLEL });
    expect(writes).toBe(1);
    const firstTries = tries;
    const row = () => db().selectFrom('employer_api_keys').select('last_used_at').where('id', '=', key.id).executeTakeFirstOrThrow();
    const used = new Date((await row()).last_used_at!).getTime();
    expect(Date.now() - used).toBeLessThan(30_000);

    // Within the minute: no write at all (nor a try: the key's read says it is fresh).
    const again = await burst(
      live.server,
      Array.from({ length: PARALLEL }, () => call),
    );
    expect(again.statuses).toEqual({ 200: PARALLEL });
    expect({ writes, tries }).toEqual({ writes: 1, tries: firstTries });

    // A minute on: one write again.
    await db()
      .updateTable('employer_api_keys')
      .set({ last_used_at: nowIso(-61_000) })
      .where('id', '=', key.id)
      .execute();
    await burst(
      live.server,
      Array.from({ length: PARALLEL }, () => call),
    );
    expect(writes).toBe(2);
    expect(new Date((await row()).last_used_at!).getTime()).toBeGreaterThan(Date.now() - 30_000);
    console.info(`last use: ${firstTries} of ${PARALLEL} calls at once tried the conditional write, 1 wrote`);
  } finally {
    spy.mockRestore();
  }
}, 120_000);
