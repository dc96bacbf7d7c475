// Hostile PDFs an employer key can upload: thousands of pages in a few MB, a stream that inflates a
// thousandfold, scripts that run on opening. Each is refused or made harmless before it is stored,
// quickly and without the API's memory growing; and a pack that reads an uploaded file (a hostile
// one stored before these checks) never holds back a payslip download.
import { PDFDocument } from 'pdf-lib';
import { DEMO, api, bundleTestBed } from '../test/helpers';
import { burst } from '../test/burst';
import { recordAttack } from '../test/attack-figures';
import { activeContentPdf, flateBombPdf, manyPagesPdf } from '../test/hostile-pdfs';
import { BASE, newKey } from '../employer-api/test-fixtures';

const bed = bundleTestBed();
const EMPLOYMENT = DEMO.employments.alexNorthwind;
const GIB = 1024 * 1024 * 1024;
const MB = (bytes: number) => Math.round(bytes / 1024 / 1024);
const seconds = (ms: number) => (ms / 1000).toFixed(2);
/**
 * How long the payslip may take while the packs read the hostile file: it waited 32.9 s when one
 * thread drew every PDF. Alone it takes 0.01–0.13 s; within the reliability suite on a 2-core VM it
 * was seen at 1.02 s, so the bound is 2 s, and the payslip must still finish before the packs.
 */
const PAYSLIP_MAX_MS = 2_000;

let key: string;
beforeAll(async () => {
  key = await newKey(bed.t.database.db, DEMO.employers.northwind);
});

const uploadCall = (documentId: string, pdf: Buffer, type = 'P60') => ({
  method: 'PUT',
  path: `${BASE}/employments/${EMPLOYMENT}/documents/${documentId}?type=${type}&taxYear=2025-26&issuedOn=2026-05-29`,
  headers: { authorization: `Bearer ${key}`, 'content-type': 'application/pdf' },
  body: pdf,
});

const storedDocuments = async () =>
  (await bed.t.database.db.selectFrom('pay_documents').select('id').where('external_id', 'like', 'hostile-%').execute()).length;

/** Sends one upload over HTTP; answers it with the time taken and how far the API's RSS grew meanwhile (sampled). */
async function timedUpload(documentId: string, pdf: Buffer) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const answer = await bed.server.send(uploadCall(documentId, pdf));
  const ms = performance.now() - started;
  clearInterval(sampler);
  return { answer, ms, rssGrowth: Math.max(peak, process.memoryUsage().rss) - before };
}

it('a 54,000-page P60 in under 5 MB is refused at once, naming the page limit', async () => {
  const pdf = manyPagesPdf(54_000);
  const { answer, ms, rssGrowth } = await timedUpload('hostile-pages', pdf);
  expect({ status: answer.status, body: JSON.parse(answer.body) }).toEqual({
    status: 413,
    body: { status: 413, error: 'body has 54000 pages, over the limit of 4 for this document', code: 'request.too_large', data: null },
  });
  expect(await storedDocuments()).toBe(0);
  expect(ms).toBeLessThan(10_000);
  expect(rssGrowth).toBeLessThan(200 * 1024 * 1024);
  recordAttack({
    hole: 'uploaded PDF without a page limit',
    attack: `Upload a ${(pdf.length / 1e6).toFixed(1)} MB P60 of 54,000 pages (it made a proof of income take 106 s and 73.5 MB).`,
    outcome: `413 'over the limit of 4' in ${seconds(ms)} s; API RSS +${MB(rssGrowth)} MB; nothing stored`,
    held: answer.status === 413,
  });
});

it('a 1 MB P60 whose stream inflates to 1 GiB is refused without inflating it', async () => {
  const pdf = await flateBombPdf(GIB);
  const { answer, ms, rssGrowth } = await timedUpload('hostile-bomb', pdf);
  expect({ status: answer.status, body: JSON.parse(answer.body) }).toEqual({
    status: 413,
    body: { status: 413, error: 'body inflates to more than 64 MB, over the limit for a document', code: 'request.too_large', data: null },
  });
  expect(await storedDocuments()).toBe(0);
  expect(ms).toBeLessThan(10_000);
  expect(rssGrowth).toBeLessThan(200 * 1024 * 1024);
  recordAttack({
    hole: 'uploaded PDF inflated without bound',
    attack: `Upload a ${(pdf.length / 1e6).toFixed(1)} MB P60 whose content stream inflates to 1 GiB (it took 34 s and +1.9 GB).`,
    outcome: `413 'inflates to more than 64 MB' in ${seconds(ms)} s; API RSS +${MB(rssGrowth)} MB; nothing stored`,
    held: answer.status === 413,
  });
});

it('300 flate bombs at once: each refused (413, or 503 while the check queue is full), none stored, memory bounded', async () => {
  const pdf = await flateBombPdf(GIB / 8);
  const before = process.memoryUsage().rss;
  const started = performance.now();
  const result = await burst(
    bed.server,
    Array.from({ length: 300 }, (_, i) => uploadCall(`hostile-burst-${i}`, pdf)),
  );
  const ms = performance.now() - started;
  const rssGrowth = process.memoryUsage().rss - before;
  expect(Object.keys(result.statuses).sort()).toEqual(expect.arrayContaining(['413']));
  expect(Object.keys(result.statuses).filter((s) => s !== '413' && s !== '503')).toEqual([]);
  expect(await storedDocuments()).toBe(0);
  expect(rssGrowth).toBeLessThan(400 * 1024 * 1024);
  recordAttack({
    hole: 'uploaded PDF inflated without bound',
    attack: `Upload 300 P60s of ${(pdf.length / 1e3).toFixed(0)} KB inflating to 128 MiB each, at once.`,
    outcome: `${JSON.stringify(result.statuses)} in ${seconds(ms)} s; API RSS +${MB(rssGrowth)} MB; nothing stored`,
    held: (result.statuses['413'] ?? 0) + (result.statuses['503'] ?? 0) === 300,
  });
}, 120_000);

it('a payslip PDF is answered promptly while a pack reads a hostile P60 stored earlier', async () => {
  // A file stored before uploads were checked: put in as it was then, straight into the database.
  const db = bed.t.database.db;
  const p60 = await db
    .selectFrom('pay_documents')
    .select('id')
    .where('employment_id', '=', EMPLOYMENT)
    .where('file_type', '=', 'P60')
    .orderBy('tax_year', 'desc')
    .orderBy('issued_on', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const hostile = manyPagesPdf(54_000);
  await db.deleteFrom('pay_document_files').where('document_id', '=', p60.id).execute();
  await db.insertInto('pay_document_files').values({ document_id: p60.id, content: hostile, size_bytes: hostile.length }).execute();
  const [payslip, older] = await db.selectFrom('payslips').select('id').where('employment_id', '=', EMPLOYMENT).orderBy('pay_date', 'desc').limit(2).execute();
  await bed.clearBundleLimit(bed.alex);
  // Start the pools with another payslip (a thread's first start is not what is measured; the one measured is not drawn yet).
  await api(bed.t.app, bed.alex, 'GET', `/api/users/${bed.alex.sub}/file/${older!.id}/employment/${EMPLOYMENT}`);

  // Four packs at once: each reads the 54,000-page file in turn in the upload pool.
  const started = performance.now();
  const packs = Promise.all(
    Array.from({ length: 4 }, () =>
      api(bed.t.app, bed.alex, 'GET', `/api/users/${bed.alex.sub}/employments/${EMPLOYMENT}/proof-of-income`).then((res) => ({
        res,
        ms: performance.now() - started,
      })),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 100)); // the packs are being made
  const payslipStarted = performance.now();
  const slip = await api(bed.t.app, bed.alex, 'GET', `/api/users/${bed.alex.sub}/file/${payslip!.id}/employment/${EMPLOYMENT}`);
  const payslipMs = performance.now() - payslipStarted;
  const done = await packs;
  const packsMs = Math.max(...done.map((p) => p.ms));
  expect(slip.statusCode).toBe(200);
  expect(payslipMs).toBeLessThan(PAYSLIP_MAX_MS);
  expect(payslipMs + 100).toBeLessThan(packsMs);
  // The hostile file is past the P60's page limit: each pack draws the P60 instead, in bounded time.
  expect(done.map((p) => p.res.statusCode)).toEqual([200, 200, 200, 200]);
  expect((await PDFDocument.load(done[0]!.res.rawPayload)).getPageCount()).toBe(5);
  recordAttack({
    hole: 'one PDF thread for all: a heavy job stalls every PDF',
    attack: 'Ask for 4 proofs of income whose stored P60 has 54,000 pages, and a payslip PDF while they are made (a payslip waited 32.9 s).',
    outcome: `payslip 200 in ${seconds(payslipMs)} s; the 4 packs 200 after ${seconds(packsMs)} s (5 pages each, the P60 drawn)`,
    held: slip.statusCode === 200 && payslipMs < PAYSLIP_MAX_MS,
  });
}, 60_000);

it('scripts and actions in an upload are not served back, inline or not', async () => {
  const upload = await activeContentPdf('Hostile P60');
  const answer = await bed.server.send(uploadCall('hostile-script', upload, 'P45'));
  expect(answer.status).toBe(201);
  const doc = await bed.t.database.db.selectFrom('pay_documents').select('id').where('external_id', '=', 'hostile-script').executeTakeFirstOrThrow();
  const inline = await api(bed.t.app, bed.alex, 'GET', `/api/users/${bed.alex.sub}/file/${doc.id}/employment/${EMPLOYMENT}?disposition=inline`);
  expect(inline.statusCode).toBe(200);
  const served = inline.rawPayload.toString('latin1');
  const active = served.match(/\/(JavaScript|JS|OpenAction|AA|Launch|EmbeddedFiles?)\b|app\.alert|payload\.exe|calc\.exe/g) ?? [];
  expect(active).toEqual([]);
  expect((await PDFDocument.load(inline.rawPayload)).getPageCount()).toBe(1);
  recordAttack({
    hole: 'uploaded PDF served back with its scripts',
    attack:
      'Upload a P45 with /OpenAction JavaScript, page and document /AA, a JavaScript name tree, a /Launch link, a chained action and an attached .exe; open it inline.',
    outcome: `201, stored written anew; served inline with ${active.length} active entries (the page and a https link kept)`,
    held: active.length === 0,
  });
  await bed.t.database.db.deleteFrom('pay_document_files').where('document_id', '=', doc.id).execute();
  await bed.t.database.db.deleteFrom('pay_documents').where('id', '=', doc.id).execute();
});
