// Linking an employment: codes by e-mail and by invitation + phone, confirm, finalize, and the
// rules of decisions.md (single use, 10 minutes, 5 tries per code, 20 per user per hour, 30-second
// resend lockout, 5 failed identity checks lock the record, no enumeration).
import { api, createTestApp, latestCode, outbox, register, unwrap } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { nowIso } from '../db/convert';
import welsh from './messages/cy.json';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let accounts = 0;
/** A fresh account (its own rate limits), registered and signed in like a browser. */
function newUser(): Promise<SignedIn> {
  accounts += 1;
  return register(t.app, { email: `linker${accounts}@example.com`, password: 'a-long-password-3' });
}

/** Lets the 30-second resend lockout pass without waiting. */
async function expireLockout(user: SignedIn) {
  await t.database.db
    .updateTable('link_requests')
    .set({ created_at: nowIso(-31_000) })
    .where('user_id', '=', user.sub)
    .execute();
}

const sendByEmail = (user: SignedIn, email: string) => api(t.app, user, 'GET', `/api/users/${user.sub}/linking_code_email/${encodeURIComponent(email)}`);
const confirm = (user: SignedIn, code: string) => api(t.app, user, 'GET', `/api/users/${user.sub}/linking_code/${code}`);
const finalize = (user: SignedIn, code: string, body: Record<string, string>) =>
  api(t.app, user, 'POST', `/api/users/${user.sub}/linking_code/${code}`, { code, ...body });
/** The NI number on the user's identity (GET /api/user/{sub}, what Profile shows). */
async function niNumberOf(user: SignedIn): Promise<string | null> {
  const res = await api(t.app, user, 'GET', `/api/user/${user.sub}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ user: { data: { niNumber: string | null } } }>().user.data.niNumber;
}
const wrongCode = (code: string) => String(code === '999999' ? 999998 : 999999);

describe('linking by e-mail', () => {
  it('sends a code, confirms it and links the record after the identity check', async () => {
    const user = await newUser();
    const sent = await sendByEmail(user, 'New.Starter@example.com');
    expect(sent.statusCode).toBe(200);
    expect(unwrap(sent)).toEqual({ status: 200, error: null, data: { sent: true } });

    const code = await latestCode(t.app, 'new.starter@example.com');
    expect(code).toMatch(/^[1-9]\d{5}$/);

    const confirmed = await confirm(user, code);
    expect(confirmed.statusCode).toBe(200);
    const { externalEmploymentID } = unwrap<{ externalEmploymentID: string }>(confirmed).data;
    expect(externalEmploymentID).toBe('em_new_starter');

    // Spec form: NI in any case with spaces, dob as MM/DD/YYYY.
    const done = await finalize(user, code, { NINumber: 'ab 12 34 56 c', bankAccount: '4321', dob: '05/14/1990', externalEmploymentID });
    expect(done.statusCode).toBe(200);
    const inner = unwrap<string>(done);
    expect(typeof inner.data).toBe('string'); // JSON text, as the front end expects
    expect(inner.data.length).toBeGreaterThanOrEqual(30);
    expect(JSON.parse(inner.data)).toEqual([{ ID: 'em_new_starter', name: 'Northwind Logistics Ltd', active: true, endDate: null }]);

    const authorised = unwrap<{ employments: { ID: string }[] }[]>(await api(t.app, user, 'GET', '/api/users/authorised'));
    expect(authorised.data[0]!.employments.map((e) => e.ID)).toEqual(['em_new_starter']);
    // The NI number the check proved is the user's own now: Profile shows it at once.
    expect(await niNumberOf(user)).toBe('AB123456C');
    const slips = await api(t.app, user, 'GET', `/api/users/${user.sub}/employments/em_new_starter/payslips`);
    expect(unwrap<unknown[]>(slips).data.length).toBeGreaterThan(0);

    // Single use: the same code does nothing more.
    expect((await confirm(user, code)).statusCode).toBe(400);
    // And nobody else can ask for a code for a record that is now linked: no message is sent.
    const other = await newUser();
    const before = (await outbox(t.app, 'new.starter@example.com')).length;
    expect(unwrap(await sendByEmail(other, 'new.starter@example.com')).data).toEqual({ sent: true });
    expect(await outbox(t.app, 'new.starter@example.com')).toHaveLength(before);
  });

  it('sends the code in the language the person chose, as the set-up screens speak it', async () => {
    const user = await newUser();
    expect((await api(t.app, user, 'PATCH', `/api/users/${user.sub}`, { language: 'cy' })).statusCode).toBe(200);
    const earlier = new Set((await outbox(t.app, 'starter1@example.com')).map((m) => m.id));
    expect((await sendByEmail(user, 'starter1@example.com')).statusCode).toBe(200);
    const message = (await outbox(t.app, 'starter1@example.com')).find((m) => !earlier.has(m.id));
    expect(message?.subject).toBe(welsh.codeSubject.replace('{employer}', 'Northwind Logistics Ltd'));
    expect(message?.body).toBe(welsh.codeBody.replace('{employer}', 'Northwind Logistics Ltd').replace('{code}', message!.code!));
  });

  it('answers the same whether or not the e-mail matched, and sends nothing when it did not', async () => {
    const user = await newUser();
    const miss = await sendByEmail(user, 'nobody-here@example.com');
    await expireLockout(user);
    const hit = await sendByEmail(user, 'starter3@example.com');
    expect(miss.statusCode).toBe(hit.statusCode);
    expect(miss.body).toBe(hit.body);
    expect(await outbox(t.app, 'nobody-here@example.com')).toEqual([]);
  });

  it('answers before it looks for matching records, so its timing cannot tell whether the address matched', async () => {
    const user = await newUser();
    // With the records out of reach, the request still answers: nothing before the answer reads them.
    await t.database.db.schema.alterTable('employments').renameTo('employments_away').execute();
    try {
      const res = await sendByEmail(user, 'starter3@example.com');
      expect(res.statusCode).toBe(200);
      expect(unwrap(res).data).toEqual({ sent: true });
      await outbox(t.app); // waits for the work after the answer, which fails here and is logged
    } finally {
      await t.database.db.schema.alterTable('employments_away').renameTo('employments').execute();
    }
    expect(t.logs.join('')).toMatch(/"job":"linking code".*"msg":"work after the answer failed"/);
  });

  it('refuses a new code within 30 seconds of the last request, on the server', async () => {
    const user = await newUser();
    expect((await sendByEmail(user, 'nobody1@example.com')).statusCode).toBe(200);
    const again = await sendByEmail(user, 'nobody2@example.com');
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(again.json()).toEqual({ status: 429, error: expect.stringMatching(/wait \d+ seconds/), code: 'linking.resend_too_soon', data: null });
    await expireLockout(user);
    expect((await sendByEmail(user, 'nobody2@example.com')).statusCode).toBe(200);
  });

  it('says Incorrect code for a wrong code, kills a code after 5 wrong tries, and keeps codes hashed', async () => {
    const user = await newUser();
    await sendByEmail(user, 'starter1@example.com');
    const code = await latestCode(t.app, 'starter1@example.com');

    const rows = await t.database.db.selectFrom('linking_codes').selectAll().where('user_id', '=', user.sub).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);

    for (let i = 0; i < 4; i++) {
      const res = await confirm(user, wrongCode(code));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, error: 'Incorrect code', code: 'linking.code_incorrect', triesLeft: 4 - i, data: null });
    }
    const fifth = await confirm(user, wrongCode(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({
      status: 429,
      error: expect.stringMatching(/ask for a new linking code/),
      code: 'linking.code_used_up',
      triesLeft: 0,
      data: null,
    });
    // The right code no longer works either.
    expect((await confirm(user, code)).statusCode).not.toBe(200);
  });

  it('expires codes after 10 minutes', async () => {
    const user = await newUser();
    await sendByEmail(user, 'starter2@example.com');
    const code = await latestCode(t.app, 'starter2@example.com');
    await t.database.db
      .updateTable('linking_codes')
      .set({ expires_at: nowIso(-1000) })
      .where('user_id', '=', user.sub)
      .execute();
    const res = await confirm(user, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Incorrect code');
  });

  it('replaces an earlier code when a new one is sent', async () => {
    const user = await newUser();
    await sendByEmail(user, 'starter2@example.com');
    const first = await latestCode(t.app, 'starter2@example.com');
    await expireLockout(user);
    await sendByEmail(user, 'starter2@example.com');
    const second = await latestCode(t.app, 'starter2@example.com');
    if (first !== second) expect((await confirm(user, first)).statusCode).toBe(400);
    expect((await confirm(user, second)).statusCode).toBe(200);
  });

  it('says how many tries a code has left, the same whether or not the address matched a record', async () => {
    const matched = await newUser();
    const unmatched = await newUser();
    await sendByEmail(matched, 'starter3@example.com');
    await sendByEmail(unmatched, 'nobody-at-all@example.com');
    const code = await latestCode(t.app, 'starter3@example.com');
    const answers = async (user: SignedIn) => {
      const seen: { status: number; body: unknown; retryAfter: unknown }[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await confirm(user, wrongCode(code));
        seen.push({ status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] });
      }
      return seen;
    };
    const fromMatched = await answers(matched);
    expect(fromMatched.map((a) => a.status)).toEqual([400, 400, 400, 400, 429, 429]);
    expect(fromMatched.map((a) => (a.body as { triesLeft?: number }).triesLeft)).toEqual([4, 3, 2, 1, 0, 0]);
    expect(await answers(unmatched)).toEqual(fromMatched);
  });

  it('counts a wrong code without a pending request for the hourly limit only, with no tries left to tell', async () => {
    const user = await newUser();
    const res = await confirm(user, '123456');
    expect(res.json()).toEqual({ status: 400, error: 'Incorrect code', code: 'linking.code_incorrect', data: null });
  });

  it('allows at most 20 wrong tries per user per hour', async () => {
    const user = await newUser();
    for (let i = 0; i < 20; i++) expect((await confirm(user, '111111')).statusCode).toBe(400);
    const res = await confirm(user, '111111');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    expect(res.json().error).toMatch(/Too many incorrect attempts/);
  });
});

describe('finalize', () => {
  it('refuses wrong details, then locks the record after 5 failed identity checks', async () => {
    const user = await newUser();
    await sendByEmail(user, 'starter4@example.com');
    const code = await latestCode(t.app, 'starter4@example.com');
    const { externalEmploymentID } = unwrap<{ externalEmploymentID: string }>(await confirm(user, code)).data;

    const wrong = { NINumber: 'AB100004C', bankAccount: '0000', dob: '05/14/1990', externalEmploymentID };
    for (let i = 0; i < 4; i++) {
      const res = await finalize(user, code, wrong);
      expect(res.statusCode).toBe(400);
      // How many tries are left before the record locks, down to the last one.
      expect(res.json()).toEqual({
        status: 400,
        error: expect.stringMatching(/do not match your employer’s records/),
        code: 'identity.mismatch',
        triesLeft: 4 - i,
        data: null,
      });
    }
    const fifth = await finalize(user, code, wrong);
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().error).toMatch(/contact your employer/);

    // Later calls with the same code say the record is locked (not "ask for a new code"), even with the right details.
    const lockedMessage = {
      status: 423,
      error: 'This payroll record is locked after too many failed checks. Please contact your employer to unlock it.',
      code: 'identity.record_locked',
      data: null,
    };
    const again = await confirm(user, code);
    expect(again.statusCode).toBe(423);
    expect(again.json()).toEqual(lockedMessage);
    const right = await finalize(user, code, { ...wrong, bankAccount: '4321' });
    expect(right.statusCode).toBe(423);
    expect(right.json()).toEqual(lockedMessage);

    // A new code request answers as always, sends no code, and tells the record's owner why.
    await expireLockout(user);
    const before = (await outbox(t.app, 'starter4@example.com')).length;
    expect(unwrap(await sendByEmail(user, 'starter4@example.com')).data).toEqual({ sent: true });
    const messages = await outbox(t.app, 'starter4@example.com');
    expect(messages).toHaveLength(before + 1);
    expect(messages[0]).toMatchObject({ code: null, subject: 'Your Northwind Logistics Ltd payroll record is locked' });
    expect(messages[0]!.body).toMatch(/locked after too many failed identity checks.*\n\nPlease contact your employer to unlock it/s);
    const record = await t.database.db.selectFrom('employments').select(['user_id', 'locked_at']).where('id', '=', 'em_starter4').executeTakeFirstOrThrow();
    expect(record.user_id).toBeNull();
    expect(record.locked_at).not.toBeNull();
    expect(
      await t.database.db.selectFrom('linking_codes').select('id').where('employment_id', '=', 'em_starter4').where('used_at', 'is', null).execute(),
    ).toEqual([]);
  });

  it('refuses a code for another record than the one it was sent for', async () => {
    const user = await newUser();
    await sendByEmail(user, 'starter3@example.com');
    const code = await latestCode(t.app, 'starter3@example.com');
    const res = await finalize(user, code, { NINumber: 'AB100003C', bankAccount: '4321', dob: '05/14/1990', externalEmploymentID: 'em_alex_northwind' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Incorrect code');
  });
});

describe('the pending code request (GET .../linking_code_request)', () => {
  const pendingOf = async (user: SignedIn) => {
    const res = await api(t.app, user, 'GET', `/api/users/${user.sub}/linking_code_request`);
    expect(res.statusCode).toBe(200);
    return { raw: res.body, state: unwrap<Record<string, unknown>>(res).data };
  };

  it('says nothing is pending before any request', async () => {
    const user = await newUser();
    expect((await pendingOf(user)).state).toEqual({ pending: false, channel: null, expiresInSeconds: null, triesLeft: null, resendInSeconds: 0 });
  });

  it('brings back the channel, the time left, the tries left and the resend wait, never the code', async () => {
    const user = await newUser();
    await sendByEmail(user, 'starter2@example.com');
    const code = await latestCode(t.app, 'starter2@example.com');
    const { raw, state } = await pendingOf(user);
    expect(state).toEqual({ pending: true, channel: 'email', expiresInSeconds: expect.any(Number), triesLeft: 5, resendInSeconds: expect.any(Number) });
    expect(state.expiresInSeconds).toBeGreaterThan(590);
    expect(state.expiresInSeconds).toBeLessThanOrEqual(600);
    expect(state.resendInSeconds).toBeGreaterThan(25);
    expect(state.resendInSeconds).toBeLessThanOrEqual(30);
    expect(raw).not.toContain(code);

    await confirm(user, wrongCode(code));
    expect((await pendingOf(user)).state).toMatchObject({ pending: true, triesLeft: 4 });

    await expireLockout(user);
    expect((await pendingOf(user)).state).toMatchObject({ pending: true, resendInSeconds: 0 });
    // Read only: reading it changed nothing, and the code still works.
    expect((await confirm(user, code)).statusCode).toBe(200);
  });

  it('answers the same whether or not the address matched a record', async () => {
    const matched = await newUser();
    const unmatched = await newUser();
    await sendByEmail(matched, 'starter2@example.com');
    await sendByEmail(unmatched, 'nobody-matches-this@example.com');
    await outbox(t.app); // the work after the answers is done
    const a = (await pendingOf(matched)).state;
    const b = (await pendingOf(unmatched)).state;
    expect({ ...a, expiresInSeconds: 0, resendInSeconds: 0 }).toEqual({ ...b, expiresInSeconds: 0, resendInSeconds: 0 });
  });

  it('names the text channel for an invitation', async () => {
    const user = await newUser();
    await api(t.app, user, 'GET', `/api/users/${user.sub}/linking_code_id/INVITE-2026-DEMO/07700900123`);
    expect((await pendingOf(user)).state).toMatchObject({ pending: true, channel: 'sms' });
  });

  it('says nothing is pending once the code has expired or had its 5 wrong tries', async () => {
    const expired = await newUser();
    await sendByEmail(expired, 'nobody3@example.com');
    await t.database.db
      .updateTable('link_requests')
      .set({ created_at: nowIso(-11 * 60_000) })
      .where('user_id', '=', expired.sub)
      .execute();
    expect((await pendingOf(expired)).state).toEqual({ pending: false, channel: null, expiresInSeconds: null, triesLeft: null, resendInSeconds: 0 });

    const tried = await newUser();
    await sendByEmail(tried, 'nobody4@example.com');
    for (let i = 0; i < 5; i++) await confirm(tried, '123456');
    expect((await pendingOf(tried)).state).toMatchObject({ pending: false, triesLeft: null });
  });

  it('is only for the signed-in user: another user’s id is refused, and tells nothing', async () => {
    const owner = await newUser();
    const other = await newUser();
    await sendByEmail(owner, 'starter2@example.com');
    const res = await api(t.app, other, 'GET', `/api/users/${owner.sub}/linking_code_request`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('pending');
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/users/${owner.sub}/linking_code_request` });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('linking by invitation token and phone', () => {
  it('sends the code by text when the phone matches the invited record, and links it', async () => {
    const user = await newUser();
    const res = await api(t.app, user, 'GET', `/api/users/${user.sub}/linking_code_id/INVITE-2026-DEMO/${encodeURIComponent('+44 7700 900123')}`);
    expect(unwrap(res).data).toEqual({ sent: true });
    const texts = await outbox(t.app, '07700900123');
    expect(texts[0]!.channel).toBe('sms');
    const code = texts[0]!.code!;
    const { externalEmploymentID } = unwrap<{ externalEmploymentID: string }>(await confirm(user, code)).data;
    expect(externalEmploymentID).toBe('em_invite_demo');
    // An NI number the user gave before stays theirs (the check proved the record's, not replaced it).
    const given = await api(t.app, user, 'PATCH', `/api/user/${user.sub}`, { user: { data: { niNumber: 'QQ123456C' } } });
    expect(given.statusCode).toBe(200);
    const done = await finalize(user, code, { NINumber: 'AB654321A', bankAccount: '8765', dob: '09/02/1985', externalEmploymentID });
    expect(done.statusCode).toBe(200);
    expect(JSON.parse(unwrap<string>(done).data)).toEqual([{ ID: 'em_invite_demo', name: 'Brightwater Foods plc', active: true, endDate: null }]);
    expect(await niNumberOf(user)).toBe('QQ123456C');
  });

  it('answers the same and sends nothing for a wrong token or a wrong phone', async () => {
    const user = await newUser();
    const before = (await outbox(t.app)).length;
    const a = await api(t.app, user, 'GET', `/api/users/${user.sub}/linking_code_id/NOT-A-TOKEN/07700900123`);
    await expireLockout(user);
    const b = await api(t.app, user, 'GET', `/api/users/${user.sub}/linking_code_id/INVITE-2026-DEMO/07700900999`);
    expect(a.body).toBe(b.body);
    expect(unwrap(a).data).toEqual({ sent: true });
    expect((await outbox(t.app)).length).toBe(before);
  });
});

describe('secrets stay out of the logs', () => {
  it('never logs codes, tokens, passwords or the e-mail in a linking path', async () => {
    const user = await newUser();
    await expireLockout(user);
    await sendByEmail(user, 'starter3@example.com');
    const code = await latestCode(t.app, 'starter3@example.com');
    await confirm(user, code);
    const logs = t.logs.join('');
    expect(logs).toContain('/linking_code/[redacted]');
    expect(logs).not.toContain(`/linking_code/${code}`);
    expect(logs).not.toMatch(new RegExp(`\\b${code}\\b`));
    expect(logs).not.toContain('INVITE-2026-DEMO');
    expect(logs).not.toContain('a-long-password-3');
    expect(logs).not.toContain(user.jar.get('__Host-app.rt')!);
    expect(logs).not.toContain(user.jar.get('__Host-app.at')!);
    expect(logs).toContain('message written to the local outbox');
  });
});
