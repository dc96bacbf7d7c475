// The employer console's routes, as Northwind's admin (Priya) uses them: the employees list (paged,
// sorted, searched, states derived), invitations by text and e-mail (and linking with them), sending
// again, withdrawing, unlocking, the history, the audit log and its CSV, and the admins.
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { api, createTestApp, DEMO, outbox, register, unwrap } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { adminWithoutSecondStep, signInAsAdmin, signInWithoutSecondStep } from '../test/admins';
import { nowIso } from '../db/convert';
import { csvCell } from './audit';

let t: TestApp;
let priya: SignedIn;
const NW = `/api/employers/${DEMO.employers.northwind}`;

beforeAll(async () => {
  t = await createTestApp();
  priya = await signInAsAdmin(t, DEMO.priya.email);
}, 60_000);
afterAll(() => t.close());

type Row = {
  id: string;
  externalId: string;
  name: string;
  state: string;
  mobile: string | null;
  hasMobile: boolean;
  invitation: unknown;
  failedChecks: number;
};
type Page = { employees: Row[]; total: number; page: number; pageSize: number };
type History = { employee: Row; events: { kind: string; channel: string | null; by: { name: string; email: string } | null; reason: string | null }[] };
type Audit = {
  entries: { id: string; action: string; records: string[]; detail: string; address: string; actor: { name: string; email: string } }[];
  next: string | null;
};

const data = <T>(res: LightMyRequestResponse): T => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return unwrap<T>(res).data;
};
const list = async (query = '') => data<Page>(await api(t.app, priya, 'GET', `${NW}/employees${query}`));
const history = async (id: string) => data<History>(await api(t.app, priya, 'GET', `${NW}/employees/${id}/history`));
const audit = async (query = '') => data<Audit>(await api(t.app, priya, 'GET', `${NW}/audit${query}`));
const invite = (body: unknown) => api(t.app, priya, 'POST', `${NW}/invitations`, body);
const stateOf = async (id: string) => (await history(id)).employee.state;

let accounts = 0;
const newUser = (email?: string): Promise<SignedIn> => {
  accounts += 1;
  return register(t.app, { email: email ?? `console-user${accounts}@example.com`, password: 'a-long-password-3' });
};

describe('the console home and the roles', () => {
  it('lists the employers an admin runs and says the session passed its second step', async () => {
    expect(data(await api(t.app, priya, 'GET', '/api/employer-console'))).toEqual({
      employers: [{ id: DEMO.employers.northwind, name: 'Northwind Logistics Ltd' }],
      secondStep: true,
    });
    const without = await adminWithoutSecondStep(t, DEMO.employers.brightwater, 'new.admin@brightwater.example');
    expect(data(await api(t.app, without, 'GET', '/api/employer-console'))).toMatchObject({ secondStep: false });
  });

  it('lists nothing for an employee, and /app/me/ gives the roles', async () => {
    const alex = await signInWithoutSecondStep(t.app, DEMO.alex.email);
    expect(data(await api(t.app, alex, 'GET', '/api/employer-console'))).toEqual({ employers: [], secondStep: false });
    expect((await api(t.app, alex, 'GET', '/app/me/')).json()).toMatchObject({ roles: [] });
    expect((await api(t.app, priya, 'GET', '/app/me/')).json()).toMatchObject({ roles: ['employer-admin'], given_name: 'Priya', family_name: 'Shah' });
  });
});

describe('the employees list', () => {
  it('pages, sorts and searches on the server', async () => {
    const all = await list();
    expect(all.total).toBe(8);
    expect(all.pageSize).toBe(50);
    expect(all.employees.map((e) => e.name)).toEqual([...all.employees.map((e) => e.name)].sort());
    expect(all.employees.every((e) => e.id !== DEMO.employments.samBrightwater)).toBe(true);

    const page2 = await list('?pageSize=3&page=2&sort=externalId&order=desc');
    const ids = (await list('?sort=externalId&order=desc')).employees.map((e) => e.externalId);
    expect(page2.employees.map((e) => e.externalId)).toEqual(ids.slice(3, 6));
    expect(page2).toMatchObject({ total: 8, page: 2, pageSize: 3 });

    const casey = await list('?q=CASEY.lewis');
    expect(casey.total).toBe(1);
    expect(casey.employees[0]).toMatchObject({
      id: 'em_nw_casey',
      mobile: '07••• •••789',
      hasMobile: true,
      state: 'not_invited',
      invitation: null,
      failedChecks: 0,
    });
    expect((await list('?q=em_starter')).total).toBe(4);
    expect((await list('?q=100%25')).total).toBe(0); // % is matched as itself
    expect((await list('?state=linked')).employees.map((e) => e.id)).toEqual([DEMO.employments.alexNorthwind]);
    const byState = (await list('?sort=state')).employees.map((e) => e.state);
    expect(byState[byState.length - 1]).toBe('linked');
  });

  it('refuses a bad query', async () => {
    for (const query of ['?pageSize=201', '?sort=salary', '?state=unknown', '?page=0', '?extra=1']) {
      expect((await api(t.app, priya, 'GET', `${NW}/employees${query}`)).statusCode).toBe(400);
    }
  });
});

describe('invitations', () => {
  it('invites by text, skips a record without a mobile, and the link finds the record to link', async () => {
    const res = await invite({ channel: 'sms', employmentIds: ['em_nw_casey', 'em_nw_robin', DEMO.employments.alexNorthwind] });
    expect(data(res)).toEqual({
      invited: ['em_nw_casey'],
      skipped: [
        { id: DEMO.employments.alexNorthwind, reason: 'linked' },
        { id: 'em_nw_robin', reason: 'no_mobile' },
      ],
    });
    const [text] = await outbox(t.app, '07700900789');
    expect(text!.channel).toBe('sms');
    expect(text!.link).toMatch(/^http:\/\/localhost:8080\/\?token=[A-Za-z0-9_-]{43}$/);
    const token = new URL(text!.link!).searchParams.get('token')!;
    const stored = await t.database.db.selectFrom('employee_invitations').selectAll().where('employment_id', '=', 'em_nw_casey').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);
    expect(new Date(stored[0]!.expires_at).getTime() - Date.now()).toBeGreaterThan(13.9 * 24 * 3600_000);
    expect(await stateOf('em_nw_casey')).toBe('invited');
    expect(data<{ skipped: unknown }>(await invite({ channel: 'sms', employmentIds: ['em_nw_casey'] })).skipped).toEqual([
      { id: 'em_nw_casey', reason: 'already_invited' },
    ]);

    // Casey links with the token from the text.
    const casey = await newUser();
    await api(t.app, casey, 'GET', `/api/users/${casey.sub}/linking_code_id/${token}/07700900789`);
    const code = (await outbox(t.app, '07700900789'))[0]!.code!;
    expect(await stateOf('em_nw_casey')).toBe('code_sent');
    const linked = await api(t.app, casey, 'POST', `/api/users/${casey.sub}/linking_code/${code}`, {
      code,
      NINumber: 'AB200001D',
      bankAccount: '2468',
      dob: '03/22/1994',
      externalEmploymentID: 'em_nw_casey',
    });
    expect(linked.statusCode).toBe(200);
    expect(await stateOf('em_nw_casey')).toBe('linked');
    const spent = await t.database.db.selectFrom('employee_invitations').select('used_at').where('employment_id', '=', 'em_nw_casey').executeTakeFirstOrThrow();
    expect(spent.used_at).not.toBeNull();

    const events = (await history('em_nw_casey')).events;
    expect(events.map((e) => e.kind)).toEqual(['linked', 'code_sent', 'invited']);
    expect(events[2]).toMatchObject({ channel: 'sms', by: { name: 'Priya Shah', email: DEMO.priya.email } });
    expect(events[1]).toMatchObject({ channel: 'sms', by: null });
    expect(JSON.stringify(events)).not.toContain(token);
    expect(JSON.stringify(events)).not.toContain(code);

    const [entry] = (await audit()).entries;
    expect(entry).toMatchObject({ action: 'invite', records: ['em_nw_casey'], actor: { name: 'Priya Shah', email: DEMO.priya.email }, address: '127.0.0.1' });
  });

  it('keeps the demo invitation token working', async () => {
    const stored = await t.database.db
      .selectFrom('employee_invitations')
      .select(['employment_id', 'expires_at'])
      .where('id', '=', 'inv_demo')
      .executeTakeFirstOrThrow();
    expect(stored.employment_id).toBe(DEMO.employments.invite);
    expect(new Date(stored.expires_at).getTime()).toBeGreaterThan(Date.now() + 365 * 24 * 3600_000);
  });

  it('invites by e-mail, sends again after a minute with a new link, and withdraws', async () => {
    expect(data(await invite({ channel: 'email', employmentIds: ['em_nw_robin'] }))).toEqual({ invited: ['em_nw_robin'], skipped: [] });
    const [mail] = await outbox(t.app, 'robin.hughes@example.com');
    expect(mail!.body).toContain('Register at http://localhost:8080/ with this e-mail address (robin.hughes@example.com)');

    const soon = await api(t.app, priya, 'POST', `${NW}/employees/em_nw_robin/invitation/resend`, {});
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ status: 429, code: 'console.resend_too_soon', data: null });
    expect(Number(soon.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    await t.database.db
      .updateTable('employee_invitations')
      .set({ last_sent_at: nowIso(-61_000) })
      .where('employment_id', '=', 'em_nw_robin')
      .execute();
    const resent = await api(t.app, priya, 'POST', `${NW}/employees/em_nw_robin/invitation/resend`, {});
    expect(data<{ sentAt: string }>(resent).sentAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await outbox(t.app, 'robin.hughes@example.com')).toHaveLength(2);

    expect(data(await api(t.app, priya, 'DELETE', `${NW}/employees/em_nw_robin/invitation`, {}))).toEqual({ revoked: true });
    expect(await stateOf('em_nw_robin')).toBe('not_invited');
    const again = await api(t.app, priya, 'DELETE', `${NW}/employees/em_nw_robin/invitation`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'console.no_invitation' });
    expect((await api(t.app, priya, 'POST', `${NW}/employees/em_nw_robin/invitation/resend`, {})).json()).toMatchObject({ code: 'console.no_invitation' });
    expect((await history('em_nw_robin')).events.map((e) => e.kind)).toEqual(['invitation_revoked', 'invitation_resent', 'invited']);
    expect((await audit('?limit=3')).entries.map((e) => e.action)).toEqual(['revoke', 'resend', 'invite']);
  });

  it('invites everyone not linked, and asks for exactly one of the two', async () => {
    const everyone = data<{ invited: string[]; skipped: { id: string; reason: string }[] }>(await invite({ channel: 'email', everyoneNotLinked: true }));
    expect(everyone.invited).toEqual(expect.arrayContaining(['em_nw_robin', 'em_starter1']));
    expect(everyone.invited).not.toContain('em_nw_casey');
    expect(everyone.skipped).toEqual([]);
    for (const body of [
      { channel: 'email' },
      { channel: 'email', everyoneNotLinked: true, employmentIds: ['em_nw_robin'] },
      { channel: 'fax', everyoneNotLinked: true },
    ]) {
      const res = await invite(body);
      expect(res.statusCode).toBe(400);
    }
    expect((await invite({ channel: 'email', employmentIds: [DEMO.employments.samBrightwater] })).json()).toMatchObject({
      status: 404,
      code: 'console.employee_not_found',
    });
  });
});

describe('locks and unlocking', () => {
  it('records failed identity checks and the lock in the history, and an admin unlocks', async () => {
    await t.database.db.updateTable('employee_invitations').set({ revoked_at: nowIso() }).where('employment_id', '=', 'em_starter2').execute();
    const user = await newUser();
    await api(t.app, user, 'GET', `/api/users/${user.sub}/linking_code_email/starter2%40example.com`);
    const code = (await outbox(t.app, 'starter2@example.com'))[0]!.code!;
    for (let i = 0; i < 5; i++) {
      await api(t.app, user, 'POST', `/api/users/${user.sub}/linking_code/${code}`, {
        code,
        NINumber: 'AB100002C',
        bankAccount: '0000',
        dob: '05/14/1990',
        externalEmploymentID: 'em_starter2',
      });
    }
    const locked = await history('em_starter2');
    expect(locked.employee).toMatchObject({ state: 'locked', failedChecks: 5 });
    expect(locked.events.map((e) => e.kind).slice(0, 3)).toEqual(['locked', 'identity_check_failed', 'identity_check_failed']);
    expect(locked.events.filter((e) => e.kind === 'identity_check_failed')).toHaveLength(5);
    expect(data<{ skipped: unknown }>(await invite({ channel: 'email', employmentIds: ['em_starter2'] })).skipped).toEqual([
      { id: 'em_starter2', reason: 'locked' },
    ]);

    const unlock = (body: unknown) => api(t.app, priya, 'POST', `${NW}/employees/em_starter2/unlock`, body);
    expect((await unlock({ identityChecked: false, reason: 'Checked by phone' })).statusCode).toBe(400);
    expect((await unlock({ identityChecked: true, reason: 'ok' })).statusCode).toBe(400);
    expect((await unlock({ identityChecked: true, reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect(data(await unlock({ identityChecked: true, reason: 'Called Jamie on the number in the HR file' }))).toEqual({ unlocked: true });
    const notLocked = await unlock({ identityChecked: true, reason: 'Called Jamie again' });
    expect(notLocked.statusCode).toBe(409);
    expect(notLocked.json()).toEqual({ status: 409, error: 'This record is not locked.', code: 'console.not_locked', data: null });

    const after = await history('em_starter2');
    expect(after.employee).toMatchObject({ state: 'not_invited', failedChecks: 0 });
    expect(after.events[0]).toMatchObject({ kind: 'unlocked', reason: 'Called Jamie on the number in the HR file', by: { email: DEMO.priya.email } });
    const [told] = await outbox(t.app, 'starter2@example.com');
    expect(told!.subject).toBe('Your Northwind Logistics Ltd payroll record is unlocked');
    expect((await audit('?limit=1')).entries[0]).toMatchObject({ action: 'unlock', records: ['em_starter2'] });
  });

  it('tells a locked record with a mobile number by text too', async () => {
    await t.database.db.updateTable('employments').set({ locked_at: nowIso(), failed_checks: 5 }).where('id', '=', DEMO.employments.newStarter).execute();
    await t.database.db.updateTable('employments').set({ mobile_phone: '07700900555' }).where('id', '=', DEMO.employments.newStarter).execute();
    const res = await api(t.app, priya, 'POST', `${NW}/employees/${DEMO.employments.newStarter}/unlock`, { identityChecked: true, reason: 'Seen in person' });
    expect(res.statusCode).toBe(200);
    expect((await outbox(t.app, '07700900555'))[0]).toMatchObject({ channel: 'sms', subject: 'Your Northwind Logistics Ltd payroll record is unlocked' });
    expect((await outbox(t.app, 'new.starter@example.com'))[0]).toMatchObject({ channel: 'email' });
  });
});

describe('the audit log', () => {
  it('pages newest first', async () => {
    const first = await audit('?limit=2');
    expect(first.entries).toHaveLength(2);
    expect(first.next).toBe(first.entries[1]!.id);
    const second = await audit(`?limit=2&before=${first.next}`);
    expect(Number(second.entries[0]!.id)).toBeLessThan(Number(first.next));
    const all = await audit('?limit=200');
    expect(all.next).toBeNull();
  });

  it('downloads as CSV with formulas made inert', async () => {
    await t.database.db
      .insertInto('audit_log')
      .values({
        employer_id: DEMO.employers.northwind,
        actor_user_id: DEMO.priya.id,
        action: 'invite',
        records: JSON.stringify(['=HYPERLINK("x")', 'b']),
        detail: '@SUM(A1), "quoted"\nnext line',
        address: '-1+1',
        created_at: nowIso(),
      })
      .execute();
    const res = await api(t.app, priya, 'GET', `${NW}/audit.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-er_northwind-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Time,Admin,Email,Action,Records,Detail,Address');
    expect(lines[1]).toMatch(/^\d{4}-.*Z,Priya Shah,payroll@northwind\.example,invite,"'=HYPERLINK\(""x""\) b","'@SUM\(A1\), ""quoted""\nnext line",'-1\+1$/);
  });

  it('escapes each dangerous first character', () => {
    expect(['=1', '+1', '-1', '@a', '\tx', '\rx', 'plain', 'a,b'].map(csvCell)).toEqual(["'=1", "'+1", "'-1", "'@a", "'\tx", `"'\rx"`, 'plain', '"a,b"']);
  });

  it('is append-only: the database refuses to change or delete an entry', async () => {
    // What the database answered: its refusal's message, or 'done' when it let the change through.
    const answer = (change: Promise<unknown>) =>
      change.then(
        () => 'done',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
    const entries = await t.database.db.selectFrom('audit_log').select('id').execute();
    const events = await t.database.db.selectFrom('employment_events').select('id').execute();
    expect(entries.length).toBeGreaterThan(0);
    expect(events.length).toBeGreaterThan(0);
    expect(await answer(t.database.db.updateTable('audit_log').set({ detail: 'changed' }).execute())).toMatch(/append-only/);
    expect(await answer(t.database.db.deleteFrom('audit_log').execute())).toMatch(/append-only/);
    expect(await answer(sql`delete from employment_events`.execute(t.database.db))).toMatch(/append-only/);
    expect(await t.database.db.selectFrom('audit_log').select('id').execute()).toHaveLength(entries.length);
  });
});

describe('admins', () => {
  it('lists admins, invites one by e-mail, and only the invited account accepts', async () => {
    expect(data(await api(t.app, priya, 'GET', `${NW}/admins`))).toEqual({
      admins: [{ name: 'Priya Shah', email: DEMO.priya.email, since: expect.any(String) }],
      invitations: [],
    });
    expect(data(await api(t.app, priya, 'POST', `${NW}/admins`, { email: 'Second.Admin@example.com' }))).toEqual({ invited: true });
    const [mail] = await outbox(t.app, 'second.admin@example.com');
    expect(mail!.link).toMatch(/^http:\/\/localhost:8080\/employer\/accept\?token=[A-Za-z0-9_-]{43}$/);
    const token = new URL(mail!.link!).searchParams.get('token')!;
    expect(data<{ invitations: { email: string }[] }>(await api(t.app, priya, 'GET', `${NW}/admins`)).invitations).toEqual([
      { email: 'second.admin@example.com', sentAt: expect.any(String), expiresAt: expect.any(String) },
    ]);
    expect((await audit('?limit=1')).entries[0]).toMatchObject({ action: 'admin_invited', detail: 'Invited second.admin@example.com to be an admin' });

    const someoneElse = await newUser();
    const wrong = await api(t.app, someoneElse, 'POST', `/api/admin-invitations/${token}`, {});
    expect(wrong.json()).toMatchObject({ status: 403, code: 'console.invitation_other_account' });

    const second = await newUser('second.admin@example.com');
    expect(data(await api(t.app, second, 'POST', `/api/admin-invitations/${token}`, {}))).toEqual({
      employer: { id: DEMO.employers.northwind, name: 'Northwind Logistics Ltd' },
    });
    expect((await api(t.app, second, 'POST', `/api/admin-invitations/${token}`, {})).json()).toMatchObject({ status: 404, code: 'console.invitation_invalid' });
    expect((await api(t.app, second, 'POST', '/api/admin-invitations/not-a-token', {})).json()).toMatchObject({
      status: 404,
      code: 'console.invitation_invalid',
    });
    expect(data(await api(t.app, second, 'GET', '/api/employer-console'))).toMatchObject({ employers: [{ id: DEMO.employers.northwind }] });
    // A new admin's session still needs its second step for the employer's routes.
    expect((await api(t.app, second, 'GET', `${NW}/admins`)).json()).toMatchObject({ status: 403, code: 'console.second_step_required' });
  });

  it('refuses an invitation past its 14 days', async () => {
    await api(t.app, priya, 'POST', `${NW}/admins`, { email: 'late.admin@example.com' });
    const token = new URL((await outbox(t.app, 'late.admin@example.com'))[0]!.link!).searchParams.get('token')!;
    await t.database.db
      .updateTable('admin_invitations')
      .set({ expires_at: nowIso(-1000) })
      .where('email', '=', 'late.admin@example.com')
      .execute();
    const late = await newUser('late.admin@example.com');
    expect((await api(t.app, late, 'POST', `/api/admin-invitations/${token}`, {})).statusCode).toBe(404);
  });
});
