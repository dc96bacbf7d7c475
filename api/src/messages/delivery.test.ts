// Delivery through real providers' clients (GOV.UK Notify's, Twilio's, nodemailer) to local stand-ins
// that speak each provider's documented API, on SQLite and PostgreSQL: what each send answers, what
// the notification sender does with it (sent, parked at once with the reason, tried again not before
// Retry-After), the delivery records and the providers' callbacks that move them on.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../config';
import type { Config, DeliveryConfig } from '../config';
import { DEMO, api, createTestApp, signInAlex } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { FakeProviders, NOTIFY_API_KEY, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN } from '../test/fake-providers';
import { toIso } from '../db/convert';
import { queueNotices } from '../notifications/notice-repository';
import { NotificationSender } from '../notifications/sender';
import { buildTransports } from './transports';
import { RecordedTransport, deliveryRecipientKey } from './deliveries';
import { SmtpTransport } from './transport';
import type { Channel } from './transport';
import { deliveriesOf } from './delivery-repository';

const HOOKS = 'https://pay.example.test';
const NOTIFY_TOKEN = 'notify-callback-token-0123';
const TIMEOUT_MS = 400;

let fake: FakeProviders;
let t: TestApp;
let alex: SignedIn;

function delivery(over: Partial<DeliveryConfig> = {}): DeliveryConfig {
  return {
    email: 'notify',
    sms: 'twilio',
    timeoutMs: TIMEOUT_MS,
    hooksUrl: HOOKS,
    notify: {
      apiKey: NOTIFY_API_KEY,
      baseUrl: fake.url,
      emailTemplateId: 'f33517ff-2a88-4f6e-b855-c550268ce08a',
      smsTemplateId: '289315e2-1a1b-4b47-9b4c-7e8c3c8e7d51',
      callbackToken: NOTIFY_TOKEN,
    },
    twilio: {
      accountSid: TWILIO_ACCOUNT_SID,
      authToken: TWILIO_AUTH_TOKEN,
      from: '+447700900000',
      messagingServiceSid: null,
      baseUrl: fake.url,
      region: null,
      edge: null,
    },
    warnings: [],
    ...over,
  };
}

beforeAll(async () => {
  fake = await new FakeProviders().start();
  t = await createTestApp({ delivery: delivery() });
  alex = await signInAlex(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(() => {
  fake.behaviour = () => ({ kind: 'accept' });
  fake.refuse.clear();
});

const db = () => t.database.db;
let serial = 0;

/** Queues one notice for Alex on `channel` alone; answers its row. */
async function queueOne(channel: Channel) {
  await api(t.app, alex, 'PUT', `/api/users/${alex.sub}/notification-preferences`, { email: channel === 'email', sms: channel === 'sms', whatsApp: false });
  const source = `payslip:DLV-${++serial}`;
  await queueNotices(db(), [{ kind: 'payslip', source, employmentId: DEMO.employments.alexNorthwind, payDate: '2026-10-30' }]);
  return db().selectFrom('notification_queue').selectAll().where('source', '=', source).executeTakeFirstOrThrow();
}
const notice = (id: string) => db().selectFrom('notification_queue').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** A sender with the app's transports (or those of `config`), its clock at t0 + `at`. */
function senderAt(t0: number, at: number, config: Partial<Config> = {}) {
  const transports = buildTransports({ ...t.config, ...config }, db(), t.app.log);
  return new NotificationSender(db(), transports, t.app.log, { now: () => t0 + at });
}
/** A sender over only this notice's clock: other tests' notices are left as they are by running it alone. */
async function sendOnly(id: string, t0: number, at: number, config: Partial<Config> = {}) {
  await db()
    .updateTable('notification_queue')
    .set({ failed_at: new Date().toISOString() })
    .where('id', '!=', id)
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .execute();
  return senderAt(t0, at, config).deliverDue();
}

const providers: { provider: 'notify' | 'twilio'; channel: Channel; config: Partial<DeliveryConfig> }[] = [
  { provider: 'notify', channel: 'email', config: {} },
  { provider: 'notify', channel: 'sms', config: { sms: 'notify' } },
  { provider: 'twilio', channel: 'sms', config: {} },
];

describe.each(providers)('a notice through $provider ($channel)', ({ provider, channel, config }) => {
  const withConfig = () => ({ delivery: delivery(config) });

  it('accepted: sent once, recorded with the provider’s id, the recipient only as a keyed hash', async () => {
    const row = await queueOne(channel);
    const before = fake.received.length;
    expect(await sendOnly(row.id, Date.now(), 0, withConfig())).toBe(1);
    const got = fake.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ provider, channel, to: row.recipient });
    const [record] = await deliveriesOf(db(), { noticeId: row.id });
    expect(record).toMatchObject({
      channel,
      provider,
      provider_message_id: got[0]!.id,
      state: 'sent',
      employment_id: DEMO.employments.alexNorthwind,
      recipient_hash: deliveryRecipientKey(t.config.tokenSecret, channel, row.recipient),
    });
    expect(JSON.stringify(record)).not.toContain(row.recipient);
    if (provider === 'notify') {
      expect(got[0]!.body).toMatchObject({ reference: record!.id, personalisation: { subject: row.subject, body: row.body } });
    } else {
      expect(got[0]!.body).toMatchObject({ Body: row.body, From: '+447700900000', StatusCallback: `${HOOKS}/hooks/twilio/status?delivery=${record!.id}` });
    }
    expect((await notice(row.id)).sent_at).not.toBeNull();
  });

  it('refused (a bad address or number): parked at once with the reason, never tried again', async () => {
    const row = await queueOne(channel);
    fake.refuse.add(row.recipient);
    const t0 = Date.now();
    const before = fake.answered.length;
    expect(await sendOnly(row.id, t0, 0, withConfig())).toBe(0);
    const parked = await notice(row.id);
    expect(parked).toMatchObject({ attempts: 1, sent_at: null });
    expect(parked.failed_at).not.toBeNull();
    expect(parked.last_error).toMatch(
      provider === 'notify'
        ? /^400: ValidationError: (email_address Not a valid email address|phone_number Not a UK mobile number)$/
        : /^400: Twilio error 21211: Invalid 'To' Phone Number: \[recipient\]$/,
    );
    const [record] = await deliveriesOf(db(), { noticeId: row.id });
    expect(record).toMatchObject({ state: 'failed_permanent', reason: parked.last_error });
    expect(await senderAt(t0, 24 * 3_600_000, withConfig()).deliverDue()).toBe(0);
    expect(fake.answered.length - before).toBe(1);
  });

  it('rate-limited (429 with Retry-After): tried again not before it, then sent', async () => {
    const row = await queueOne(channel);
    const t0 = Date.now();
    fake.behaviour = () => ({ kind: 'status', status: 429, retryAfter: '300' });
    expect(await sendOnly(row.id, t0, 0, withConfig())).toBe(0);
    const waiting = await notice(row.id);
    expect(waiting.last_error).toMatch(/^rate-limited \(429: /);
    expect(new Date(toIso(waiting.claimed_until!)).getTime()).toBe(t0 + 300_000); // not the 1 minute of the first back-off
    fake.behaviour = () => ({ kind: 'accept' });
    const before = fake.answered.length;
    expect(await senderAt(t0, 61_000, withConfig()).deliverDue()).toBe(0);
    expect(await senderAt(t0, 299_000, withConfig()).deliverDue()).toBe(0);
    expect(fake.answered.length).toBe(before); // nothing asked of the provider before Retry-After
    expect(await senderAt(t0, 300_001, withConfig()).deliverDue()).toBe(1);
    expect(await notice(row.id)).toMatchObject({ attempts: 2, failed_at: null });
    expect((await deliveriesOf(db(), { noticeId: row.id })).map((d) => d.state).sort()).toEqual(['failed_temporary', 'sent']);
  });

  it('down (503): backs off a minute, then sent', async () => {
    const row = await queueOne(channel);
    const t0 = Date.now();
    fake.behaviour = () => ({ kind: 'status', status: 503 });
    expect(await sendOnly(row.id, t0, 0, withConfig())).toBe(0);
    expect((await notice(row.id)).last_error).toMatch(/^503: /);
    fake.behaviour = () => ({ kind: 'accept' });
    expect(await senderAt(t0, 59_000, withConfig()).deliverDue()).toBe(0);
    expect(await senderAt(t0, 60_001, withConfig()).deliverDue()).toBe(1);
  });

  it('never answering: a time-out within the bound, tried again later', async () => {
    const row = await queueOne(channel);
    fake.behaviour = () => ({ kind: 'hang' });
    const started = Date.now();
    expect(await sendOnly(row.id, started, 0, withConfig())).toBe(0);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(took).toBeLessThan(TIMEOUT_MS + 1_500);
    const waiting = await notice(row.id);
    expect(waiting).toMatchObject({ last_error: `no answer within ${TIMEOUT_MS} ms`, failed_at: null, sent_at: null });
    expect((await deliveriesOf(db(), { noticeId: row.id }))[0]).toMatchObject({ state: 'failed_temporary', reason: `no answer within ${TIMEOUT_MS} ms` });
  });

  it('connection refused: tried again later', async () => {
    const row = await queueOne(channel);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = delivery(config);
    nowhere.notify = { ...nowhere.notify!, baseUrl: `http://127.0.0.1:${port}` };
    nowhere.twilio = { ...nowhere.twilio!, baseUrl: `http://127.0.0.1:${port}` };
    expect(await sendOnly(row.id, Date.now(), 0, { delivery: nowhere })).toBe(0);
    expect(await notice(row.id)).toMatchObject({ last_error: 'connection refused', failed_at: null });
  });
});

/** Sends one e-mail (Notify) and one text (Twilio) notice; answers their delivery records. */
async function sentRecords() {
  const email = await queueOne('email');
  expect(await sendOnly(email.id, Date.now(), 0)).toBe(1);
  const sms = await queueOne('sms');
  expect(await sendOnly(sms.id, Date.now(), 0)).toBe(1);
  const [notify] = await deliveriesOf(db(), { noticeId: email.id });
  const [tw] = await deliveriesOf(db(), { noticeId: sms.id });
  return { notify: notify!, twilio: tw! };
}
const stateOf = async (id: string) => (await deliveriesOf(db(), { id }))[0]!.state;

describe('Notify’s delivery callback', () => {
  const callback = (body: Record<string, unknown>, token = NOTIFY_TOKEN) =>
    t.app.inject({ method: 'POST', url: '/hooks/notify/delivery', headers: { authorization: `Bearer ${token}` }, payload: body });
  const report = (id: string, reference: string, status: string) => ({
    id,
    reference,
    to: 'someone@example.com',
    status,
    created_at: new Date().toISOString(),
    completed_at: new Date().toISOString(),
    sent_at: new Date().toISOString(),
    notification_type: 'email',
  });

  it('moves the record on with the right token; a wrong or missing one is 401 and changes nothing', async () => {
    const { notify } = await sentRecords();
    expect((await callback(report(notify.provider_message_id!, notify.id, 'delivered'), 'not-the-token-at-all')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/hooks/notify/delivery', payload: report(notify.provider_message_id!, notify.id, 'delivered') })).statusCode,
    ).toBe(401);
    expect(await stateOf(notify.id)).toBe('sent');
    expect((await callback(report(notify.provider_message_id!, notify.id, 'delivered'))).statusCode).toBe(204);
    expect(await stateOf(notify.id)).toBe('delivered');
  });

  it('never moves a delivered or permanently failed message back, whatever comes late', async () => {
    const { notify } = await sentRecords();
    const id = notify.provider_message_id!;
    expect((await callback(report(id, notify.id, 'temporary-failure'))).statusCode).toBe(204);
    expect(await stateOf(notify.id)).toBe('failed_temporary');
    expect((await callback(report(id, notify.id, 'permanent-failure'))).statusCode).toBe(204);
    for (const late of ['sending', 'delivered', 'temporary-failure']) {
      expect((await callback(report(id, notify.id, late))).statusCode).toBe(204);
      expect(await stateOf(notify.id)).toBe('failed_permanent');
    }
    expect((await deliveriesOf(db(), { id: notify.id }))[0]!.reason).toBe('Notify: permanent-failure');
  });

  it('answers 404 for a message it never sent, and changes nothing', async () => {
    const { notify } = await sentRecords();
    expect((await callback(report('0b6ca5a4-3c0e-4a5e-8b5d-7c1f1b0e9a11', 'dlv_unknown', 'delivered'))).statusCode).toBe(404);
    expect(await stateOf(notify.id)).toBe('sent');
    expect((await callback({ ...report(notify.provider_message_id!, notify.id, 'delivered'), status: 'exploded' })).statusCode).toBe(400);
  });
});

describe('Twilio’s status callback', () => {
  const PATH = '/hooks/twilio/status';
  function callback(query: string, params: Record<string, string>, signature?: string) {
    const url = `${PATH}${query}`;
    const sig = signature ?? twilio.getExpectedTwilioSignature(TWILIO_AUTH_TOKEN, `${HOOKS}${url}`, params);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': sig },
      payload: new URLSearchParams(params).toString(),
    });
  }
  const params = (sid: string, status: string, extra: Record<string, string> = {}) => ({
    AccountSid: TWILIO_ACCOUNT_SID,
    MessageSid: sid,
    SmsSid: sid,
    MessageStatus: status,
    SmsStatus: status,
    To: '+447700900123',
    From: '+447700900000',
    ApiVersion: '2010-04-01',
    ...extra,
  });

  it('moves the record on with a valid signature; a bad or missing one is 403 and changes nothing', async () => {
    const { twilio: record } = await sentRecords();
    const q = `?delivery=${record.id}`;
    const body = params(record.provider_message_id!, 'delivered');
    expect((await callback(q, body, 'bm90IGEgc2lnbmF0dXJl')).statusCode).toBe(403);
    const signedForOther = twilio.getExpectedTwilioSignature('another-auth-token', `${HOOKS}${PATH}${q}`, body);
    expect((await callback(q, body, signedForOther)).statusCode).toBe(403);
    // Signed, then changed on the way.
    const signed = twilio.getExpectedTwilioSignature(TWILIO_AUTH_TOKEN, `${HOOKS}${PATH}${q}`, params(record.provider_message_id!, 'failed'));
    expect((await callback(q, body, signed)).statusCode).toBe(403);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `${PATH}${q}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    });
    expect(unsigned.statusCode).toBe(403);
    expect(await stateOf(record.id)).toBe('sent');
    expect((await callback(q, body)).statusCode).toBe(204);
    expect(await stateOf(record.id)).toBe('delivered');
  });

  it('keeps the final state when callbacks arrive out of order', async () => {
    const { twilio: record } = await sentRecords();
    const q = `?delivery=${record.id}`;
    const sid = record.provider_message_id!;
    expect((await callback(q, params(sid, 'delivered'))).statusCode).toBe(204);
    for (const late of ['sent', 'sending', 'queued', 'undelivered', 'failed']) {
      expect((await callback(q, params(sid, late, late === 'undelivered' ? { ErrorCode: '30003' } : {}))).statusCode).toBe(204);
      expect(await stateOf(record.id)).toBe('delivered');
    }
  });

  it('tells a number that will never take a text (undelivered, error 30005) from one that may later', async () => {
    const first = (await sentRecords()).twilio;
    expect((await callback(`?delivery=${first.id}`, params(first.provider_message_id!, 'undelivered', { ErrorCode: '30003' }))).statusCode).toBe(204);
    expect(await deliveriesOf(db(), { id: first.id })).toMatchObject([{ state: 'failed_temporary', reason: 'Twilio: undelivered (error 30003)' }]);
    const second = (await sentRecords()).twilio;
    expect((await callback(`?delivery=${second.id}`, params(second.provider_message_id!, 'undelivered', { ErrorCode: '30005' }))).statusCode).toBe(204);
    expect(await stateOf(second.id)).toBe('failed_permanent');
  });

  it('answers 404 for a message it never sent, and changes nothing', async () => {
    const { twilio: record } = await sentRecords();
    expect((await callback('', params(`SM${'0'.repeat(32)}`, 'delivered'))).statusCode).toBe(404);
    expect(await stateOf(record.id)).toBe('sent');
  });
});

describe('linking codes through a provider', () => {
  const ask = () => api(t.app, alex, 'GET', `/api/users/${alex.sub}/linking_code_email/starter2%40example.com`);
  const records = () =>
    db()
      .selectFrom('message_deliveries')
      .select(['id', 'state', 'reason'])
      .where('provider', '=', 'notify')
      .where('notice_id', 'is', null)
      .orderBy('created_at')
      .execute();
  async function settled(count: number) {
    for (let i = 0; i < 200; i++) {
      const rows = await records();
      if (rows.length >= count && rows.every((r) => r.state !== 'queued')) return rows;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the linking code was never settled');
  }

  it('answer the same whether the provider accepts, refuses or never answers; each send is recorded', async () => {
    const answers: { status: number; body: string; ms: number }[] = [];
    const behaviours = [() => fake.refuse.clear(), () => fake.refuse.add('starter2@example.com'), () => (fake.behaviour = () => ({ kind: 'hang' }))];
    let count = (await records()).length;
    for (const set of behaviours) {
      fake.behaviour = () => ({ kind: 'accept' });
      set();
      // A new request may be asked for only after a wait; start each from a clean slate.
      await db().deleteFrom('link_requests').where('user_id', '=', alex.sub).execute();
      const started = Date.now();
      const res = await ask();
      answers.push({ status: res.statusCode, body: res.body, ms: Date.now() - started });
      count += 1;
      await settled(count);
    }
    expect(new Set(answers.map((a) => `${a.status} ${a.body}`)).size).toBe(1);
    expect(answers[0]!.status).toBe(200);
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(TIMEOUT_MS); // the answer never waits for the provider
    const states = (await records()).slice(-3).map((r) => r.state);
    expect(states).toEqual(['sent', 'failed_permanent', 'failed_temporary']);
    // The code is in the message the provider got, never in the log.
    const code = /\b(\d{6})\b/.exec(String((fake.received.at(-1)!.body.personalisation as { body: string }).body))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(t.logs.join('\n')).not.toContain(code);
  });
});

describe('SMTP', () => {
  let smtp: SMTPServer;
  let port: number;
  const mail: string[] = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, done) {
        if (address.address.startsWith('nobody@')) return done(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
        if (address.address.startsWith('busy@')) return done(Object.assign(new Error('4.2.1 Mailbox busy, try later'), { responseCode: 451 }));
        done();
      },
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          mail.push(Buffer.concat(chunks).toString('utf8'));
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  const transport = () =>
    new RecordedTransport(
      new SmtpTransport(`smtp://127.0.0.1:${port}`, 'Pay portal <no-reply@portal.test>', t.app.log, TIMEOUT_MS),
      db(),
      t.config.tokenSecret,
      t.app.log,
    );
  const message = (to: string) => ({
    channel: 'email' as const,
    to,
    subject: 'Your new payslip is ready',
    body: 'Your payslip is ready in your pay portal.',
    about: { employmentId: DEMO.employments.alexNorthwind },
  });
  const latest = async () => (await deliveriesOf(db(), { employmentId: DEMO.employments.alexNorthwind })).find((d) => d.provider === 'smtp')!;

  it('accepted: the server has the mail, the record its message id', async () => {
    const sender = transport();
    const result = await sender.send(message('alex.morgan@example.com'));
    sender.close();
    expect(result).toMatchObject({ outcome: 'accepted', providerId: expect.stringMatching(/^<.+>$/) });
    expect(mail.at(-1)).toContain('Your payslip is ready in your pay portal.');
    expect(await latest()).toMatchObject({ state: 'sent', provider_message_id: (result as { providerId: string }).providerId });
  });

  it('refused (550): final, the reason kept without the address; 451: for now', async () => {
    const sender = transport();
    const refusedResult = await sender.send(message('nobody@example.com'));
    expect(refusedResult).toMatchObject({ outcome: 'refused', reason: expect.stringContaining('No such mailbox') });
    expect(JSON.stringify(refusedResult)).not.toContain('nobody@example.com');
    expect(await latest()).toMatchObject({ state: 'failed_permanent' });
    const later = await sender.send(message('busy@example.com'));
    expect(later).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('Mailbox busy') });
    sender.close();
  });

  it('no server: a temporary failure', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const gone = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const sender = new SmtpTransport(`smtp://127.0.0.1:${gone}`, 'Pay portal <no-reply@portal.test>', t.app.log, TIMEOUT_MS);
    expect(await sender.send(message('alex.morgan@example.com'))).toMatchObject({ outcome: 'failed' });
    sender.close();
  });
});

describe('choosing transports (config)', () => {
  const prod = { NODE_ENV: 'production', TOKEN_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://pay.example.co.uk' };

  it('keeps SMTP_URL alone meaning SMTP, and the outbox by default', () => {
    expect(loadConfig({ ...prod }).delivery).toMatchObject({ email: 'outbox', sms: 'outbox', timeoutMs: 10_000, hooksUrl: 'https://pay.example.co.uk' });
    expect(loadConfig({ ...prod, SMTP_URL: 'smtp://mail.example.com:587' }).delivery.email).toBe('smtp');
  });

  it('refuses to start outside development when the chosen provider’s keys are missing, saying which', () => {
    expect(() => loadConfig({ ...prod, EMAIL_TRANSPORT: 'notify' })).toThrow(
      'EMAIL_TRANSPORT=notify through GOV.UK Notify needs NOTIFY_API_KEY and NOTIFY_EMAIL_TEMPLATE_ID',
    );
    expect(() => loadConfig({ ...prod, SMS_TRANSPORT: 'twilio', TWILIO_ACCOUNT_SID: TWILIO_ACCOUNT_SID })).toThrow(
      'SMS_TRANSPORT=twilio through Twilio needs TWILIO_AUTH_TOKEN and TWILIO_FROM (or TWILIO_MESSAGING_SERVICE_SID)',
    );
    expect(() => loadConfig({ ...prod, EMAIL_TRANSPORT: 'smtp' })).toThrow('needs SMTP_URL');
    expect(() => loadConfig({ ...prod, SMS_TRANSPORT: 'carrier-pigeon' })).toThrow('SMS_TRANSPORT must be one of outbox, notify, twilio');
    expect(() => loadConfig({ ...prod, EMAIL_TRANSPORT: 'notify', NOTIFY_API_KEY: 'not-a-key', NOTIFY_EMAIL_TEMPLATE_ID: 'x' })).toThrow(
      'NOTIFY_API_KEY must be',
    );
  });

  it('takes a complete provider setup, and in development falls back to the outbox with a warning', () => {
    const ok = loadConfig({
      ...prod,
      EMAIL_TRANSPORT: 'notify',
      SMS_TRANSPORT: 'twilio',
      NOTIFY_API_KEY,
      NOTIFY_EMAIL_TEMPLATE_ID: 'f33517ff-2a88-4f6e-b855-c550268ce08a',
      TWILIO_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN,
      TWILIO_FROM: '+447700900000',
      DELIVERY_TIMEOUT_MS: '5000',
    }).delivery;
    expect(ok).toMatchObject({
      email: 'notify',
      sms: 'twilio',
      timeoutMs: 5000,
      notify: { baseUrl: 'https://api.notifications.service.gov.uk' },
      twilio: { baseUrl: null },
    });
    const dev = loadConfig({ NODE_ENV: 'development', SQLITE_PATH: ':memory:', SMS_TRANSPORT: 'twilio' }).delivery;
    expect(dev.sms).toBe('outbox');
    expect(dev.warnings).toEqual([expect.stringContaining('SMS_TRANSPORT=twilio through Twilio needs TWILIO_ACCOUNT_SID')]);
  });
});
