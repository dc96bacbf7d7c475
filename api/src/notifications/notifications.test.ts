// Notices of new payslips and P60s, on SQLite and PostgreSQL: the channels a
// user saves; one notice per linked employee and chosen channel, queued in the publication's own
// transaction, with no pay figure in it; sent after the commit, once, even when the process dies
// before sending or in the middle of it, and when two API instances poll at once.
import PDFDocument from 'pdfkit';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { toCount } from '../db/convert';
import { OutboxTransport } from '../messages/transport';
import type { Message, Transport } from '../messages/transport';
import { DEMO, api, createTestApp, signInAlex, unwrap } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { employerCall, newKey, payslip } from '../employer-api/test-fixtures';
import welsh from './messages/cy.json';
import { NotificationSender, RETRY_DEFAULTS, nextTryAt } from './sender';
import type { SenderOptions } from './sender';

let t: TestApp;
let alex: SignedIn;
let northwind: string;
beforeAll(async () => {
  t = await createTestApp();
  alex = await signInAlex(t.app);
  northwind = await newKey(t.database.db, DEMO.employers.northwind);
});
afterAll(() => t.close());

const db = () => t.database.db;
const preferences = (body?: unknown) => api(t.app, alex, body === undefined ? 'GET' : 'PUT', `/api/users/${alex.sub}/notification-preferences`, body);
const outbox = (db: Kysely<Database>) => new OutboxTransport(db, t.app.log);
const sender = (options: SenderOptions = {}, transport: Transport = outbox(db())) =>
  new NotificationSender(db(), { email: transport, sms: transport }, t.app.log, options);

/** Publishes a one-payslip pay run for Alex at Northwind, with a net pay no other message could contain. */
async function publishPayslip(id: string): Promise<void> {
  const res = await employerCall(t.app, northwind, 'PUT', `/pay-runs/${id}`, {
    payslips: [
      payslip(id, DEMO.employments.alexNorthwind, {
        deductions: [
          { name: 'Income Tax', amountPence: 41_234 },
          { name: 'National Insurance', amountPence: 13_766 },
          { name: 'Pension', amountPence: 15_000 },
        ],
      }),
    ],
  });
  expect(res.statusCode).toBe(201);
}

async function outboxSince(seq: number): Promise<{ channel: string; recipient: string; subject: string; body: string }[]> {
  return db().selectFrom('outbox').select(['channel', 'recipient', 'subject', 'body']).where('seq', '>', seq).orderBy('seq').execute();
}
async function lastSeq(): Promise<number> {
  const row = await db()
    .selectFrom('outbox')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return toCount(row?.seq);
}
/** Notices still to be sent (not sent, not parked). */
async function unsent(): Promise<number> {
  const row = await db()
    .selectFrom('notification_queue')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}
/** Sends whatever an earlier test left, so each test counts only its own notices. */
async function drain(): Promise<number> {
  await sender({ now: () => Date.now() + 3_600_000 }).deliverDue();
  return lastSeq();
}

describe('notification preferences', () => {
  it('are e-mail only until saved, then as saved', async () => {
    expect(unwrap(await preferences()).data).toEqual({ email: true, sms: false, whatsApp: false, whatsAppAvailable: false });
    const saved = await preferences({ email: true, sms: true, whatsApp: false });
    expect(saved.statusCode).toBe(200);
    expect(unwrap(saved).data).toEqual({ email: true, sms: true, whatsApp: false, whatsAppAvailable: false });
    expect(unwrap(await preferences()).data).toEqual({ email: true, sms: true, whatsApp: false, whatsAppAvailable: false });
  });

  it('refuse turning WhatsApp on while it is not available (400 with a code), and change nothing', async () => {
    const refused = await preferences({ email: false, sms: false, whatsApp: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      status: 400,
      error: 'WhatsApp notifications are not available yet, so they cannot be turned on.',
      code: 'notifications.channel_unavailable',
      data: null,
    });
    expect(unwrap(await preferences()).data).toEqual({ email: true, sms: true, whatsApp: false, whatsAppAvailable: false });
  });

  it('keep an earlier WhatsApp choice while other switches change, and let it be turned off (not on again)', async () => {
    await db().updateTable('notification_preferences').set({ whatsapp: true }).where('user_id', '=', alex.sub).execute();
    const kept = await preferences({ email: true, sms: false, whatsApp: true });
    expect(kept.statusCode).toBe(200);
    expect(unwrap(kept).data).toEqual({ email: true, sms: false, whatsApp: true, whatsAppAvailable: false });
    expect((await preferences({ email: true, sms: false, whatsApp: false })).statusCode).toBe(200);
    expect((await preferences({ email: true, sms: false, whatsApp: true })).statusCode).toBe(400);
  });

  it('refuse a body that is not three switches, and another user’s', async () => {
    expect((await preferences({ email: true, sms: 'yes', whatsApp: false })).statusCode).toBe(400);
    expect((await preferences({ email: true })).statusCode).toBe(400);
    const other = await api(t.app, alex, 'GET', `/api/users/${DEMO.sam.id}/notification-preferences`);
    expect(other.statusCode).toBe(403);
  });
});

describe('a published payslip', () => {
  it('is told to the linked employee once per chosen channel, after the commit, with no pay figures', async () => {
    await preferences({ email: true, sms: true, whatsApp: false });
    const since = await drain();
    await publishPayslip('NTF-1');
    expect(await outboxSince(since)).toEqual([]); // queued, not yet sent: sending comes after the commit
    expect(await sender().deliverDue()).toBe(2);
    const sent = await outboxSince(since);
    expect(sent.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(sent.find((m) => m.channel === 'email')).toMatchObject({ recipient: DEMO.alex.email, subject: 'Your new payslip is ready' });
    for (const message of sent) {
      expect(message.body).toContain('Your payslip from Northwind Logistics Ltd for 30 October 2026 is ready in your pay portal');
      expect(message.body).not.toMatch(/£|2,?300|412\.34|3,?000/);
    }
    // A retried publication and a second round send nothing more.
    expect(
      (
        await employerCall(t.app, northwind, 'PUT', '/pay-runs/NTF-1', {
          payslips: [
            payslip('NTF-1', DEMO.employments.alexNorthwind, {
              deductions: [
                { name: 'Income Tax', amountPence: 41_234 },
                { name: 'National Insurance', amountPence: 13_766 },
                { name: 'Pension', amountPence: 15_000 },
              ],
            }),
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect(await sender().deliverDue()).toBe(0);
    expect(await outboxSince(since)).toHaveLength(2);
  });

  it('is written in the language the employee chose: Welsh once they choose Cymraeg', async () => {
    await preferences({ email: true, sms: true, whatsApp: false });
    const language = (value: 'en' | 'cy') => api(t.app, alex, 'PATCH', `/api/users/${alex.sub}`, { language: value });
    expect((await language('cy')).statusCode).toBe(200);
    try {
      const since = await drain();
      await publishPayslip('NTF-CY');
      expect(await sender().deliverDue()).toBe(2);
      const sent = await outboxSince(since);
      expect(sent.find((m) => m.channel === 'email')?.subject).toBe(welsh.payslipSubject);
      for (const message of sent) {
        expect(message.body).toContain('Northwind Logistics Ltd');
        expect(message.body).toContain('30 Hydref 2026');
        expect(message.body).not.toMatch(/payslip|October|£/);
      }
    } finally {
      expect((await language('en')).statusCode).toBe(200);
    }
  });

  it('goes only through the channels chosen: WhatsApp alone (an earlier choice) sends nothing yet', async () => {
    await preferences({ email: false, sms: false, whatsApp: false });
    await db().updateTable('notification_preferences').set({ whatsapp: true }).where('user_id', '=', alex.sub).execute();
    const since = await drain();
    await publishPayslip('NTF-2');
    expect(await sender().deliverDue()).toBe(0);
    expect(await outboxSince(since)).toEqual([]);
    await preferences({ email: true, sms: false, whatsApp: false });
    const since2 = await drain();
    await publishPayslip('NTF-3');
    await sender().deliverDue();
    expect((await outboxSince(since2)).map((m) => m.channel)).toEqual(['email']);
  });

  it('is sent once by the next process when the one that published died before sending', async () => {
    const since = await drain();
    await publishPayslip('NTF-4'); // …and the process stops here: nothing sent, the notice is in the queue
    expect(await unsent()).toBe(1);
    const restarted = sender();
    expect(await restarted.deliverDue()).toBe(1);
    expect(await restarted.deliverDue()).toBe(0);
    expect(await outboxSince(since)).toHaveLength(1);
  });

  it('is sent once when a sender dies in the middle of sending: nothing half-sent, taken up after its lease', async () => {
    const since = await drain();
    await publishPayslip('NTF-5');
    // Writes the message, then dies before its transaction commits.
    const crashing = {
      name: 'outbox',
      inDatabase: true,
      send: async (message: Message, trx?: Kysely<Database>) => {
        await outbox(db()).send(message, trx);
        throw new Error('process killed mid-send');
      },
    };
    const now = Date.now();
    expect(await sender({ now: () => now, leaseMs: 60_000 }, crashing).deliverDue()).toBe(0);
    expect(await outboxSince(since)).toEqual([]);
    expect(await unsent()).toBe(1);
    // Another instance leaves it while the first one's claim holds, then sends it once.
    expect(await sender({ now: () => now + 1_000 }).deliverDue()).toBe(0);
    expect(await sender({ now: () => now + 61_000 }).deliverDue()).toBe(1);
    expect(await sender({ now: () => now + 200_000 }).deliverDue()).toBe(0);
    expect(await outboxSince(since)).toHaveLength(1);
    const row = await db()
      .selectFrom('notification_queue')
      .select(['attempts', 'last_error'])
      .where('sent_at', 'is not', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 2, last_error: 'process killed mid-send' });
  });

  it('is sent once when two API instances poll at the same moment', async () => {
    const since = await drain();
    await publishPayslip('NTF-6');
    const [a, b] = await Promise.all([sender().deliverDue(), sender().deliverDue()]);
    expect(a + b).toBe(1);
    expect(await outboxSince(since)).toHaveLength(1);
  });

  it('is not told to anyone when no employee has linked the employment', async () => {
    const since = await drain();
    const put = await employerCall(t.app, northwind, 'PUT', '/employments/NTF-UNLINKED', {
      employeeName: 'Nobody Yet',
      niNumber: 'AB555555A',
      bankLast4: '1111',
      birthDate: '1990-01-01',
      taxCode: '1257L',
      startDate: '2024-01-01',
      email: 'nobody@example.com',
    });
    expect(put.statusCode).toBe(200);
    expect((await employerCall(t.app, northwind, 'PUT', '/pay-runs/NTF-7', { payslips: [payslip('NTF-7', 'NTF-UNLINKED')] })).statusCode).toBe(201);
    expect(await unsent()).toBe(0);
    expect(await outboxSince(since)).toEqual([]);
  });
});

function makePdf(text: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text(text);
    doc.end();
  });
}

describe('a published P60', () => {
  it('is told once; a P45 is not', async () => {
    const since = await drain();
    const pdf = await makePdf('P60 End of Year Certificate 2025/26');
    const upload = (id: string, type: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/employer-api/v1/employments/${DEMO.employments.alexNorthwind}/documents/${id}?type=${type}&taxYear=2025-26&issuedOn=2026-05-29`,
        headers: { authorization: `Bearer ${northwind}`, 'content-type': 'application/pdf' },
        payload: pdf,
      });
    const p60 = await upload('NTF-P60', 'P60');
    expect({ status: p60.statusCode, body: p60.body }).toMatchObject({ status: 201 });
    expect((await upload('NTF-P45', 'P45')).statusCode).toBe(201);
    expect((await upload('NTF-P60', 'P60')).statusCode).toBe(200);
    await sender().deliverDue();
    expect(await outboxSince(since)).toEqual([
      expect.objectContaining({
        channel: 'email',
        subject: 'Your P60 is ready',
        body: expect.stringContaining('Your P60 for 2025/26 from Northwind Logistics Ltd is ready'),
      }),
    ]);
  });
});

describe('the API', () => {
  it('sends queued notices by itself, polling the queue', async () => {
    const polling = await createTestApp({ notificationPollMs: 20 });
    try {
      const key = await newKey(polling.database.db, DEMO.employers.northwind);
      expect(
        (await employerCall(polling.app, key, 'PUT', '/pay-runs/NTF-POLL', { payslips: [payslip('NTF-POLL', DEMO.employments.alexNorthwind)] })).statusCode,
      ).toBe(201);
      let sent: { recipient: string }[] = [];
      for (let i = 0; i < 100 && sent.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        sent = await polling.database.db.selectFrom('outbox').select('recipient').where('subject', '=', 'Your new payslip is ready').execute();
      }
      expect(sent).toEqual([{ recipient: DEMO.alex.email }]);
    } finally {
      await polling.close();
    }
  });
});

describe('a notice that keeps failing', () => {
  const rule = { retryBaseMs: 1_000, retryMaxMs: 3_000, maxAttempts: 4 };
  /** A transport whose provider refuses every message, counting the tries. */
  const refusing = () => {
    const tries: string[] = [];
    const transport: Transport = {
      name: 'refusing',
      inDatabase: false,
      send: async (message: Message) => {
        tries.push(message.to);
        throw new Error('provider answered 503');
      },
    };
    return { tries, transport };
  };
  /** The notices waiting now: after drain() and one publication, that publication's (one per channel). */
  const waitingIds = async () =>
    (await db().selectFrom('notification_queue').select('id').where('sent_at', 'is', null).where('failed_at', 'is', null).execute()).map((row) => row.id);
  const rowsOf = (ids: string[]) =>
    db().selectFrom('notification_queue').select(['attempts', 'last_error', 'sent_at', 'failed_at']).where('id', 'in', ids).execute();

  it('waits 1, 2, 4 … minutes between tries, at most six hours, and is parked after the tenth', () => {
    const waits = Array.from({ length: 10 }, (_, i) => nextTryAt(0, i + 1, RETRY_DEFAULTS));
    expect(waits.map((at) => (at === null ? null : at / 60_000))).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, null]);
    expect(nextTryAt(0, 10, { ...RETRY_DEFAULTS, maxAttempts: 20 })).toBe(6 * 60 * 60_000);
  });

  it('is tried again after a wait that doubles, up to the cap, then parked with its reason and never tried again', async () => {
    await drain();
    await publishPayslip('NTF-FAIL');
    const ids = await waitingIds();
    const { tries, transport } = refusing();
    const at = (ms: number) => sender({ now: () => t0 + ms, ...rule }, transport).deliverDue();
    const t0 = Date.now();
    const perRound: number[] = [];
    // Each round: the tries made so far. Waits after tries 1, 2, 3: 1 s, 2 s, 3 s (the cap).
    for (const ms of [0, 500, 1_001, 2_500, 3_002, 5_000, 6_003, 60_000, 3_600_000]) {
      await at(ms);
      perRound.push(tries.length);
    }
    const channels = ids.length;
    expect(channels).toBeGreaterThan(0);
    expect(perRound.map((n) => n / channels)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 4]);
    const rows = await rowsOf(ids);
    for (const row of rows) {
      expect(row).toMatchObject({ attempts: 4, last_error: 'provider answered 503', sent_at: null });
      expect(row.failed_at).not.toBeNull();
    }
    expect(await unsent()).toBe(0);
  });

  it('is sent once when the provider accepts a later try', async () => {
    const since = await drain();
    await publishPayslip('NTF-LATE');
    const ids = await waitingIds();
    let refusals = 2;
    const flaky: Transport = {
      name: 'outbox',
      inDatabase: true,
      send: async (message: Message, trx?: Kysely<Database>) => {
        if (refusals-- > 0) throw new Error('provider timed out');
        return outbox(db()).send(message, trx);
      },
    };
    const t0 = Date.now();
    for (const ms of [0, 1_001, 3_002, 10_000]) await sender({ now: () => t0 + ms, ...rule }, flaky).deliverDue();
    const rows = await rowsOf(ids);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.sent_at !== null && row.failed_at === null)).toBe(true);
    expect(await outboxSince(since)).toHaveLength(rows.length);
  });
});
