// An upload is read within bounds, limited in pages and written anew without what acts on opening.
import { PDFDocument } from 'pdf-lib';
import { activeContentPdf, flateBombPdf, manyPagesPdf, objectStreamPdf } from '../../test/hostile-pdfs';
import { makePdf } from '../../test/make-pdf';
import { pdfText } from '../../test/pdf-text';
import { MAX_INFLATED_BYTES } from './bounded-load';
import { cleanUploadedPdf } from './uploaded-pdf';

const ACTIVE = /\/(JavaScript|JS|OpenAction|AA|Launch|EmbeddedFiles|EmbeddedFile)\b/;

it('keeps what a page shows and its page count', async () => {
  const upload = await makePdf('P60 page one', 'P60 page two');
  const cleaned = await cleanUploadedPdf(upload, 4);
  if (!cleaned.ok) throw new Error(cleaned.problem);
  expect({ pages: cleaned.pages, removed: cleaned.removed }).toEqual({ pages: 2, removed: [] });
  expect(pdfText(Buffer.from(cleaned.pdf))).toBe(pdfText(upload));
});

it('takes out scripts, actions on opening and events, program launches, chained actions and attached files; keeps a web link', async () => {
  const upload = await activeContentPdf();
  expect(upload.toString('latin1')).toMatch(ACTIVE);
  const cleaned = await cleanUploadedPdf(upload, 4);
  if (!cleaned.ok) throw new Error(cleaned.problem);
  const written = Buffer.from(cleaned.pdf).toString('latin1');
  expect(written).not.toMatch(ACTIVE);
  expect(written).not.toContain('app.alert');
  expect(written).not.toContain('payload.exe');
  expect(written).not.toContain('calc.exe');
  expect(written).toContain('https://www.gov.uk/paye-forms-p45-p60-p11d');
  expect(cleaned.removed).toEqual(expect.arrayContaining(['A', 'AA', 'EmbeddedFiles', 'JavaScript', 'Next', 'OpenAction']));
  expect((await PDFDocument.load(cleaned.pdf)).getPageCount()).toBe(1);
});

it('reads a PDF written with object streams and a cross-reference stream', async () => {
  const upload = await objectStreamPdf('P60 with object streams');
  expect(upload.toString('latin1')).toContain('/ObjStm');
  const cleaned = await cleanUploadedPdf(upload, 4);
  expect(cleaned).toMatchObject({ ok: true, pages: 1 });
});

it('refuses more pages than the document may have, naming the limit', async () => {
  expect(await cleanUploadedPdf(manyPagesPdf(5), 4)).toEqual({ ok: false, tooLarge: true, problem: 'has 5 pages, over the limit of 4 for this document' });
});

it('refuses a stream that inflates past the bound, without inflating it all', async () => {
  const bomb = await flateBombPdf(MAX_INFLATED_BYTES * 4);
  const rssBefore = process.memoryUsage().rss;
  const cleaned = await cleanUploadedPdf(bomb, 4);
  expect(cleaned).toEqual({ ok: false, tooLarge: true, problem: 'inflates to more than 64 MB, over the limit for a document' });
  expect(process.memoryUsage().rss - rssBefore).toBeLessThan(MAX_INFLATED_BYTES * 2);
});

it('answers what is unreadable as such', async () => {
  expect(await cleanUploadedPdf(Buffer.from('%PDF-1.7\nnothing here\n%%EOF\n'), 4)).toMatchObject({ ok: false, tooLarge: false });
});
