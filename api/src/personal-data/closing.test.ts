// Closing an account: what it means for the person, then with the password and a second step (a code
// e-mailed to the sign-in address, or the authenticator app's), the account and everything of it
// gone at once, the employer's records left with the employer linked to no one; the e-mail free to
// register again as a new account that sees nothing; other users untouched; 300 closings at once
// close once.
import { sql } from 'kysely';
import {
  CLIENT_ID,
  DEMO,
  DEMO_PASSWORD,
  FRONT_END,
  api,
  latestCode,
  liveTestApp,
  outbox,
  register,
  signIn,
  signInAlex,
  signInSam,
  unwrap,
} from '../test/helpers';
import type { SignedIn } from '../test/helpers';
import { burst } from '../test/burst';
import { signInAsAdmin } from '../test/admins';
import { freshCode } from '../test/second-step';
import { nowIso } from '../db/convert';
import { CLOSING_CODE_MAX_TRIES, CLOSING_CODE_SENDS } from './limits';
import welsh from '../identity/messages/cy.json';

const live = liveTestApp({});
const db = () => live.t.database.db;
const PASSWORD = 'a long password for closing';

const closeUrl = (user: SignedIn) => `/api/users/${user.sub}/close-account`;
const close = (user: SignedIn, body: unknown) => api(live.t.app, user, 'POST', closeUrl(user), body);
const sendCode = (user: SignedIn) => api(live.t.app, user, 'POST', `${closeUrl(user)}/code`, {});

/** A new account, linked to an unlinked demo record (as linking leaves it), with notification choices saved. */
async function linkedAccount(email: string, employmentId: string): Promise<SignedIn> {
  const user = await register(live.t.app, { email, password: PASSWORD, firstName: 'Jo', lastName: 'Leaver' });
  await db().updateTable('employments').set({ user_id: user.sub, linked_at: nowIso() }).where('id', '=', employmentId).execute();
  expect((await api(live.t.app, user, 'PUT', `/api/users/${user.sub}/notification-preferences`, { email: true, sms: true, whatsApp: false })).statusCode).toBe(
    200,
  );
  return user;
}

/** Every table with a `user_id` column, and how many of its rows name `userId` (with the two account tables by their id). */
async function rowsOf(userId: string): Promise<Record<string, number>> {
  const tables =
    live.t.database.dialect === 'postgres'
      ? (
          await sql<{
            table_name: string;
          }>`select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'user_id'`.execute(db())
        ).rows.map((r) => r.table_name)
      : (
          await sql<{
            name: string;
          }>`select m.name from sqlite_master m join pragma_table_info(m.name) c where m.type = 'table' and c.name = 'user_id'`.execute(db())
        ).rows.map((r) => r.name);
  const counts: Record<string, number> = {};
  for (const table of [...tables.sort(), 'identity_users', 'users']) {
    const column = table === 'identity_users' || table === 'users' ? 'id' : 'user_id';
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${userId}`.execute(db());
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

const none = (counts: Record<string, number>) => Object.fromEntries(Object.keys(counts).map((table) => [table, 0]));

describe('what closing means', () => {
  it('names the second step and each linked employer with how long it keeps pay records', async () => {
    const alex = await signInAlex(live.t.app);
    const res = await api(live.t.app, alex, 'GET', closeUrl(alex));
    expect(res.statusCode).toBe(200);
    expect(unwrap(res).data).toEqual({
      email: DEMO.alex.email,
      secondStep: 'email',
      employers: [
        { name: 'Brightwater Foods plc', retentionYears: 6, endDate: '2025-03-31' },
        { name: 'Northwind Logistics Ltd', retentionYears: 6, endDate: null },
      ],
    });
    const sam = await signInSam(live.t.app);
    expect((await api(live.t.app, sam, 'GET', closeUrl(alex))).statusCode).toBe(403);
    expect((await live.t.app.inject({ url: closeUrl(alex) })).statusCode).toBe(401);
  });
});

describe('closing with a code e-mailed to the sign-in address', () => {
  it('asks for the password and a live code, then deletes the account at once and leaves the employer its records', async () => {
    const email = 'closing.person@example.com';
    const user = await linkedAccount(email, DEMO.employments.newStarter);
    // A question to payroll is the person's words: it goes with the account.
    const payslip = await db().selectFrom('payslips').select('id').where('employment_id', '=', DEMO.employments.newStarter).executeTakeFirstOrThrow();
    const question = { lineName: 'Income Tax', linePence: 10_000, question: 'Why is my tax higher this month?' };
    expect((await api(live.t.app, user, 'POST', `/api/users/${user.sub}/payslips/${payslip.id}/questions`, question)).statusCode).toBe(200);
    const before = await rowsOf(user.sub);
    expect(before).toMatchObject({ identity_users: 1, users: 1, sessions: 1, notification_preferences: 1, payroll_questions: 1 });
    const payslipsBefore = await db().selectFrom('payslips').select('id').where('employment_id', '=', DEMO.employments.newStarter).execute();

    // No code asked for yet, a wrong password, a wrong code: refused, each saying which.
    expect((await close(user, { password: PASSWORD, code: '123456' })).json()).toMatchObject({ status: 400, code: 'closing.code_none' });
    const sent = await sendCode(user);
    expect(unwrap(sent).data).toEqual({ sentTo: email, expiresInSeconds: 600 });
    const [message] = await outbox(live.t.app, email);
    expect(message).toMatchObject({ subject: 'Your code to close your pay portal account', body: expect.stringContaining('works once, for 10 minutes') });
    const code = await latestCode(live.t.app, email);
    expect((await close(user, { password: 'not my password at all', code })).json()).toMatchObject({ status: 400, code: 'closing.password_wrong' });
    const wrong = code === '111111' ? '222222' : '111111';
    expect((await close(user, { password: PASSWORD, code: wrong })).json()).toEqual({
      status: 400,
      error: expect.any(String),
      code: 'closing.code_wrong',
      triesLeft: CLOSING_CODE_MAX_TRIES - 1,
      data: null,
    });
    expect(await rowsOf(user.sub)).toEqual({ ...before, account_closing_codes: 1 });

    const closed = await close(user, { password: PASSWORD, code });
    expect(closed.statusCode).toBe(200);
    expect(unwrap(closed).data).toEqual({ closed: true });
    // The browser's session cookies are cleared by the answer itself.
    const cleared = (closed.cookies as { name: string; value: string }[]).filter((c) => c.name.startsWith('__Host-app.'));
    expect(cleared.map((c) => c.name).sort()).toEqual(['__Host-app.at', '__Host-app.at_exp', '__Host-app.idt', '__Host-app.rt']);
    expect(cleared.every((c) => c.value === '')).toBe(true);

    // Gone at once: the session is refused, the refresh token too, the password signs nobody in.
    expect((await api(live.t.app, user, 'GET', '/api/users/authorised')).statusCode).toBe(401);
    expect((await api(live.t.app, user, 'GET', '/app/me/')).statusCode).toBe(401);
    const refreshed = await live.t.app.inject({
      method: 'POST',
      url: `/app/refresh/?client_id=${CLIENT_ID}`,
      headers: { cookie: user.jar.header(), origin: FRONT_END },
    });
    expect(refreshed.statusCode).toBe(400);
    await expect(signIn(live.t.app, email, PASSWORD)).rejects.toThrow(/sign-in did not finish/);
    expect(await rowsOf(user.sub)).toEqual(none(before));

    // The employer keeps its record and the payslips it published, linked to no one.
    const record = await db()
      .selectFrom('employments')
      .select(['user_id', 'linked_at'])
      .where('id', '=', DEMO.employments.newStarter)
      .executeTakeFirstOrThrow();
    expect(record).toEqual({ user_id: null, linked_at: null });
    expect(await db().selectFrom('payslips').select('id').where('employment_id', '=', DEMO.employments.newStarter).execute()).toEqual(payslipsBefore);

    // The address may register again: a new account, which sees nothing until it links again.
    const again = await register(live.t.app, { email, password: 'another long password 2' });
    expect(again.sub).not.toBe(user.sub);
    expect(unwrap<{ employments: unknown[] }[]>(await api(live.t.app, again, 'GET', '/api/users/authorised')).data[0]!.employments).toEqual([]);
    expect((await api(live.t.app, again, 'GET', `/api/users/${again.sub}/employments/${DEMO.employments.newStarter}/payslips`)).statusCode).toBe(404);

    // Everyone else as before.
    const alex = await signInAlex(live.t.app);
    expect(unwrap<{ employments: unknown[] }[]>(await api(live.t.app, alex, 'GET', '/api/users/authorised')).data[0]!.employments).toHaveLength(2);
  });

  it(`checks a code at most ${CLOSING_CODE_MAX_TRIES} times, for 10 minutes, and e-mails ${CLOSING_CODE_SENDS.max} codes a quarter of an hour`, async () => {
    const email = 'closing.limits@example.com';
    const user = await register(live.t.app, { email, password: PASSWORD });
    expect((await sendCode(user)).statusCode).toBe(200);
    const code = await latestCode(live.t.app, email);
    const wrong = code === '111111' ? '222222' : '111111';
    const answers = [];
    for (let i = 0; i < CLOSING_CODE_MAX_TRIES; i += 1) answers.push((await close(user, { password: PASSWORD, code: wrong })).json().triesLeft);
    expect(answers).toEqual([4, 3, 2, 1, 0]);
    // Out of tries: the right code no longer works either.
    expect((await close(user, { password: PASSWORD, code })).json()).toMatchObject({ code: 'closing.code_none' });

    // A new code replaces it; once expired, it does not work.
    expect((await sendCode(user)).statusCode).toBe(200);
    const second = await latestCode(live.t.app, email);
    await db()
      .updateTable('account_closing_codes')
      .set({ expires_at: nowIso(-1000) })
      .where('user_id', '=', user.sub)
      .execute();
    expect((await close(user, { password: PASSWORD, code: second })).json()).toMatchObject({ code: 'closing.code_none' });

    expect((await sendCode(user)).statusCode).toBe(200);
    const refused = await sendCode(user);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({ code: 'closing.too_many_sends' });
    expect((await api(live.t.app, user, 'GET', '/api/users/authorised')).statusCode).toBe(200); // still open
  });
});

describe('closing an account with an authenticator app', () => {
  it('asks for the app’s code (no e-mailed code), and takes the admin role, the app and its recovery codes with it; the audit log stays the employer’s', async () => {
    const priya = await signInAsAdmin(live.t, DEMO.priya.email);
    expect(unwrap(await api(live.t.app, priya, 'GET', closeUrl(priya))).data).toMatchObject({ secondStep: 'authenticator', employers: [] });
    expect((await sendCode(priya)).json()).toMatchObject({ status: 409, code: 'closing.has_authenticator' });
    expect((await close(priya, { password: DEMO_PASSWORD, code: '000000' })).json()).toMatchObject({ status: 400, code: 'closing.code_wrong' });
    const auditBefore = await db().selectFrom('audit_log').select('id').execute();
    const before = await rowsOf(priya.sub);
    expect(before).toMatchObject({ employer_admins: 1, second_step_authenticators: 1, second_step_recovery_codes: 10 });

    const closed = await close(priya, { password: DEMO_PASSWORD, code: await freshCode(live.t.app, DEMO.priya.email) });
    expect(closed.statusCode).toBe(200);
    expect(await rowsOf(priya.sub)).toEqual(none(before));
    expect(await db().selectFrom('audit_log').select('id').execute()).toEqual(auditBefore);
    expect((await api(live.t.app, priya, 'GET', '/api/employer-console')).statusCode).toBe(401);
  });
});

describe('300 closings at once', () => {
  it('close the account once; every other answer is a refusal, and other users carry on', async () => {
    const email = 'closing.burst@example.com';
    const user = await linkedAccount(email, 'em_starter4');
    await sendCode(user);
    const code = await latestCode(live.t.app, email);
    const call = {
      method: 'POST',
      path: closeUrl(user),
      headers: { cookie: user.jar.header(), origin: FRONT_END, 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD, code }),
    };
    const result = await burst(
      live.server,
      Array.from({ length: 300 }, () => call),
    );
    if (process.env.SHOW_FIGURES) console.log(live.t.database.dialect, result.statuses);
    expect(result.statuses['200']).toBe(1);
    expect(Object.keys(result.statuses).filter((status) => Number(status) >= 500)).toEqual([]);
    expect(await rowsOf(user.sub)).toEqual(none(await rowsOf(user.sub)));
    expect((await db().selectFrom('employments').select('user_id').where('id', '=', 'em_starter4').executeTakeFirstOrThrow()).user_id).toBeNull();
    const sam = await signInSam(live.t.app);
    expect((await api(live.t.app, sam, 'GET', '/api/users/authorised')).statusCode).toBe(200);
  }, 120_000);
});

describe('the closing code in Welsh', () => {
  it('is e-mailed in the language the account chose', async () => {
    const email = 'cau.cyfrif@example.com';
    const user = await register(live.t.app, { email, password: PASSWORD, firstName: 'Nia', lastName: 'Jones' });
    expect((await api(live.t.app, user, 'PATCH', `/api/users/${user.sub}`, { language: 'cy' })).statusCode).toBe(200);
    expect((await sendCode(user)).statusCode).toBe(200);
    const [message] = await outbox(live.t.app, email);
    const code = await latestCode(live.t.app, email);
    expect(message).toMatchObject({ subject: welsh.closingCodeSubject, body: welsh.closingCodeBody.replace('{code}', code) });
  });
});
