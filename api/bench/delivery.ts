// `pnpm --filter api bench:delivery`: the notification queue against local stand-ins for GOV.UK Notify
// (e-mail) and Twilio (texts), on SQLite and on PostgreSQL (a database of its own on BENCH_PG_URL or
// TEST_DATABASE_URL; skipped without a server). Two figures each:
// - throughput: N notices a channel queued, then one sender sends them all; messages a second;
// - a 60 s outage: the stand-ins answer 503 for 60 s (wall clock) then recover, while a sender polls
//   every second with the production back-off (1 minute, doubling); more notices are queued halfway.
//   Answers how many tries failed, how many notices were parked, and whether every notice was sent
//   exactly once (one accepted provider message per notice) or parked with a reason.
// Only loopback traffic; it stops by itself. Figures go to stdout.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { CHEAP_PASSWORD_COST, loadConfig } from '../src/config';
import type { Config } from '../src/config';
import { openDatabase } from '../src/db/connect';
import type { Db } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { DEMO, seedDemoData } from '../src/db/seed';
import { buildTransports } from '../src/messages/transports';
import { queueNotices } from '../src/notifications/notice-repository';
import { savePreferences } from '../src/notifications/preferences-repository';
import { NotificationSender } from '../src/notifications/sender';
import { FakeProviders, NOTIFY_API_KEY, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN } from '../src/test/fake-providers';
import { withBenchDatabase } from './bench-db';

const N = Number(process.env.DELIVERY_BENCH_N ?? 500);
const OUTAGE_MS = Number(process.env.DELIVERY_BENCH_OUTAGE_MS ?? 60_000);
const log = pino({ level: 'silent' });

function config(fake: FakeProviders): Config {
  const base = loadConfig({ NODE_ENV: 'test', SQLITE_PATH: ':memory:', TOKEN_SECRET: 'bench-secret-'.repeat(4) });
  return {
    ...base,
    delivery: {
      email: 'notify',
      sms: 'twilio',
      timeoutMs: 10_000,
      hooksUrl: null,
      notify: { apiKey: NOTIFY_API_KEY, baseUrl: fake.url, emailTemplateId: 'f33517ff-2a88-4f6e-b855-c550268ce08a', smsTemplateId: null, callbackToken: null },
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
    },
  };
}

async function prepare(database: Db): Promise<void> {
  await migrateToLatest(database);
  await seedDemoData(database.db, CHEAP_PASSWORD_COST);
  await savePreferences(database.db, DEMO.alex.id, { email: true, sms: true, whatsApp: false });
}

let serial = 0;
async function queue(database: Db, count: number): Promise<void> {
  const notices = Array.from({ length: count }, () => ({
    kind: 'payslip' as const,
    source: `payslip:bench-${++serial}`,
    employmentId: DEMO.employments.alexNorthwind,
    payDate: '2026-10-30',
  }));
  await queueNotices(database.db, notices);
}

/** Every notice sent once (one accepted message per notice) or parked; the counts. */
async function audit(database: Db, fake: FakeProviders) {
  const notices = await database.db.selectFrom('notification_queue').select(['id', 'sent_at', 'failed_at', 'attempts']).execute();
  const sentRecords = await database.db.selectFrom('message_deliveries').select(['notice_id', 'provider_message_id']).where('state', '=', 'sent').execute();
  const perNotice = new Map<string, number>();
  for (const r of sentRecords) perNotice.set(r.notice_id!, (perNotice.get(r.notice_id!) ?? 0) + 1);
  const received = new Set(fake.received.map((m) => m.id));
  const sent = notices.filter((n) => n.sent_at !== null);
  const parked = notices.filter((n) => n.failed_at !== null);
  const lost = notices.filter((n) => n.sent_at === null && n.failed_at === null);
  const sentTwice = notices.filter((n) => (perNotice.get(n.id) ?? 0) > 1);
  const sentWithoutRecord = sent.filter((n) => (perNotice.get(n.id) ?? 0) !== 1);
  return {
    notices: notices.length,
    sent: sent.length,
    parked: parked.length,
    lost: lost.length,
    sentTwice: sentTwice.length,
    sentWithoutRecord: sentWithoutRecord.length,
    providerMessages: received.size,
    tries: notices.reduce((sum, n) => sum + Number(n.attempts), 0),
  };
}

async function throughput(database: Db, fake: FakeProviders) {
  await queue(database, N);
  const sender = new NotificationSender(database.db, buildTransports(config(fake), database.db, log), log, { batch: 200 });
  const started = process.hrtime.bigint();
  let sent = 0;
  for (let round = 0; round < 1000; round++) {
    const n = await sender.deliverDue();
    if (n === 0) break;
    sent += n;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { messages: sent, seconds: Number(seconds.toFixed(2)), perSecond: Math.round(sent / seconds), audit: await audit(database, fake) };
}

async function outage(database: Db, fake: FakeProviders) {
  fake.received.length = 0;
  fake.answered.length = 0;
  await queue(database, N / 5);
  const start = Date.now();
  fake.behaviour = () => (Date.now() - start < OUTAGE_MS ? { kind: 'status', status: 503 } : { kind: 'accept' });
  const sender = new NotificationSender(database.db, buildTransports(config(fake), database.db, log), log, { batch: 200 });
  let queuedHalfway = false;
  let recoveredAfterMs: number | null = null;
  for (;;) {
    const elapsed = Date.now() - start;
    if (!queuedHalfway && elapsed >= OUTAGE_MS / 2) {
      await queue(database, N / 5);
      queuedHalfway = true;
    }
    await sender.deliverDue();
    const left = await database.db.selectFrom('notification_queue').select('id').where('sent_at', 'is', null).where('failed_at', 'is', null).execute();
    if (queuedHalfway && left.length === 0) {
      recoveredAfterMs = Date.now() - start;
      break;
    }
    if (elapsed > OUTAGE_MS + 5 * 60_000) break; // bounded: never runs on
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const refusedTries = fake.answered.filter((s) => s === 503).length;
  return {
    outageSeconds: OUTAGE_MS / 1000,
    allSentAfterSeconds: recoveredAfterMs === null ? null : Math.round(recoveredAfterMs / 1000),
    failedTries: refusedTries,
    audit: await audit(database, fake),
  };
}

async function run(name: string, open: () => Promise<Db>): Promise<void> {
  const fake = await new FakeProviders().start();
  const database = await open();
  try {
    await prepare(database);
    const t = await throughput(database, fake);
    console.log(
      `${name} throughput: ${t.messages} messages (${N} notices x 2 channels) in ${t.seconds} s = ${t.perSecond} messages/s`,
      JSON.stringify(t.audit),
    );
    await database.db.deleteFrom('message_deliveries').execute();
    await database.db.deleteFrom('notification_queue').execute();
    const o = await outage(database, fake);
    console.log(
      `${name} ${o.outageSeconds} s outage: all sent ${o.allSentAfterSeconds} s after it began; ${o.failedTries} tries answered 503`,
      JSON.stringify(o.audit),
    );
  } finally {
    await database.close();
    await fake.stop();
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delivery-bench-'));
  try {
    await run('SQLite', () => openDatabase({ databaseUrl: null, sqlitePath: path.join(dir, 'bench.sqlite') }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const pg = await withBenchDatabase((url) => run('PostgreSQL', () => openDatabase({ databaseUrl: url, sqlitePath: ':memory:' })));
  if (pg === null) console.log('PostgreSQL: no server, skipped');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
