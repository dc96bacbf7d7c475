// Pay documents published as their details, which the portal draws (real payroll software
// sends figures), and updates backfilled with the time they were first published. On SQLite and
// PostgreSQL: one of PDF or details, each figure checked and named, a retry never doubles.
import { toCount } from '../db/convert';
import { DEMO, api, createTestApp, signInAlex, unwrap } from '../test/helpers';
import type { TestApp } from '../test/helpers';
import { makePdf } from '../test/make-pdf';
import { pdfText } from '../test/pdf-text';
import { ImportFileError, runImport } from './import-run';
import { noProgress } from './import-progress';
import { pdfProblem } from './pdf-check';
import { BASE, employerCall, newKey } from './test-fixtures';

let t: TestApp;
let northwind: string;
beforeAll(async () => {
  t = await createTestApp();
  northwind = await newKey(t.database.db, DEMO.employers.northwind);
});
afterAll(() => t.close());

const EMPLOYMENT = DEMO.employments.alexNorthwind;
const P60_QUERY = 'type=P60&taxYear=2026-27&issuedOn=2027-05-28';
const p60Details = {
  employeeName: 'Alex Jordan Morgan',
  niNumber: 'AB987654B',
  finalTaxCode: '1097L',
  payPence: 3_812_345,
  taxPence: 541_200,
  nationalInsurancePence: 219_876,
  studentLoanPence: 98_700,
};

const publish = (documentId: string, body: unknown, query = P60_QUERY) =>
  employerCall(t.app, northwind, 'PUT', `/employments/${EMPLOYMENT}/documents/${documentId}?${query}`, body);

async function stored(table: 'pay_documents' | 'updates', externalId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('employer_id', '=', DEMO.employers.northwind)
    .where('external_id', '=', externalId)
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

async function noticesFor(documentId: string): Promise<number> {
  const doc = await t.database.db.selectFrom('pay_documents').select('id').where('external_id', '=', documentId).executeTakeFirstOrThrow();
  const row = await t.database.db
    .selectFrom('notification_queue')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('source', '=', `document:${doc.id}`)
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

type DocumentView = { ID: string; fileType: string; taxYear: string; filename: string; figures: Record<string, unknown> | null };

describe('a pay document published as its details', () => {
  it('is listed with its figures, and the portal draws it as a real PDF stating them', async () => {
    const res = await publish('p60-2627-details', { details: p60Details });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 201,
      body: { documentId: 'p60-2627-details', employmentId: EMPLOYMENT, created: true },
    });
    const alex = await signInAlex(t.app);
    const docs = unwrap<DocumentView[]>(await api(t.app, alex, 'GET', `/api/users/${DEMO.alex.id}/employments/${EMPLOYMENT}/documents`)).data;
    const listed = docs.find((d) => d.taxYear === '2026/27' && d.fileType === 'P60')!;
    expect(listed).toMatchObject({
      filename: 'P60-2026-27.pdf',
      figures: { finalTaxCode: '1097L', pay: 38123.45, incomeTax: 5412, nationalInsurance: 2198.76, studentLoan: 987 },
    });
    const file = await api(t.app, alex, 'GET', `/api/users/${DEMO.alex.id}/file/${listed.ID}/employment/${EMPLOYMENT}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(pdfProblem(file.rawPayload)).toBeNull();
    const text = pdfText(file.rawPayload);
    for (const words of ['P60 End of Year Certificate, tax year 2026/27', 'Northwind Logistics Ltd', 'Pay in this employment', '£38,123.45', '£5,412.00']) {
      expect(text).toContain(words);
    }
  });

  it('retried with the same details stores it and tells the employee once; other details under the same id are refused (409)', async () => {
    const body = { details: { ...p60Details, payPence: 3_800_000 } };
    expect((await publish('p60-retry', body)).statusCode).toBe(201);
    const again = await publish('p60-retry', body);
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: 200,
      body: { documentId: 'p60-retry', employmentId: EMPLOYMENT, created: false },
    });
    expect((await publish('p60-retry', { details: { ...p60Details, payPence: 3_800_001 } })).statusCode).toBe(409);
    expect(await stored('pay_documents', 'p60-retry')).toBe(1);
    expect(await noticesFor('p60-retry')).toBe(1);
  });

  it('takes the PDF itself in JSON too (base64), and downloads it as stored: the same pages, written anew', async () => {
    const pdf = await makePdf('P45 from payroll');
    const res = await publish('p45-base64', { pdf: pdf.toString('base64') }, 'type=P45&taxYear=2026-27&issuedOn=2026-11-20');
    expect(res.statusCode).toBe(201);
    const alex = await signInAlex(t.app);
    const docs = unwrap<DocumentView[]>(await api(t.app, alex, 'GET', `/api/users/${DEMO.alex.id}/employments/${EMPLOYMENT}/documents`)).data;
    const listed = docs.find((d) => d.fileType === 'P45' && d.taxYear === '2026/27')!;
    const file = await api(t.app, alex, 'GET', `/api/users/${DEMO.alex.id}/file/${listed.ID}/employment/${EMPLOYMENT}`);
    expect(pdfText(file.rawPayload)).toBe(pdfText(pdf));
    expect(pdfProblem(file.rawPayload)).toBeNull();
  });

  // Every row names its query: jest would pass a missing fourth value as a done callback.
  const refusals: [string, unknown, string, string][] = [
    ['both a PDF and details', { pdf: 'JVBERi0=', details: p60Details }, "body must have either 'pdf' or 'details', not both", P60_QUERY],
    ['neither a PDF nor details', {}, "body must have either 'pdf' (the PDF, base64) or 'details'", P60_QUERY],
    ['pay in pounds, not whole pence', { details: { ...p60Details, payPence: 38123.45 } }, 'body.details.payPence must be integer', P60_QUERY],
    [
      'National Insurance below zero',
      { details: { ...p60Details, nationalInsurancePence: -1 } },
      'body.details.nationalInsurancePence must be >= 0',
      P60_QUERY,
    ],
    ['a required figure missing', { details: { ...p60Details, taxPence: undefined } }, "body.details must have the field 'taxPence'", P60_QUERY],
    [
      'a tax code of the wrong form',
      { details: { ...p60Details, finalTaxCode: '1097' } },
      'body.details.finalTaxCode must be a PAYE tax code like 1257L, K475, BR or S1257L M1',
      P60_QUERY,
    ],
    ['a field no P60 has', { details: { ...p60Details, bonusPence: 5 } }, "body.details has an unknown field 'bonusPence'", P60_QUERY],
    [
      'base64 that is no PDF',
      { pdf: Buffer.from('Dear Alex').toString('base64') },
      'body.pdf is not a PDF: it does not start with %PDF-1.x or %PDF-2.0',
      P60_QUERY,
    ],
    [
      'a P11D whose benefits do not add up to its total',
      { details: { employeeName: 'A', niNumber: 'AB987654B', benefits: [{ name: 'Gym', cashEquivalentPence: 36_000 }], totalCashEquivalentPence: 36_001 } },
      'body.details.totalCashEquivalentPence is 360.01 but the benefits add up to 360.00',
      'type=P11D&taxYear=2026-27&issuedOn=2027-07-06',
    ],
    [
      'a P45 with a date that does not exist',
      { details: { employeeName: 'A', niNumber: 'AB987654B', leavingDate: '2026-02-30', taxCode: '1257L', payToDatePence: 1, taxToDatePence: 0 } },
      'body.details.leavingDate must be a real date written as YYYY-MM-DD',
      'type=P45&taxYear=2025-26&issuedOn=2026-03-31',
    ],
    [
      'a P45 issued before the leaving date',
      { details: { employeeName: 'A', niNumber: 'AB987654B', leavingDate: '2026-04-01', taxCode: '1257L', payToDatePence: 1, taxToDatePence: 0 } },
      'body.details.leavingDate 2026-04-01 is after the document was issued (2026-03-31)',
      'type=P45&taxYear=2025-26&issuedOn=2026-03-31',
    ],
  ];

  it.each(refusals)('refuses %s (400), naming the field, and stores nothing', async (_what, body, error, query) => {
    const res = await publish('doc-refused', body, query);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { status: 400, error, code: 'request.invalid', data: null } });
    expect(await stored('pay_documents', 'doc-refused')).toBe(0);
  });
});

describe('an update backfilled with the time it was published', () => {
  type UpdateView = { ID: string; updateHeader: string; created: string };
  const updatesOfAlex = async () => {
    const alex = await signInAlex(t.app);
    return unwrap<UpdateView[]>(await api(t.app, alex, 'GET', `/api/users/${DEMO.alex.id}/employments/${EMPLOYMENT}/updates`)).data;
  };

  it('keeps its own date; a retry with the same id changes nothing', async () => {
    const update = { header: 'Welcome to the new pay portal', from: 'Payroll team', publishedAt: '2025-06-16T09:00:00+01:00' };
    expect((await employerCall(t.app, northwind, 'PUT', '/updates/upd-backfill', update)).statusCode).toBe(201);
    const again = await employerCall(t.app, northwind, 'PUT', '/updates/upd-backfill', update);
    expect({ status: again.statusCode, body: again.json() }).toEqual({ status: 200, body: { id: 'upd-backfill', created: false } });
    expect(await stored('updates', 'upd-backfill')).toBe(1);
    const seen = (await updatesOfAlex()).filter((u) => u.updateHeader === update.header);
    expect(seen).toEqual([expect.objectContaining({ created: '2025-06-16T08:00:00.000Z' })]);
  });

  it('is dated now without one', async () => {
    const before = Date.now();
    expect((await employerCall(t.app, northwind, 'PUT', '/updates/upd-now', { header: 'Published now', from: 'HR team' })).statusCode).toBe(201);
    const seen = (await updatesOfAlex()).find((u) => u.updateHeader === 'Published now')!;
    expect(Date.parse(seen.created)).toBeGreaterThanOrEqual(before - 1000);
  });

  it.each([
    ['in the future', new Date(Date.now() + 24 * 3600 * 1000).toISOString(), /^body\.publishedAt must not be in the future/],
    ['not a date and time', '2024-01-15', /^body\.publishedAt must be a date and time like 2026-10-30T07:00:00Z$/],
  ])('refuses a publishedAt %s (400), naming the field, and stores nothing', async (_what, publishedAt, error) => {
    const res = await employerCall(t.app, northwind, 'PUT', '/updates/upd-refused', { header: 'Soon', from: 'HR team', publishedAt });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: { status: 400, error: expect.stringMatching(error), code: 'request.field_invalid', field: 'publishedAt', data: null },
    });
    expect(await stored('updates', 'upd-refused')).toBe(0);
  });
});

describe('the import file carries pay documents and updates through the same checks', () => {
  it('imports them, and refuses each bad one naming its place in the file', async () => {
    const summary = await runImport(
      t.database.db,
      DEMO.employers.northwind,
      {
        payDocuments: [
          { employmentId: EMPLOYMENT, documentId: 'imp-p60', type: 'P60', taxYear: '2027-28', issuedOn: '2028-05-26', details: p60Details },
          {
            employmentId: EMPLOYMENT,
            documentId: 'imp-bad',
            type: 'P60',
            taxYear: '2027-28',
            issuedOn: '2028-05-26',
            details: { ...p60Details, payPence: '1' },
          },
          { employmentId: 'em_nobody', documentId: 'imp-nobody', type: 'P60', taxYear: '2027-28', issuedOn: '2028-05-26', details: p60Details },
        ],
        updates: [
          { updateId: 'imp-upd', header: 'Imported', from: 'HR team', publishedAt: '2025-01-01T00:00:00Z' },
          { updateId: 'imp-upd-future', header: 'Later', from: 'HR team', publishedAt: '2999-01-01T00:00:00Z' },
        ],
      },
      noProgress,
    );
    expect(summary.payDocuments).toEqual({
      created: 1,
      unchanged: 0,
      refused: [
        { where: 'payDocuments.1', reason: 'payDocuments.1.details.payPence must be integer' },
        { where: 'payDocuments.2', reason: "payDocuments.2.employmentId names no employment of yours: 'em_nobody'" },
      ],
    });
    expect(summary.updates).toEqual({
      created: 1,
      unchanged: 0,
      refused: [{ where: 'updates.1', reason: 'updates.1.publishedAt must not be in the future (got 2999-01-01T00:00:00Z)' }],
    });
    expect(await stored('pay_documents', 'imp-p60')).toBe(1);
    expect(await stored('updates', 'imp-upd-future')).toBe(0);
  });

  it('refuses a file with a part it does not know', async () => {
    await expect(runImport(t.database.db, DEMO.employers.northwind, { payslips: [] }, noProgress)).rejects.toThrow(ImportFileError);
  });
});

it('documents the details each type takes in the OpenAPI document', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json<{ components: { schemas: Record<string, unknown> } }>();
  expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['P60Details', 'P45Details', 'P11DDetails', 'PensionLetterDetails']));
  expect(BASE).toBe('/employer-api/v1');
});
