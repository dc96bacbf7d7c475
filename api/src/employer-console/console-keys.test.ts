// The console's second part as Northwind's admin (Priya) uses it: API keys (made with the secret shown
// once and only its hash kept, listed, revoked; a revoked key refused by the employer API at once; a
// key's last use moving at most once a minute), updates to staff (seen in an employee's Recent
// updates), and each record's messages with where they stand (never a body, code or token).
import type { LightMyRequestResponse } from 'fastify';
import { createHash } from 'node:crypto';
import { api, createTestApp, DEMO, outbox, register, signInAlex, signInSam, unwrap } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { adminWithoutSecondStep, makeAdmin, signInAsAdmin } from '../test/admins';
import { employerCall, newKey } from '../employer-api/test-fixtures';
import { insertDelivery, settleDelivery } from '../messages/delivery-repository';
import { newId, nowIso } from '../db/convert';

let t: TestApp;
let priya: SignedIn;
let bright: SignedIn;
const NW = `/api/employers/${DEMO.employers.northwind}`;
const BW = `/api/employers/${DEMO.employers.brightwater}`;

beforeAll(async () => {
  t = await createTestApp();
  priya = await signInAsAdmin(t, DEMO.priya.email);
  await makeAdmin(t.database.db, DEMO.employers.brightwater, 'keys.admin@brightwater.example', ['Bea', 'Waters']);
  bright = await signInAsAdmin(t, 'keys.admin@brightwater.example');
}, 60_000);
afterAll(() => t.close());

type Key = {
  id: string;
  prefix: string;
  name: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdBy: { name: string; email: string } | null;
};
type Message = { at: string; channel: string; kind: string; state: string; reason: string | null; provider: string };

const data = <T>(res: LightMyRequestResponse): T => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return unwrap<T>(res).data;
};
const keysOf = async (who: SignedIn, base = NW) => data<{ keys: Key[] }>(await api(t.app, who, 'GET', `${base}/keys`)).keys;
const makeKey = async (who: SignedIn, body: unknown = {}, base = NW) => data<{ key: Key; secret: string }>(await api(t.app, who, 'POST', `${base}/keys`, body));
const auditActions = async () =>
  data<{ entries: { action: string; detail: string; actor: { email: string } }[] }>(await api(t.app, priya, 'GET', `${NW}/audit?limit=200`)).entries;
const keyRow = (id: string) => t.database.db.selectFrom('employer_api_keys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const messagesOf = async (employmentId: string) =>
  data<{ messages: Message[] }>(await api(t.app, priya, 'GET', `${NW}/employees/${employmentId}/messages`)).messages;

describe('API keys', () => {
  it('makes a key shown once: only its hash is kept, the audit log and the list never hold the secret', async () => {
    const made = await makeKey(priya, { name: '  Sage Payroll  ' });
    const [keyId, secret] = made.secret.split('.');
    expect(made.key).toEqual({
      id: keyId,
      prefix: made.secret.slice(0, 8),
      name: 'Sage Payroll',
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
      createdBy: { name: 'Priya Shah', email: DEMO.priya.email },
    });
    const row = await keyRow(keyId!);
    expect(row).toMatchObject({ employer_id: DEMO.employers.northwind, secret_hash: createHash('sha256').update(secret!).digest('hex') });
    expect(JSON.stringify(row)).not.toContain(secret);

    const listed = await keysOf(priya);
    expect(listed[0]).toEqual(made.key);
    const [entry] = await auditActions();
    expect(entry).toMatchObject({ action: 'key_created', detail: `Created API key ${made.key.prefix}… (Sage Payroll)`, actor: { email: DEMO.priya.email } });
    const everything = JSON.stringify([listed, await auditActions(), (await api(t.app, priya, 'GET', `${NW}/audit.csv`)).body]);
    expect(everything).not.toContain(secret);

    // The key works for the employer API, and for Northwind only.
    const call = await employerCall(t.app, made.secret, 'GET', `/employments/${DEMO.employments.alexNorthwind}`);
    expect(call.statusCode).toBe(200);
    expect((await employerCall(t.app, made.secret, 'GET', `/employments/${DEMO.employments.samBrightwater}`)).statusCode).toBe(404);
  });

  it('lists newest first, a command-made key with no maker, and refuses a name over 60 characters', async () => {
    const byCommand = await newKey(t.database.db, DEMO.employers.northwind);
    const later = await makeKey(priya);
    const listed = await keysOf(priya);
    expect(listed[0]!.id).toBe(later.key.id);
    expect(later.key.name).toBeNull();
    expect(listed.find((k) => k.id === byCommand.split('.')[0])).toMatchObject({ createdBy: null, name: null });
    const times = listed.map((k) => k.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    for (const body of [{ name: 'x'.repeat(61) }, { name: 7 }, { other: 1 }]) {
      const res = await api(t.app, priya, 'POST', `${NW}/keys`, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
    }
  });

  it('revokes a key: the employer API refuses it from the next call; again is 409, unknown is 404', async () => {
    const { key, secret } = await makeKey(priya, { name: 'Old payroll' });
    expect((await employerCall(t.app, secret, 'GET', `/employments/${DEMO.employments.alexNorthwind}`)).statusCode).toBe(200);

    expect(data(await api(t.app, priya, 'DELETE', `${NW}/keys/${key.id}`, {}))).toEqual({ revoked: true });
    const refused = await employerCall(t.app, secret, 'GET', `/employments/${DEMO.employments.alexNorthwind}`);
    expect(refused.statusCode).toBe(401);

    const again = await api(t.app, priya, 'DELETE', `${NW}/keys/${key.id}`, {});
    expect({ status: again.statusCode, code: again.json<{ code: string }>().code }).toEqual({ status: 409, code: 'console.key_revoked' });
    const unknown = await api(t.app, priya, 'DELETE', `${NW}/keys/ek_000000000000000000`, {});
    expect({ status: unknown.statusCode, code: unknown.json<{ code: string }>().code }).toEqual({ status: 404, code: 'console.key_not_found' });

    expect((await keysOf(priya)).find((k) => k.id === key.id)!.revokedAt).toEqual(expect.any(String));
    const revokes = (await auditActions()).filter((e) => e.action === 'key_revoked');
    expect(revokes).toHaveLength(1);
    expect(revokes[0]!.detail).toBe(`Revoked API key ${key.prefix}… (Old payroll)`);
  });

  it('keeps Brightwater’s keys out of Northwind’s console: not listed, not revoked, still working', async () => {
    const theirs = await makeKey(bright, { name: 'Brightwater payroll' }, BW);
    expect((await keysOf(priya)).map((k) => k.id)).not.toContain(theirs.key.id);
    const before = await auditActions();
    const res = await api(t.app, priya, 'DELETE', `${NW}/keys/${theirs.key.id}`, {});
    expect({ status: res.statusCode, code: res.json<{ code: string }>().code }).toEqual({ status: 404, code: 'console.key_not_found' });
    expect((await keyRow(theirs.key.id)).revoked_at).toBeNull();
    expect(await auditActions()).toEqual(before);
    expect((await employerCall(t.app, theirs.secret, 'GET', `/employments/${DEMO.employments.samBrightwater}`)).statusCode).toBe(200);
    // Nor through Brightwater's path: Priya is not its admin.
    const other = await api(t.app, priya, 'DELETE', `${BW}/keys/${theirs.key.id}`, {});
    expect({ status: other.statusCode, code: other.json<{ code: string }>().code }).toEqual({ status: 404, code: 'console.not_found' });
    expect((await keysOf(bright, BW)).map((k) => k.id)).toEqual([theirs.key.id]);
  });

  it('moves a key’s last use on a call, at most once a minute', async () => {
    const { key, secret } = await makeKey(priya);
    const use = () => employerCall(t.app, secret, 'GET', `/employments/${DEMO.employments.alexNorthwind}`);
    const lastUsed = async () => (await keysOf(priya)).find((k) => k.id === key.id)!.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await use();
    const first = await lastUsed();
    expect(Math.abs(new Date(first!).getTime() - Date.now())).toBeLessThan(10_000);
    await use();
    expect(await lastUsed()).toBe(first); // within the minute: not written again

    const twoMinutesAgo = nowIso(-120_000);
    await t.database.db.updateTable('employer_api_keys').set({ last_used_at: twoMinutesAgo }).where('id', '=', key.id).execute();
    expect(new Date((await lastUsed())!).getTime()).toBe(new Date(twoMinutesAgo).getTime());
    await use();
    expect(new Date((await lastUsed())!).getTime()).toBeGreaterThan(Date.now() - 10_000);
    // A refused call (wrong secret) uses nothing.
    await t.database.db.updateTable('employer_api_keys').set({ last_used_at: twoMinutesAgo }).where('id', '=', key.id).execute();
    expect((await employerCall(t.app, `${key.id}.${'A'.repeat(43)}`, 'GET', `/employments/${DEMO.employments.alexNorthwind}`)).statusCode).toBe(401);
    expect(new Date((await lastUsed())!).getTime()).toBe(new Date(twoMinutesAgo).getTime());
  });
});

describe('updates to staff', () => {
  it('posts an update the employer’s employees see in Recent updates, with an audit entry', async () => {
    const posted = data<{ id: string; createdAt: string }>(
      await api(t.app, priya, 'POST', `${NW}/updates`, { header: '  Office closed on Friday for the move  ', from: 'HR team' }),
    );
    expect(posted).toEqual({ id: expect.stringMatching(/^upd_/), createdAt: expect.any(String) });

    const alex = await signInAlex(t.app);
    const updates = data<{ ID: string; updateHeader: string; updateFrom: string; created: string }[]>(
      await api(t.app, alex, 'GET', `/api/users/${alex.sub}/employments/${DEMO.employments.alexNorthwind}/updates`),
    );
    expect(updates[0]).toEqual({ ID: posted.id, updateHeader: 'Office closed on Friday for the move', updateFrom: 'HR team', created: posted.createdAt });
    const [entry] = await auditActions();
    expect(entry).toMatchObject({ action: 'update_posted', detail: 'Posted an update from HR team: Office closed on Friday for the move' });

    // Not Brightwater's staff.
    const sam = await signInSam(t.app);
    const samUpdates = data<{ ID: string }[]>(await api(t.app, sam, 'GET', `/api/users/${sam.sub}/employments/${DEMO.employments.samBrightwater}/updates`));
    expect(samUpdates.length).toBeGreaterThan(0);
    expect(samUpdates.map((u) => u.ID)).not.toContain(posted.id);
  });

  it('refuses a header or sender out of bounds, and changes nothing', async () => {
    const count = async () => (await t.database.db.selectFrom('updates').select('id').execute()).length;
    const before = await count();
    const audit = (await auditActions()).length;
    for (const body of [
      { header: 'Hi', from: 'HR' },
      { header: '   a   ', from: 'HR' },
      { header: 'x'.repeat(121), from: 'HR' },
      { header: 'A fine header', from: '' },
      { header: 'A fine header', from: '   ' },
      { header: 'A fine header', from: 'y'.repeat(61) },
      { header: 'A fine header' },
      { header: 'A fine header', from: 'HR', extra: true },
    ]) {
      const res = await api(t.app, priya, 'POST', `${NW}/updates`, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
    }
    expect(await count()).toBe(before);
    expect((await auditActions()).length).toBe(audit);
  });
});

describe('a record’s messages', () => {
  it('lists invitations, codes and unlocks from the outbox in development as sent by it, never a body, code or token', async () => {
    expect(await messagesOf('em_nw_casey')).toEqual([]);
    data(await api(t.app, priya, 'POST', `${NW}/invitations`, { channel: 'sms', employmentIds: ['em_nw_casey'] }));
    const token = new URL((await outbox(t.app, '07700900789'))[0]!.link!).searchParams.get('token')!;
    const casey = await register(t.app, { email: 'casey.keys@example.com', password: 'a-long-password-3' });
    await api(t.app, casey, 'GET', `/api/users/${casey.sub}/linking_code_id/${token}/07700900789`);
    const code = (await outbox(t.app, '07700900789'))[0]!.code!;

    await t.database.db.updateTable('employments').set({ locked_at: nowIso(), failed_checks: 5 }).where('id', '=', 'em_nw_casey').execute();
    data(await api(t.app, priya, 'POST', `${NW}/employees/em_nw_casey/unlock`, { identityChecked: true, reason: 'Checked on a call' }));

    const res = await api(t.app, priya, 'GET', `${NW}/employees/em_nw_casey/messages`);
    const { messages } = data<{ messages: Message[] }>(res);
    const sent = (kind: string, channel: string) => ({ at: expect.any(String), channel, kind, state: 'sent', reason: null, provider: 'outbox' });
    // Casey's record has an e-mail and a mobile: the unlock note goes both ways.
    expect(messages).toEqual([
      expect.objectContaining({ kind: 'unlocked' }),
      expect.objectContaining({ kind: 'unlocked' }),
      sent('code', 'sms'),
      sent('invitation', 'sms'),
    ]);
    expect(
      messages
        .slice(0, 2)
        .map((m) => m.channel)
        .sort(),
    ).toEqual(['email', 'sms']);
    expect(messages.slice(0, 2)).toEqual(messages.slice(0, 2).map((m) => sent('unlocked', m.channel)));
    const times = messages.map((m) => m.at);
    expect(times).toEqual([...times].sort().reverse());
    for (const secret of [token, code, '07700900789', 'Your pay portal linking code']) expect(res.body).not.toContain(secret);
  });

  it('shows what a provider reported, and only this record’s messages', async () => {
    const record = async (employmentId: string, state: 'failed_permanent' | 'delivered', reason: string | null) => {
      const id = newId('dlv');
      await insertDelivery(t.database.db, {
        id,
        channel: 'email',
        provider: 'notify',
        recipientHash: 'h',
        employmentId,
        noticeId: null,
        kind: 'invitation',
      });
      await settleDelivery(t.database.db, id, state, null, reason);
    };
    await record('em_nw_robin', 'failed_permanent', 'Notify: permanent-failure');
    await record(DEMO.employments.samBrightwater, 'delivered', null);
    expect(await messagesOf('em_nw_robin')).toEqual([
      { at: expect.any(String), channel: 'email', kind: 'invitation', state: 'failed_permanent', reason: 'Notify: permanent-failure', provider: 'notify' },
    ]);
    // Sam's record is Brightwater's: not under Northwind's path.
    const other = await api(t.app, priya, 'GET', `${NW}/employees/${DEMO.employments.samBrightwater}/messages`);
    expect({ status: other.statusCode, code: other.json<{ code: string }>().code }).toEqual({ status: 404, code: 'console.employee_not_found' });
  });

  it('needs the second step', async () => {
    const without = await adminWithoutSecondStep(t, DEMO.employers.northwind, 'keys.nostep@northwind.example');
    for (const [method, path] of [
      ['GET', `${NW}/keys`],
      ['POST', `${NW}/keys`],
      ['POST', `${NW}/updates`],
      ['GET', `${NW}/employees/em_nw_casey/messages`],
    ] as const) {
      const res = await api(t.app, without, method, path, method === 'GET' ? undefined : { header: 'Something new', from: 'HR' });
      expect({ path, status: res.statusCode, code: res.json<{ code: string }>().code }).toEqual({ path, status: 403, code: 'console.second_step_required' });
    }
  });
});
