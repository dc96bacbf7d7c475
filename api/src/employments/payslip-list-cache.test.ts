// The payslip list kept in memory (payslip-list-cache.ts), on SQLite and PostgreSQL: the
// database raises the list's version on every change, whoever makes it (the publishing API, a
// correction written straight to the table, a deletion), so the next answer is the new list; an
// answer kept for one user's employment never reaches another; the memory it takes is bounded.
import { EnvelopeSchema } from '@portal/shared/wire/envelope';
import { PayslipListSchema } from '@portal/shared/wire/pay';
import Fastify from 'fastify';
import { employerCall, newKey, payslip } from '../employer-api/test-fixtures';
import { api, createTestApp, DEMO, signInAlex, signInSam } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { listPayslips, payslipListUrl } from '../test/payslip-list';
import { ENTRY_OVERHEAD, PayslipListCache } from './payslip-list-cache';

let t: TestApp;
let alex: SignedIn;
let sam: SignedIn;
beforeAll(async () => {
  // Pay runs at once with one key: above its limit of pay runs in progress, which this test is not about.
  t = await createTestApp({ employerApiLimits: { requestsPerMinute: 10_000, payRunsAtOnce: 100 } });
  alex = await signInAlex(t.app);
  sam = await signInSam(t.app);
});
afterAll(() => t.close());

const listUrl = payslipListUrl;
const list = (user: SignedIn, employmentId: string) => listPayslips(t.app, user, employmentId);
// A bigint on PostgreSQL (migration 013), read as a string there.
const version = async (employmentId: string) =>
  Number(
    (await t.database.db.selectFrom('payslip_list_versions').select('version').where('employment_id', '=', employmentId).executeTakeFirst())?.version ?? 0,
  );

describe('the list kept between requests', () => {
  it('answers the same bytes again, the bytes its response schema writes', async () => {
    const first = await api(t.app, alex, 'GET', listUrl(alex, DEMO.employments.alexNorthwind));
    const again = await api(t.app, alex, 'GET', listUrl(alex, DEMO.employments.alexNorthwind));
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['content-length']).toBe(String(Buffer.byteLength(first.body)));
    const bySchema = Fastify({ logger: false });
    bySchema.get('/', { schema: { response: { 200: EnvelopeSchema(PayslipListSchema) } } }, async () => again.json());
    expect((await bySchema.inject({ url: '/' })).body).toBe(again.body);
    await bySchema.close();
  });

  it("never answers one user's list to another", async () => {
    const alexs = await list(alex, DEMO.employments.alexBrightwater);
    const sams = await list(sam, DEMO.employments.samBrightwater);
    expect(alexs.length).toBeGreaterThan(0);
    expect(sams.length).toBeGreaterThan(0);
    expect(sams.map((p) => p.ID)).not.toEqual(expect.arrayContaining([alexs[0]!.ID]));
    // Both lists are kept now; each user asking for the other's employment is still refused.
    expect((await api(t.app, alex, 'GET', `/api/users/${alex.sub}/employments/${DEMO.employments.samBrightwater}/payslips`)).statusCode).toBe(404);
    expect((await api(t.app, sam, 'GET', `/api/users/${sam.sub}/employments/${DEMO.employments.alexBrightwater}/payslips`)).statusCode).toBe(404);
    expect((await api(t.app, alex, 'GET', `/api/users/${sam.sub}/employments/${DEMO.employments.samBrightwater}/payslips`)).statusCode).toBe(403);
    expect(await list(alex, DEMO.employments.alexBrightwater)).toEqual(alexs);
    expect(await list(sam, DEMO.employments.samBrightwater)).toEqual(sams);
  });

  it('answers 401 once the session has ended, even with the list kept', async () => {
    const other = await signInAlex(t.app);
    await list(other, DEMO.employments.alexNorthwind);
    await t.database.db.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('user_id', '=', DEMO.alex.id).execute();
    expect((await api(t.app, other, 'GET', listUrl(other, DEMO.employments.alexNorthwind))).statusCode).toBe(401);
    alex = await signInAlex(t.app);
  });
});

describe('a change to the list is in the next answer', () => {
  it('a pay run published through the employer API', async () => {
    const before = await list(alex, DEMO.employments.alexNorthwind);
    const key = await newKey(t.database.db, DEMO.employers.northwind);
    const published = await employerCall(t.app, key, 'PUT', '/pay-runs/cache-run', {
      payslips: [payslip('cache-alex', DEMO.employments.alexNorthwind, { payDate: '2026-10-17' })],
    });
    expect(published.statusCode).toBe(201);
    const after = await list(alex, DEMO.employments.alexNorthwind);
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((p) => p.payDate === '2026-10-17')).toEqual([expect.objectContaining({ netPay: 2300 })]);
  });

  it('a correction written straight to the table, then a deletion', async () => {
    const before = await list(alex, DEMO.employments.alexNorthwind);
    const slip = before[1]!;
    await t.database.db.updateTable('payslips').set({ net_pence: 123_457 }).where('id', '=', slip.ID).execute();
    expect((await list(alex, DEMO.employments.alexNorthwind)).find((p) => p.ID === slip.ID)?.netPay).toBe(1234.57);
    await t.database.db.deleteFrom('payslips').where('id', '=', slip.ID).execute();
    const after = await list(alex, DEMO.employments.alexNorthwind);
    expect(after.map((p) => p.ID)).toEqual(before.map((p) => p.ID).filter((id) => id !== slip.ID));
  });

  it('a payslip moved to another employment changes both lists', async () => {
    const northwind = await list(alex, DEMO.employments.alexNorthwind);
    const brightwater = await list(alex, DEMO.employments.alexBrightwater);
    const slip = northwind[0]!;
    const versions = [await version(DEMO.employments.alexNorthwind), await version(DEMO.employments.alexBrightwater)];
    await t.database.db.updateTable('payslips').set({ employment_id: DEMO.employments.alexBrightwater }).where('id', '=', slip.ID).execute();
    expect(await version(DEMO.employments.alexNorthwind)).toBeGreaterThan(versions[0]!);
    expect(await version(DEMO.employments.alexBrightwater)).toBeGreaterThan(versions[1]!);
    expect((await list(alex, DEMO.employments.alexNorthwind)).map((p) => p.ID)).not.toContain(slip.ID);
    expect((await list(alex, DEMO.employments.alexBrightwater)).map((p) => p.ID)).toEqual(expect.arrayContaining([slip.ID, ...brightwater.map((p) => p.ID)]));
  });

  it('pay runs published at once over the same employments, in opposite orders, all go through and each raises the versions', async () => {
    const key = await newKey(t.database.db, DEMO.employers.northwind);
    const both = [DEMO.employments.alexNorthwind, DEMO.employments.newStarter];
    const before = await Promise.all(both.map(version));
    const runs = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? both : [...both].reverse()));
    const answers = await Promise.all(
      runs.map((order, i) =>
        employerCall(t.app, key, 'PUT', `/pay-runs/at-once-${i}`, {
          payslips: order.map((employmentId) => payslip(`at-once-${i}-${employmentId}`, employmentId)),
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(runs.map(() => 201));
    const after = await Promise.all(both.map(version));
    // Each version rose (by the clock, migration 013: the raises are not counted).
    after.forEach((v, i) => expect(v).toBeGreaterThan(before[i]!));
  });

  it("raises the version when one statement updates all of an employment's payslips", async () => {
    const start = await version(DEMO.employments.alexBrightwater);
    await t.database.db.updateTable('payslips').set({ tax_period: 1 }).where('employment_id', '=', DEMO.employments.alexBrightwater).execute();
    expect(await version(DEMO.employments.alexBrightwater)).toBeGreaterThan(start);
  });
});

describe('PayslipListCache', () => {
  const bytes = (n: number) => Buffer.alloc(n, 'x');

  it('answers only the version it was given', () => {
    const cache = new PayslipListCache();
    const body = cache.set('em_a', 3, bytes(10));
    expect(cache.get('em_a', 3)).toBe(body);
    expect(cache.get('em_a', 4)).toBeUndefined();
    expect(cache.get('em_b', 3)).toBeUndefined();
    cache.set('em_a', 4, bytes(20));
    expect(cache.get('em_a', 3)).toBeUndefined();
    expect(cache.size).toEqual({ entries: 1, bytes: 20 + ENTRY_OVERHEAD });
  });

  it('lets the least recently used go past its size, and keeps no answer larger than its cap', () => {
    const entry = 1000 + ENTRY_OVERHEAD;
    const cache = new PayslipListCache(3 * entry, 2000);
    for (const id of ['em_a', 'em_b', 'em_c']) cache.set(id, 1, bytes(1000));
    expect(cache.get('em_a', 1)).toBeDefined();
    cache.set('em_d', 1, bytes(1000));
    expect(cache.get('em_b', 1)).toBeUndefined();
    expect(['em_a', 'em_c', 'em_d'].map((id) => cache.get(id, 1) !== undefined)).toEqual([true, true, true]);
    expect(cache.size).toEqual({ entries: 3, bytes: 3 * entry });
    const large = cache.set('em_e', 1, bytes(2001));
    expect(large.length).toBe(2001);
    expect(cache.get('em_e', 1)).toBeUndefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(3 * entry);
  });
});
