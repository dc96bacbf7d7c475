// Pay documents in bulk from the console: PDFs named by employee, type and tax year (or listed in a
// manifest), each through the employer API's real PDF check (object streams accepted; encrypted,
// empty and broken refused with the reason), published all or nothing, once, audited; the limits;
// and who may do it.
import type { LightMyRequestResponse } from 'fastify';
import { FRONT_END, api, createTestApp, DEMO, signInAlex, unwrap } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { makeAdmin, signInAsAdmin } from '../test/admins';
import { makePdf } from '../test/make-pdf';
import { objectStreamPdf } from '../test/hostile-pdfs';
import type { DocumentsPreview, DocumentsPublished } from './document-uploads';
import { DOCUMENT_MAX_BYTES } from './publish-routes';

let t: TestApp;
let priya: SignedIn;
let bright: SignedIn;
let pdf: Buffer;
const NW = `/api/employers/${DEMO.employers.northwind}`;
const BW = `/api/employers/${DEMO.employers.brightwater}`;
const ALEX = DEMO.employments.alexNorthwind;

beforeAll(async () => {
  t = await createTestApp();
  priya = await signInAsAdmin(t, DEMO.priya.email);
  await makeAdmin(t.database.db, DEMO.employers.brightwater, 'admin@brightwater.example', ['Bea', 'Waters']);
  bright = await signInAsAdmin(t, 'admin@brightwater.example');
  pdf = await makePdf('P60 End of Year Certificate 2024/25');
}, 60_000);
afterAll(() => t.close());

type Part = { field: string; name: string; bytes: Buffer; type?: string };
const BOUNDARY = '----console-test-boundary';
function multipart(parts: Part[]): Buffer {
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.name}"\r\nContent-Type: ${p.type ?? 'application/pdf'}\r\n\r\n`,
    ),
    p.bytes,
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}
const previewDocs = (parts: Part[], user: SignedIn | null = priya, at = NW) =>
  t.app.inject({
    method: 'POST',
    url: `${at}/documents/preview`,
    payload: multipart(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, origin: FRONT_END, ...(user ? { cookie: user.jar.header() } : {}) },
  });
const data = <T>(res: LightMyRequestResponse): T => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return unwrap<T>(res).data;
};
const file = (name: string, bytes = pdf): Part => ({ field: 'file', name, bytes });
const documentsOf = (externalId: string) =>
  t.database.db.selectFrom('pay_documents').select(['id', 'file_type', 'tax_year']).where('external_id', '=', externalId).execute();
const count = async (table: 'audit_log' | 'pay_documents' | 'console_uploads') =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('documents in bulk', () => {
  it('previews PDFs named by employee, type and tax year, publishes them all once, and audits it', async () => {
    const streams = await objectStreamPdf('P45 Details of employee leaving work');
    const seen = data<DocumentsPreview>(await previewDocs([file(`${ALEX}_P60_2024-25.pdf`), file(`em_nw_casey_P45_2024-25.pdf`, streams)]));
    expect(seen).toEqual({
      uploadId: expect.stringMatching(/^upl_/),
      publishable: true,
      files: [
        { name: `${ALEX}_P60_2024-25.pdf`, employeeId: ALEX, employeeName: expect.any(String), type: 'P60', taxYear: '2024-25', problem: null },
        { name: 'em_nw_casey_P45_2024-25.pdf', employeeId: 'em_nw_casey', employeeName: 'Casey Lewis', type: 'P45', taxYear: '2024-25', problem: null },
      ],
    });
    expect(await documentsOf(`${ALEX}_P60_2024-25`)).toEqual([]);
    const audit = await count('audit_log');
    const publish = () => api(t.app, priya, 'POST', `${NW}/documents/publish`, { uploadId: seen.uploadId });
    expect(data<DocumentsPublished>(await publish())).toEqual({ published: 2, unchanged: 0 });
    expect(await documentsOf(`${ALEX}_P60_2024-25`)).toEqual([expect.objectContaining({ file_type: 'P60', tax_year: '2024/25' })]);
    expect(data<DocumentsPublished>(await publish())).toEqual({ published: 0, unchanged: 2 });
    expect(await count('audit_log')).toBe(audit + 1);
    const entry = await t.database.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'upload', detail: '2 documents published (P60 2024-25, P45 2024-25)' });

    // The same files again: nothing new.
    const again = data<DocumentsPreview>(await previewDocs([file(`${ALEX}_P60_2024-25.pdf`)]));
    expect(data<DocumentsPublished>(await api(t.app, priya, 'POST', `${NW}/documents/publish`, { uploadId: again.uploadId }))).toEqual({
      published: 0,
      unchanged: 1,
    });
  });

  it('refuses encrypted, empty, broken and badly named files with the reason, and publishes none of the upload', async () => {
    const encrypted = Buffer.from(
      pdf.toString('latin1').replace(/\/Root (\d+) 0 R/, '/Root $1 0 R /Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>'),
      'latin1',
    );
    const seen = data<DocumentsPreview>(
      await previewDocs([
        file('em_nw_casey_P60_2023-24.pdf'),
        file('em_nw_robin_P60_2023-24.pdf', encrypted),
        file('em_nw_robin_P11D_2023-24.pdf', Buffer.alloc(0)),
        file('em_nw_robin_P45_2023-24.pdf', pdf.subarray(0, pdf.length - 40)),
        file('payslip.pdf'),
        file(`${DEMO.employments.samBrightwater}_P60_2023-24.pdf`),
        file('em_nw_casey_P60_2023-25.pdf'),
      ]),
    );
    expect(seen.publishable).toBe(false);
    expect(seen.files.map((f) => f.problem)).toEqual([
      null,
      expect.stringContaining('is encrypted'),
      'is empty',
      expect.stringContaining('is not a whole PDF'),
      expect.stringContaining('the name must be <employeeId>_<type>_<taxYear>.pdf'),
      `'${DEMO.employments.samBrightwater}' is no employee of yours`,
      expect.stringContaining('must be a UK tax year'),
    ]);
    const refused = await api(t.app, priya, 'POST', `${NW}/documents/publish`, { uploadId: seen.uploadId });
    expect(refused.json()).toMatchObject({ status: 409, code: 'console.not_publishable' });
    expect(await documentsOf('em_nw_casey_P60_2023-24')).toEqual([]);
  });

  it('takes a manifest instead of file names', async () => {
    const manifest = Buffer.from('file,employeeId,type,taxYear,issuedOn\r\nletter.pdf,em_nw_casey,PensionLetter,2025-26,2026-04-30\r\n');
    const seen = data<DocumentsPreview>(
      await previewDocs([file('letter.pdf'), { field: 'manifest', name: 'manifest.csv', bytes: manifest, type: 'text/csv' }]),
    );
    expect(seen.files).toEqual([
      { name: 'letter.pdf', employeeId: 'em_nw_casey', employeeName: 'Casey Lewis', type: 'PensionLetter', taxYear: '2025-26', problem: null },
    ]);
    expect(data<DocumentsPublished>(await api(t.app, priya, 'POST', `${NW}/documents/publish`, { uploadId: seen.uploadId }))).toEqual({
      published: 1,
      unchanged: 0,
    });
    const stored = await t.database.db
      .selectFrom('pay_documents')
      .select(['file_type', 'issued_on'])
      .where('external_id', '=', 'em_nw_casey_PensionLetter_2025-26')
      .execute();
    expect(stored).toEqual([{ file_type: 'Pension Letter', issued_on: '2026-04-30' }]);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const res = await previewDocs([file('em_nw_casey_P60_2022-23.pdf', Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 0x20))]);
    expect(res.json()).toMatchObject({ status: 413, code: 'console.upload_too_large', error: 'A file is over the limit of 5 MB.' });
  });

  it('lets no one else upload, and never publishes a Brightwater upload from Northwind', async () => {
    const before = await count('console_uploads');
    const alex = await signInAlex(t.app);
    expect((await previewDocs([file(`${ALEX}_P60_2021-22.pdf`)], alex)).statusCode).toBe(404);
    expect((await previewDocs([file(`${ALEX}_P60_2021-22.pdf`)], null)).statusCode).toBe(401);
    expect((await previewDocs([file(`${ALEX}_P60_2021-22.pdf`)], bright)).json()).toMatchObject({ status: 404, code: 'console.not_found' });
    expect(await count('console_uploads')).toBe(before);
    const theirs = data<DocumentsPreview>(await previewDocs([file(`${DEMO.employments.samBrightwater}_P60_2021-22.pdf`)], bright, BW));
    expect(theirs.publishable).toBe(true);
    expect((await api(t.app, priya, 'POST', `${NW}/documents/publish`, { uploadId: theirs.uploadId })).json()).toMatchObject({
      status: 404,
      code: 'console.upload_not_found',
    });
    expect(await documentsOf(`${DEMO.employments.samBrightwater}_P60_2021-22`)).toEqual([]);
  });
});
