// Who may use the employer console: every route × every outsider (an employee, another employer's
// admin, signed out, an admin without the second step, forged or garbled ids) is refused and
// changes nothing; and Northwind's admin never sees or changes a Brightwater record, invitation,
// audit entry or payroll question, even with a Brightwater id under Northwind's path.
import type { LightMyRequestResponse } from 'fastify';
import { FRONT_END, api, createTestApp, DEMO, outbox, signInAlex, unwrap } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { adminWithoutSecondStep, makeAdmin, signInAsAdmin } from '../test/admins';
import { consoleRoutes } from '../test/routes';
import type { RouteCase } from '../test/routes';
import { nowIso } from '../db/convert';
import { askQuestion } from '../payroll-questions/repository';

let t: TestApp;
let priya: SignedIn;
let bright: SignedIn;
/** A live Northwind key: revoking it is what the key route would change if let through. */
let northwindKey: string;
/** Open questions, one to each employer: answering them is what the question route would change. */
let northwindQuestion: string;
let brightwaterQuestion: string;
const NW = DEMO.employers.northwind;
const BW = DEMO.employers.brightwater;

/** What a refusal must leave as it was: every table the console writes, and the outbox. */
async function snapshot() {
  const db = t.database.db;
  const count = async (
    table:
      'employee_invitations' | 'employment_events' | 'audit_log' | 'admin_invitations' | 'employer_admins' | 'outbox' | 'console_uploads' | 'employer_pay_runs',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const records = await db.selectFrom('employments').select(['id', 'locked_at', 'failed_checks', 'user_id']).orderBy('id').execute();
  const keys = await db.selectFrom('employer_api_keys').select(['id', 'revoked_at', 'name']).orderBy('id').execute();
  const updates = await db.selectFrom('updates').select('id').orderBy('id').execute();
  const questions = await db.selectFrom('payroll_questions').select(['id', 'answer', 'answered_at']).orderBy('id').execute();
  return {
    invitations: await count('employee_invitations'),
    events: await count('employment_events'),
    audit: await count('audit_log'),
    adminInvitations: await count('admin_invitations'),
    admins: await count('employer_admins'),
    outbox: await count('outbox'),
    uploads: await count('console_uploads'),
    payRuns: await count('employer_pay_runs'),
    records: JSON.stringify(records),
    keys: JSON.stringify(keys),
    updates: JSON.stringify(updates),
    questions: JSON.stringify(questions),
  };
}

async function openQuestionAbout(userId: string, employmentId: string): Promise<string> {
  const payslip = await t.database.db.selectFrom('payslips').select('id').where('employment_id', '=', employmentId).executeTakeFirstOrThrow();
  const asked = await askQuestion(t.database, { userId, payslipId: payslip.id, lineName: 'Income Tax', linePence: 100, question: 'Why?' });
  if (asked.kind !== 'asked') throw new Error(asked.kind);
  return asked.question.id;
}

const send = (r: RouteCase, cookie: string | undefined): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: r.method,
    url: r.url({} as never),
    payload: r.body as object,
    headers: { ...(cookie ? { cookie } : {}), ...(r.method === 'GET' ? {} : { origin: FRONT_END }) },
  });

beforeAll(async () => {
  t = await createTestApp();
  priya = await signInAsAdmin(t, DEMO.priya.email);
  northwindQuestion = await openQuestionAbout(DEMO.alex.id, DEMO.employments.alexNorthwind);
  brightwaterQuestion = await openQuestionAbout(DEMO.sam.id, DEMO.employments.samBrightwater);
  await makeAdmin(t.database.db, BW, 'admin@brightwater.example', ['Bea', 'Waters']);
  bright = await signInAsAdmin(t, 'admin@brightwater.example');
  // A locked Brightwater record with a live invitation, and a Brightwater audit entry: things to protect.
  await t.database.db.updateTable('employments').set({ locked_at: nowIso(), failed_checks: 5 }).where('id', '=', DEMO.employments.invite).execute();
  const invited = await api(t.app, bright, 'POST', `/api/employers/${BW}/invitations`, { channel: 'email', employmentIds: [DEMO.employments.samBrightwater] });
  expect(invited.statusCode).toBe(200);
  await t.database.db.updateTable('employments').set({ user_id: null }).where('id', '=', DEMO.employments.samBrightwater).execute();
  await t.database.db.updateTable('employments').set({ locked_at: nowIso(), failed_checks: 5 }).where('id', '=', 'em_nw_casey').execute();
  northwindKey = unwrap<{ key: { id: string } }>(await api(t.app, priya, 'POST', `/api/employers/${NW}/keys`, {})).data.key.id;
}, 60_000);
afterAll(() => t.close());

// Northwind's routes, on a locked Northwind record: each would change something if let through.
const northwindRoutes = (): RouteCase[] =>
  consoleRoutes(NW, 'em_nw_casey', undefined, northwindKey, northwindQuestion).filter((r) => r.route.startsWith('/api/employers/'));

describe('every console route × every outsider', () => {
  it('refuses them all, with the contract’s codes, and changes nothing', async () => {
    const alex = await signInAlex(t.app);
    const withoutStep = await adminWithoutSecondStep(t, NW, 'new.admin@northwind.example');
    const before = await snapshot();
    const outsiders: { name: string; cookie: string | undefined; status: number; code?: string }[] = [
      { name: 'signed out', cookie: undefined, status: 401 },
      { name: 'a forged session', cookie: `__Host-app.at=${priya.jar.get('__Host-app.at')!.slice(0, -4)}AAAA`, status: 401 },
      { name: 'an employee (Alex)', cookie: alex.jar.header(), status: 404, code: 'console.not_found' },
      { name: 'another employer’s admin', cookie: bright.jar.header(), status: 404, code: 'console.not_found' },
      { name: 'an admin without the second step', cookie: withoutStep.jar.header(), status: 403, code: 'console.second_step_required' },
    ];
    const problems: string[] = [];
    for (const r of northwindRoutes()) {
      for (const o of outsiders) {
        const res = await send(r, o.cookie);
        const body = res.json<{ status: number; code?: string; data?: unknown }>();
        if (res.statusCode !== o.status || body.status !== o.status || (o.code && (body.code !== o.code || body.data !== null))) {
          problems.push(`${r.method} ${r.route} / ${o.name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('answers a garbled or unknown employer id 404, and a record of another employer 404', async () => {
    const before = await snapshot();
    const problems: string[] = [];
    for (const employerId of ['er_nowhere', 'er_northwind%27--', 'x'.repeat(65), BW]) {
      for (const r of consoleRoutes(employerId, 'em_nw_casey', undefined, northwindKey, northwindQuestion).filter((x) =>
        x.route.startsWith('/api/employers/'),
      )) {
        const res = await send(r, priya.jar.header());
        if (res.statusCode !== 404 || res.json<{ code: string }>().code !== 'console.not_found')
          problems.push(`${r.method} ${r.url({} as never)}: ${res.statusCode}`);
      }
    }
    // Brightwater's records (and garbled ids) under Northwind's path.
    for (const employmentId of [DEMO.employments.invite, DEMO.employments.samBrightwater, 'em_nobody', 'em%20bad', 'x'.repeat(65)]) {
      for (const r of northwindRoutes().filter((x) => x.route.includes(':employmentId'))) {
        const res = await send({ ...r, url: () => r.url({} as never).replace('em_nw_casey', employmentId) }, priya.jar.header());
        if (res.statusCode !== 404 || res.json<{ code: string }>().code !== 'console.employee_not_found')
          problems.push(`${r.method} ${r.route} ${employmentId}: ${res.statusCode}`);
      }
    }
    // Brightwater's question under Northwind's path.
    const answerOther = await api(t.app, priya, 'POST', `/api/employers/${NW}/questions/${brightwaterQuestion}/answer`, { answer: 'Not ours' });
    if (answerOther.statusCode !== 404 || answerOther.json<{ code: string }>().code !== 'console.question_not_found')
      problems.push(`answer a Brightwater question: ${answerOther.statusCode}`);
    const inviteOther = await api(t.app, priya, 'POST', `/api/employers/${NW}/invitations`, {
      channel: 'email',
      employmentIds: ['em_nw_robin', DEMO.employments.samBrightwater],
    });
    if (inviteOther.statusCode !== 404) problems.push(`invite with a Brightwater id: ${inviteOther.statusCode}`);
    expect(problems).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('shows Northwind’s admin none of Brightwater’s records, invitations or audit', async () => {
    const get = async (path: string) => (await api(t.app, priya, 'GET', `/api/employers/${NW}${path}`)).body;
    const seen = [
      await get('/employees?pageSize=200'),
      await get('/audit?limit=200'),
      await get('/audit.csv'),
      await get('/admins'),
      await get('/questions'),
    ].join('\n');
    for (const marker of ['Sam', 'Patel', 'Riley', 'em_sam_brightwater', 'em_invite_demo', 'Brightwater', 'admin@brightwater.example', 'Bea']) {
      expect({ marker, found: seen.includes(marker) }).toEqual({ marker, found: false });
    }
    const page = unwrap<{ employees: { id: string }[] }>(await api(t.app, priya, 'GET', `/api/employers/${NW}/employees?pageSize=200&q=sam`)).data;
    expect(page.employees).toEqual([]);
    // Everyone not linked at Northwind: not one Brightwater record.
    const everyone = unwrap<{ invited: string[]; skipped: { id: string }[] }>(
      await api(t.app, priya, 'POST', `/api/employers/${NW}/invitations`, { channel: 'sms', everyoneNotLinked: true }),
    ).data;
    expect([...everyone.invited, ...everyone.skipped.map((s) => s.id)].every((id) => !id.includes('brightwater') && id !== DEMO.employments.invite)).toBe(true);
    expect((await outbox(t.app, '07700900123')).filter((m) => m.subject.includes('Northwind'))).toEqual([]);
  });
});
