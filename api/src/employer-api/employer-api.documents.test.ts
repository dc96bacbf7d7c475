// Pay documents uploaded as PDFs: checked by content, not by name or type; limited in
// size; idempotent by the employer's document id; scoped to the key's employer; stored and
// downloaded as the portal writes it anew (the same pages, nothing that acts). On SQLite and PostgreSQL.
import { DEMO, api, createTestApp, signInAlex, unwrap } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { makePdf } from '../test/make-pdf';
import { pdfText } from '../test/pdf-text';
import { objectStreamPdf } from '../test/hostile-pdfs';
import { PDF_MAX_BYTES } from './pdf-check';
import { BASE, newKey } from './test-fixtures';

let t: TestApp;
let northwind: string;
let brightwater: string;
let p60: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  northwind = await newKey(t.database.db, DEMO.employers.northwind);
  brightwater = await newKey(t.database.db, DEMO.employers.brightwater);
  p60 = await makePdf('P60 End of Year Certificate 2025/26');
});
afterAll(() => t.close());

const QUERY = 'type=P60&taxYear=2025-26&issuedOn=2026-05-29';
const upload = (key: string, employmentId: string, documentId: string, body: Buffer | string, query = QUERY, contentType = 'application/pdf') =>
  t.app.inject({
    method: 'PUT',
    url: `${BASE}/employments/${employmentId}/documents/${documentId}?${query}`,
    headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
    payload: body,
  });

async function documentsOf(employerId: string): Promise<string[]> {
  const rows = await t.database.db.selectFrom('pay_documents').select('external_id').where('employer_id', '=', employerId).orderBy('external_id').execute();
  return rows.map((r) => r.external_id!);
}

it('publishes a P60 the employee lists and downloads as stored: the same pages, written anew', async () => {
  const res = await upload(northwind, DEMO.employments.alexNorthwind, 'p60-2526-alex', p60);
  expect(res.statusCode).toBe(201);
  expect(res.json()).toEqual({ documentId: 'p60-2526-alex', employmentId: DEMO.employments.alexNorthwind, created: true });
  const alex = await signInAlex(t.app);
  const docs = unwrap<{ ID: string; fileType: string; taxYear: string; filename: string }[]>(
    await api(t.app, alex, 'GET', `/api/users/${DEMO.alex.id}/employments/${DEMO.employments.alexNorthwind}/documents`),
  ).data;
  const uploaded = docs.find((d) => d.filename === 'P60-2025-26.pdf' && !d.ID.startsWith('doc_alex'))!;
  expect(uploaded).toMatchObject({ fileType: 'P60', taxYear: '2025/26' });
  const file = await api(t.app, alex, 'GET', `/api/users/${DEMO.alex.id}/file/${uploaded.ID}/employment/${DEMO.employments.alexNorthwind}`);
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('application/pdf');
  expect(pdfText(file.rawPayload)).toBe(pdfText(p60));
  const stored = await t.database.db.selectFrom('pay_document_files').select('content').where('document_id', '=', uploaded.ID).executeTakeFirstOrThrow();
  expect(file.rawPayload.equals(Buffer.from(stored.content))).toBe(true);
  // The tax year's ZIP stores PDFs as they are (not deflated again), so the stored file is in it byte for byte.
  const archive = await api(t.app, alex, 'GET', `/api/users/${DEMO.alex.id}/employments/${DEMO.employments.alexNorthwind}/tax-years/2025-26/archive`);
  expect(archive.statusCode).toBe(200);
  expect(archive.rawPayload.includes(file.rawPayload)).toBe(true);
});

it('publishes a PDF written with object streams and a cross-reference stream (as many PDF writers do)', async () => {
  const pdf = await objectStreamPdf('P60 written with object streams');
  expect(pdf.toString('latin1')).toContain('/ObjStm');
  const res = await upload(northwind, DEMO.employments.alexNorthwind, 'p60-object-streams', pdf);
  expect(res.statusCode).toBe(201);
  expect(await documentsOf(DEMO.employers.northwind)).toContain('p60-object-streams');
});

it('refuses a P60 of more pages than a P60 has (413, naming the limit), and stores nothing', async () => {
  const before = await documentsOf(DEMO.employers.northwind);
  const res = await upload(northwind, DEMO.employments.alexNorthwind, 'p60-long', await makePdf('1', '2', '3', '4', '5'));
  expect(res.json()).toEqual({ status: 413, error: 'body has 5 pages, over the limit of 4 for this document', code: 'request.too_large', data: null });
  expect(await documentsOf(DEMO.employers.northwind)).toEqual(before);
});

it('repeated with the same file changes nothing; another file under the same id is refused (409)', async () => {
  expect((await upload(northwind, DEMO.employments.alexNorthwind, 'p45-retry', p60, 'type=P45&taxYear=2025-26&issuedOn=2026-05-29')).statusCode).toBe(201);
  const again = await upload(northwind, DEMO.employments.alexNorthwind, 'p45-retry', p60, 'type=P45&taxYear=2025-26&issuedOn=2026-05-29');
  expect({ status: again.statusCode, created: again.json<{ created: boolean }>().created }).toEqual({ status: 200, created: false });
  const other = await upload(
    northwind,
    DEMO.employments.alexNorthwind,
    'p45-retry',
    await makePdf('another P45'),
    'type=P45&taxYear=2025-26&issuedOn=2026-05-29',
  );
  expect(other.statusCode).toBe(409);
  expect((await documentsOf(DEMO.employers.northwind)).filter((id) => id === 'p45-retry')).toHaveLength(1);
});

it("cannot publish to another employer's employment", async () => {
  const before = await documentsOf(DEMO.employers.brightwater);
  const res = await upload(brightwater, DEMO.employments.alexNorthwind, 'bw-p60', p60);
  expect(res.json()).toEqual({ status: 404, error: `No employment '${DEMO.employments.alexNorthwind}' of yours`, code: 'resource.not_found', data: null });
  expect(await documentsOf(DEMO.employers.brightwater)).toEqual(before);
});

describe('refuses what is not a PDF, by its content, naming the body, and stores nothing', () => {
  const cases: [string, () => Buffer | Promise<Buffer>, number, RegExp][] = [
    ['text named as a PDF', () => Buffer.from('Dear Alex, your P60 is attached.'), 400, /^body is not a PDF: it does not start with %PDF-/],
    ['a PNG image', () => Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 400, /^body is not a PDF/],
    ['a PDF cut short', async () => p60.subarray(0, Math.floor(p60.length / 2)), 400, /^body is not a whole PDF: it does not end with startxref and %%EOF/],
    [
      'a PDF header over junk',
      () => Buffer.from('%PDF-1.7\njunk junk junk\nstartxref\n5\n%%EOF\n'),
      400,
      /^body is not a readable PDF: its startxref points at no cross-reference table$/,
    ],
    [
      'a startxref past the end',
      () => Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\nstartxref\n99999\n%%EOF\n'),
      400,
      /^body is not a readable PDF: its startxref points outside the file$/,
    ],
    ['an empty body', () => Buffer.alloc(0), 400, /^body/],
    ['a file over 5 MB', () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(PDF_MAX_BYTES)]), 413, /^body is over the limit of 5 MB/],
  ];

  it.each(cases)('%s', async (_what, bytes, status, message) => {
    const before = await documentsOf(DEMO.employers.northwind);
    const res = await upload(northwind, DEMO.employments.alexNorthwind, 'bad-upload', await bytes());
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status,
      body: { status, error: expect.stringMatching(message), code: status === 413 ? 'request.too_large' : 'request.invalid', data: null },
    });
    expect(await documentsOf(DEMO.employers.northwind)).toEqual(before);
  });

  it('refuses another content type (415) and bad details, naming the field', async () => {
    const octet = await upload(northwind, DEMO.employments.alexNorthwind, 'bad-upload', p60, QUERY, 'application/octet-stream');
    expect(octet.json()).toEqual({ status: 415, error: expect.any(String), code: 'request.unsupported_media_type', data: null });
    const year = await upload(northwind, DEMO.employments.alexNorthwind, 'bad-upload', p60, 'type=P60&taxYear=2025-27&issuedOn=2026-05-29');
    expect(year.json()).toEqual({
      status: 400,
      error: 'query.taxYear must be a UK tax year written like 2025-26 (got 2025-27)',
      code: 'request.field_invalid',
      field: 'taxYear',
      data: null,
    });
    const type = await upload(northwind, DEMO.employments.alexNorthwind, 'bad-upload', p60, 'type=P61&taxYear=2025-26&issuedOn=2026-05-29');
    expect(type.json()).toEqual({ status: 400, error: expect.stringMatching(/^query\.type /), code: 'request.field_invalid', field: 'type', data: null });
    const date = await upload(northwind, DEMO.employments.alexNorthwind, 'bad-upload', p60, 'type=P60&taxYear=2025-26&issuedOn=2026-02-30');
    expect(date.json()).toEqual({
      status: 400,
      error: 'query.issuedOn must be a real date written as YYYY-MM-DD',
      code: 'request.field_invalid',
      field: 'issuedOn',
      data: null,
    });
    expect(await documentsOf(DEMO.employers.northwind)).not.toContain('bad-upload');
  });
});
