// The PDF pool draws in worker threads: the API's event loop stays free while PDFs are drawn.
import { pdfText } from '../../test/pdf-text';
import { manyPagesPdf } from '../../test/hostile-pdfs';
import { PdfRenderer, pdfThreadCount, readsUpload } from './pool';
import { renderPdf } from './render';
import type { PdfJob } from './render';
import type * as RenderModule from './render';

// Watch this thread's drawing function; the workers load render.ts on their own, untouched by Jest.
jest.mock('./render', () => {
  const actual = jest.requireActual<typeof RenderModule>('./render');
  return { ...actual, renderPdf: jest.fn(actual.renderPdf) };
});

const payslip = (n: number): PdfJob => ({
  kind: 'payslip',
  payslip: {
    employerName: 'Northwind Logistics Ltd',
    employeeName: 'Jamie Taylor',
    niNumber: 'AB100001C',
    taxCode: '1257L',
    payDate: '2026-10-30',
    grossPence: 230_000 + n,
    totalDeductionsPence: 40_000,
    netPence: 190_000 + n,
    deductions: [
      { name: 'Income Tax', amount: 250 },
      { name: 'National Insurance', amount: 150 },
    ],
    other: [],
  },
});

let renderer: PdfRenderer;
beforeAll(() => {
  renderer = new PdfRenderer(2);
});
afterAll(() => renderer.close());

it('sizes the pool from the cores, leaving one to the event loop, 1 to 4 threads', () => {
  expect([1, 2, 3, 8, 64].map((cores) => pdfThreadCount(cores))).toEqual([1, 1, 2, 4, 4]);
});

it('draws the same PDFs as render.ts, in worker threads', async () => {
  const pooled = await renderer.render(payslip(1));
  const direct = await renderPdf(payslip(1));
  expect(Buffer.isBuffer(pooled)).toBe(true);
  expect(pooled.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdfText(pooled)).toBe(pdfText(direct));
  expect(pdfText(pooled)).toContain('£1,900.01');
  expect(renderer.completed).toBe(1);
});

it('draws nothing on the main thread: every PDF is drawn by a worker', async () => {
  // How much event-loop time that saves under a burst is a figure for the benchmark (api/README.md),
  // not a timed test; here the rule itself: the pool never falls back to drawing in this thread.
  const onMainThread = jest.mocked(renderPdf);
  onMainThread.mockClear();
  const before = renderer.completed;
  const jobs = Array.from({ length: 16 }, (_, n) => payslip(n));
  const pdfs = await Promise.all(jobs.map((job) => renderer.render(job)));
  expect(pdfs.map((pdf) => pdf.subarray(0, 5).toString())).toEqual(jobs.map(() => '%PDF-'));
  expect(renderer.completed - before).toBe(16);
  expect(onMainThread).not.toHaveBeenCalled();
});

it('answers a failed drawing as an error, and keeps drawing afterwards', async () => {
  await expect(
    renderer.render({ kind: 'payslip', payslip: { ...(payslip(2) as { payslip: object }).payslip, deductions: null } } as unknown as PdfJob),
  ).rejects.toThrow();
  expect((await renderer.render(payslip(3))).subarray(0, 5).toString()).toBe('%PDF-');
});

it('stops an upload check past its time-out and answers it as a limit, then checks the next', async () => {
  const hurried = new PdfRenderer(1, { heavy: { timeoutMs: 50, maxHeapMb: 512, maxQueue: 4 } });
  try {
    expect(await hurried.cleanUpload(manyPagesPdf(54_000), 4)).toEqual({
      ok: false,
      tooLarge: true,
      problem: 'took more than 0.05 s to read, over the limit for a document',
    });
    await expect(hurried.render(payslip(4))).resolves.toBeInstanceOf(Buffer);
  } finally {
    await hurried.close();
  }
});

it('sends only the packs that read an upload to the upload pool', () => {
  const pack = (kinds: ('payslip' | 'uploaded')[]) => ({ kind: 'proof-of-income', pack: { parts: kinds.map((kind) => ({ kind })) } }) as unknown as PdfJob;
  expect([payslip(1), pack(['payslip']), pack(['payslip', 'uploaded'])].map(readsUpload)).toEqual([false, false, true]);
});

it('warms each drawing thread with PDFs of its own before the first download, and then draws as before', async () => {
  const warmed = new PdfRenderer(2);
  try {
    await warmed.warm();
    expect(warmed.completed).toBe(2);
    expect(pdfText(await warmed.render(payslip(5)))).toContain('£1,900.05');
  } finally {
    await warmed.close();
  }
});
