// The hot routes' short cuts keep every check: on a route naming an employment, the
// session is checked in the same query as the employment's owner, and each failure still answers
// as before (401 for an ended session, 404 for someone else's employment, 400 before 404). The
// envelope sent as text is the bytes the response schema would have written.
import { EnvelopeSchema } from '@portal/shared/wire/envelope';
import { PayslipListSchema } from '@portal/shared/wire/pay';
import Fastify from 'fastify';
import { api, createTestApp, DEMO, signInAlex, unwrap } from './test/helpers';
import type { SignedIn, TestApp } from './test/helpers';
import { prepared } from './db/prepared';

let t: TestApp;
let alex: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  alex = await signInAlex(t.app);
});
afterAll(() => t.close());

const payslips = (employmentId: string, userId: string = DEMO.alex.id) => `/api/users/${userId}/employments/${employmentId}/payslips`;

describe('a route naming an employment', () => {
  it('answers the owner in a live session with their payslips', async () => {
    const res = await api(t.app, alex, 'GET', payslips(DEMO.employments.alexNorthwind));
    expect(res.statusCode).toBe(200);
    expect(unwrap<{ ID: string }[]>(res).data.length).toBeGreaterThan(0);
  });

  it("answers 404 for someone else's employment, and 400 for a malformed id before that", async () => {
    expect((await api(t.app, alex, 'GET', payslips(DEMO.employments.samBrightwater))).statusCode).toBe(404);
    expect((await api(t.app, alex, 'GET', payslips('not%20an%20id'))).statusCode).toBe(400);
  });

  it('answers 401 once the session has ended, for its own employment and for anyone else’s', async () => {
    // Alex's sessions end (as after a password change elsewhere); the signature of the token still holds.
    await t.database.db.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('user_id', '=', DEMO.alex.id).execute();
    const ended = alex;
    expect((await api(t.app, ended, 'GET', payslips(DEMO.employments.alexNorthwind))).statusCode).toBe(401);
    expect((await api(t.app, ended, 'GET', payslips(DEMO.employments.samBrightwater))).statusCode).toBe(401);
    expect((await api(t.app, ended, 'GET', payslips(DEMO.employments.alexNorthwind, DEMO.sam.id))).statusCode).toBe(401);
  });
});

it('sends the payslip envelope as the same bytes its response schema writes', async () => {
  const fresh = await signInAlex(t.app);
  const res = await api(t.app, fresh, 'GET', payslips(DEMO.employments.alexNorthwind));
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const bySchema = Fastify({ logger: false });
  bySchema.get('/', { schema: { response: { 200: EnvelopeSchema(PayslipListSchema) } } }, async () => res.json());
  const rewritten = await bySchema.inject({ url: '/' });
  expect(res.body).toBe(rewritten.body);
  await bySchema.close();
});

describe('prepared', () => {
  it('runs the query built once with each call’s own values, keeping its constants', async () => {
    const first = prepared(
      t.database.db,
      (q, userId: string) => q.selectFrom('employments').select('id').where('user_id', '=', userId).orderBy('id').limit(1),
      1,
    );
    const [alexFirst] = await first(DEMO.alex.id);
    const [samFirst] = await first(DEMO.sam.id);
    expect(alexFirst?.id.startsWith('em_alex')).toBe(true);
    expect(samFirst?.id.startsWith('em_sam')).toBe(true);
    expect(await first('nobody')).toEqual([]);
  });

  it('refuses a build that does not use its value as a parameter', () => {
    expect(() => prepared(t.database.db, (q, _unused: string) => q.selectFrom('employments').select('id'), 1)).toThrow(/not used/);
  });
});
