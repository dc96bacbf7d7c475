// "Download my data": one ZIP of everything the portal holds about the signed-in person (README,
// my-data.json of the documented shape, every payslip and document as a PDF), theirs alone even
// beside another user of the same employer, and at most 3 an hour, holding for 300 asked at once.
import crypto from 'node:crypto';
import { Value } from '@sinclair/typebox/value';
import { DEMO, FRONT_END, api, liveTestApp, signInAlex, signInSam } from '../test/helpers';
import type { SignedIn } from '../test/helpers';
import { burst } from '../test/burst';
import { pdfText } from '../test/pdf-text';
import { unzip } from '../test/unzip';
import { londonIsoDate } from '../london-date';
import { MY_DATA_LIMIT } from './limits';
import { MyDataSchema } from './my-data-shape';
import type { MyData } from './my-data-shape';

const live = liveTestApp({});
let alex: SignedIn;
let sam: SignedIn;
beforeAll(async () => {
  alex = await signInAlex(live.t.app);
  sam = await signInSam(live.t.app);
});

const archiveUrl = (user: SignedIn) => `/api/users/${user.sub}/my-data/archive`;
const clearLimit = (user: SignedIn) => live.t.database.db.deleteFrom('throttle_counters').where('key', '=', `my-data:user:${user.sub}`).execute();

async function download(user: SignedIn) {
  await clearLimit(user);
  const res = await api(live.t.app, user, 'GET', archiveUrl(user));
  expect(res.statusCode).toBe(200);
  const entries = await unzip(res.rawPayload);
  const json = entries.find((e) => e.name === 'my-data.json');
  return { res, entries, data: JSON.parse(json!.content.toString('utf8')) as MyData };
}

/** How many payslips and pay documents the database holds for these employments. */
async function filesHeld(employmentIds: string[]): Promise<number> {
  const db = live.t.database.db;
  const slips = await db.selectFrom('payslips').select('id').where('employment_id', 'in', employmentIds).execute();
  const docs = await db.selectFrom('pay_documents').select('id').where('employment_id', 'in', employmentIds).execute();
  return slips.length + docs.length;
}

describe('download my data', () => {
  it('streams a ZIP named for the day: a README, my-data.json of the documented shape, and every payslip and document as a PDF', async () => {
    const { res, entries, data } = await download(alex);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${londonIsoDate()} My pay portal data.zip"; filename*=UTF-8''${encodeURIComponent(`${londonIsoDate()} My pay portal data.zip`)}`,
    );
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers['content-length']).toBeUndefined(); // streamed, not built whole first
    expect(entries.slice(0, 2).map((e) => e.name)).toEqual(['README.txt', 'my-data.json']);
    expect([...Value.Errors(MyDataSchema, data)].map((e) => `${e.path} ${e.message}`)).toEqual([]);

    expect(data.profile.signIn).toMatchObject({ id: DEMO.alex.id, email: DEMO.alex.email, firstName: 'Alex', lastName: 'Morgan' });
    expect(data.profile.portal).toMatchObject({ privacyPolicyAccepted: true });
    expect(data.profile.secondStep).toEqual({ authenticatorApp: false, recoveryCodesLeft: 0 });
    expect(data.notificationPreferences).toEqual({ email: true, sms: false, whatsApp: false });
    // Alex signed in with a password to download it: the history says so; no passkeys yet.
    expect(data.signInHistory[0]).toMatchObject({ result: 'signed-in', method: 'password' });
    expect(data.passkeys).toEqual([]);
    expect(data.employments.map((e) => [e.id, e.employer, e.available, e.retainedUntil])).toEqual([
      [DEMO.employments.alexNorthwind, 'Northwind Logistics Ltd', true, null],
      [DEMO.employments.alexBrightwater, 'Brightwater Foods plc', true, '2031-03-31'],
    ]);
    expect(data.employments[0]!.payslips).toHaveLength(12);
    expect(data.employments[0]!.payslips[0]).toMatchObject({ payDate: '2026-10-30' });

    // The password is kept only as a hash, and not even that leaves.
    const identity = await live.t.database.db.selectFrom('identity_users').select('password_hash').where('id', '=', alex.sub).executeTakeFirstOrThrow();
    for (const entry of entries) expect(entry.content.toString('latin1')).not.toContain(identity.password_hash);

    const pdfs = entries.slice(2);
    expect(pdfs.map((e) => e.name)).toEqual(data.employments.flatMap((e) => e.files));
    expect(pdfs).toHaveLength(await filesHeld([DEMO.employments.alexNorthwind, DEMO.employments.alexBrightwater]));
    expect(pdfs.map((e) => e.name)).toEqual(
      expect.arrayContaining([
        'Northwind Logistics Ltd/2026-10-30 Payslip - Northwind Logistics Ltd.pdf',
        'Northwind Logistics Ltd/2025-26 P60 - Northwind Logistics Ltd.pdf',
        'Brightwater Foods plc/2024-25 P45 - Brightwater Foods plc.pdf',
      ]),
    );
    for (const pdf of pdfs) expect({ name: pdf.name, head: pdf.content.subarray(0, 5).toString('latin1') }).toEqual({ name: pdf.name, head: '%PDF-' });
  });

  it('holds only the person’s own data, while another user has data at the same employer in the same months', async () => {
    // Sam works at Brightwater, where Alex worked: a payslip and a P60 of Sam's dated among Alex's.
    await live.t.database.db
      .insertInto('payslips')
      .values({
        id: 'ps_sam_beside_alex',
        employment_id: DEMO.employments.samBrightwater,
        pay_date: '2025-02-28',
        gross_pence: 123_456,
        total_deductions_pence: 0,
        net_pence: 123_456,
        deductions: '[]',
        other: '[]',
      })
      .execute();
    const { entries, data } = await download(alex);
    const sams = ['Sam', 'Patel', 'sam.patel', 'AB246810D', 'em_sam_brightwater', 'ps_sam', 'doc_sam', '1,234.56'];
    const text = [JSON.stringify(data), ...entries.map((e) => e.name), ...entries.filter((e) => e.name.endsWith('.pdf')).map((e) => pdfText(e.content))].join(
      '\n',
    );
    for (const marker of sams) expect({ marker, found: text.includes(marker) }).toEqual({ marker, found: false });
    expect(data.employments.map((e) => e.id)).toEqual([DEMO.employments.alexNorthwind, DEMO.employments.alexBrightwater]);

    // And Sam's own holds Sam's, none of Alex's.
    const own = await download(sam);
    expect(own.data.profile.signIn.email).toBe(DEMO.sam.email);
    expect(own.data.employments.map((e) => e.id)).toEqual([DEMO.employments.samBrightwater]);
    expect(own.data.employments[0]!.payslips.map((p) => p.ID)).toContain('ps_sam_beside_alex');
    expect(own.entries.slice(2)).toHaveLength(await filesHeld([DEMO.employments.samBrightwater]));
    expect(JSON.stringify(own.data)).not.toMatch(/Alex|Morgan|em_alex/);
  });

  it('holds the person’s questions to payroll with their answers, and never another user’s', async () => {
    const latest = async (employmentId: string) =>
      (
        await live.t.database.db
          .selectFrom('payslips')
          .select('id')
          .where('employment_id', '=', employmentId)
          .orderBy('pay_date', 'desc')
          .executeTakeFirstOrThrow()
      ).id;
    const ask = async (user: SignedIn, employmentId: string, question: string) => {
      const asked = await api(live.t.app, user, 'POST', `/api/users/${user.sub}/payslips/${await latest(employmentId)}/questions`, {
        lineName: 'Income Tax',
        linePence: 41_260,
        question,
      });
      expect(asked.statusCode).toBe(200);
    };
    await ask(alex, DEMO.employments.alexNorthwind, 'Why did my tax go up in October?');
    await ask(sam, DEMO.employments.samBrightwater, 'Sam asks about the pension line');

    const { data } = await download(alex);
    expect(data.payrollQuestions.map((q) => [q.lineName, q.question, q.answer])).toEqual([['Income Tax', 'Why did my tax go up in October?', null]]);
    expect((await download(sam)).data.payrollQuestions.map((q) => q.question)).toEqual(['Sam asks about the pension line']);
  });

  it('lists the proofs of income the person made (what each covered and its hash, never its code), theirs alone', async () => {
    await live.t.database.db.deleteFrom('throttle_counters').where('key', '=', `bundle:user:${alex.sub}`).execute();
    const pack = await api(live.t.app, alex, 'GET', `/api/users/${alex.sub}/employments/${DEMO.employments.alexNorthwind}/proof-of-income`);
    expect(pack.statusCode).toBe(200);
    const { data } = await download(alex);
    expect(data.proofOfIncomePacks[0]).toMatchObject({
      employmentId: DEMO.employments.alexNorthwind,
      p60TaxYear: '2025/26',
      pdfSha256: crypto.createHash('sha256').update(pack.rawPayload).digest('hex'),
    });
    expect((await download(sam)).data.proofOfIncomePacks).toEqual([]);
  });

  it('lists an employment past its retention period without its payslips and documents, which are no longer kept here', async () => {
    await live.t.database.db.updateTable('employers').set({ retention_years: 0 }).where('id', '=', DEMO.employers.brightwater).execute();
    try {
      const { entries, data } = await download(alex);
      expect(data.employments[1]).toMatchObject({
        id: DEMO.employments.alexBrightwater,
        available: false,
        retainedUntil: '2025-03-31',
        payslips: [],
        documents: [],
        files: [],
      });
      expect(entries.filter((e) => e.name.startsWith('Brightwater'))).toEqual([]);
    } finally {
      await live.t.database.db.updateTable('employers').set({ retention_years: 6 }).where('id', '=', DEMO.employers.brightwater).execute();
    }
  });

  it('refuses another user’s id and a signed-out call', async () => {
    await clearLimit(sam);
    const other = await api(live.t.app, sam, 'GET', archiveUrl(alex));
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('Alex');
    expect((await live.t.app.inject({ url: archiveUrl(alex) })).statusCode).toBe(401);
  });

  it(`makes at most ${MY_DATA_LIMIT.max} an hour for one person, of 300 asked for at once`, async () => {
    await clearLimit(alex);
    const call = { path: archiveUrl(alex), headers: { cookie: alex.jar.header(), origin: FRONT_END } };
    const result = await burst(
      live.server,
      Array.from({ length: 300 }, () => call),
    );
    expect(result.statuses).toEqual({ '200': MY_DATA_LIMIT.max, '429': 300 - MY_DATA_LIMIT.max });
    const refused = result.answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toEqual({
      status: 429,
      error: expect.stringMatching(/^You have asked for your data 3 times in the last hour\. Wait \d+ minutes?, then try again\.$/),
      code: 'request.too_many',
      data: null,
    });
    const counted = await live.t.database.db
      .selectFrom('throttle_counters')
      .select('count')
      .where('key', '=', `my-data:user:${alex.sub}`)
      .executeTakeFirstOrThrow();
    expect(counted.count).toBe(MY_DATA_LIMIT.max);
    // Another person is not held back by Alex's downloads.
    await clearLimit(sam);
    expect((await api(live.t.app, sam, 'GET', archiveUrl(sam))).statusCode).toBe(200);
  }, 120_000);
});
