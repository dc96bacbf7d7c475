// Proof of income over the API: one PDF of the last three payslips and the latest P60 behind a
// cover page, only ever the signed-in user's own, never cached, limited per user with the ZIPs.
import { DEMO, FRONT_END, api, createTestApp, signInAlex, signInSam } from '../../test/helpers';
import type { SignedIn, TestApp } from '../../test/helpers';
import { burst, listen, type LiveServer } from '../../test/burst';
import { pdfText } from '../../test/pdf-text';
import { makePdf } from '../../test/make-pdf';
import { BASE, newKey } from '../../employer-api/test-fixtures';
import { BUNDLE_LIMIT } from '../archive/limits';

let t: TestApp;
let alex: SignedIn;
let sam: SignedIn;
let server: LiveServer;
beforeAll(async () => {
  t = await createTestApp();
  alex = await signInAlex(t.app);
  sam = await signInSam(t.app);
  server = await listen(t.app);
}, 60_000);
afterAll(async () => {
  server.close();
  await t.close();
});

const packUrl = (user: SignedIn, employmentId: string) => `/api/users/${user.sub}/employments/${employmentId}/proof-of-income`;
const clearLimit = (user: SignedIn) => t.database.db.deleteFrom('throttle_counters').where('key', '=', `bundle:user:${user.sub}`).execute();
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

async function newestPayslipDates(employmentId: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('payslips')
    .select('pay_date')
    .where('employment_id', '=', employmentId)
    .orderBy('pay_date', 'desc')
    .limit(3)
    .execute();
  return rows.map((row) => row.pay_date).reverse();
}

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

describe('proof of income', () => {
  beforeEach(() => clearLimit(alex));

  it('is one PDF: a cover naming the person and employer, the last three payslips, then the latest P60', async () => {
    const res = await api(t.app, alex, 'GET', packUrl(alex, DEMO.employments.alexNorthwind));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="\d{4}-\d{2}-\d{2} Proof of income - Northwind Logistics Ltd\.pdf"/);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(5);
    const text = pdfText(pdf);
    const [first, second, third] = await newestPayslipDates(DEMO.employments.alexNorthwind);
    const inOrder = [
      'Proof of income',
      'Alex Morgan',
      'Northwind Logistics Ltd',
      `Payslips paid ${longDate(first!)} to ${longDate(third!)}`,
      'P60 for the tax year',
      'What this pack holds',
      `Payslip paid ${longDate(first!)}`,
      `Payslip paid ${longDate(second!)}`,
      `Payslip paid ${longDate(third!)}`,
      'P60 End of Year Certificate, tax year 2025/26',
    ].map((words) => text.indexOf(words));
    expect(inOrder[0]).toBeGreaterThanOrEqual(0);
    expect(inOrder).toEqual([...inOrder].sort((a, b) => a - b));
    expect(text).toContain('Proof of income for Alex Morgan, Northwind Logistics Ltd. Page 5 of 5.');
  });

  it("refuses another user's pack: Alex's address is 403, Alex's employment under Sam's id is 404", async () => {
    await clearLimit(sam);
    const asSam = await api(t.app, sam, 'GET', packUrl(alex, DEMO.employments.alexNorthwind));
    expect(asSam.statusCode).toBe(403);
    expect(asSam.headers['content-type']).not.toContain('application/pdf');
    const foreignEmployment = await api(t.app, sam, 'GET', packUrl(sam, DEMO.employments.alexNorthwind));
    expect(foreignEmployment.statusCode).toBe(404);
    expect(foreignEmployment.rawPayload.subarray(0, 5).toString('latin1')).not.toBe('%PDF-');
    // Sam's own pack holds Sam's documents only.
    const own = await api(t.app, sam, 'GET', packUrl(sam, DEMO.employments.samBrightwater));
    expect(own.statusCode).toBe(200);
    const text = pdfText(own.rawPayload);
    expect(text).toContain('Sam Patel');
    expect(text).not.toContain('Alex Morgan');
  });

  it(`lets one user have ${BUNDLE_LIMIT.max} packs made in ${BUNDLE_LIMIT.windowMs / 60_000} minutes, of 300 asked for at once`, async () => {
    const call = { path: packUrl(alex, DEMO.employments.alexNorthwind), headers: { cookie: alex.jar.header(), origin: FRONT_END } };
    const result = await burst(
      server,
      Array.from({ length: 300 }, () => call),
    );
    expect(result.statuses).toEqual({ '200': BUNDLE_LIMIT.max, '429': 300 - BUNDLE_LIMIT.max });
    const refused = result.answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toEqual({ status: 429, error: 'You have asked for many downloads in a short time. Wait a few minutes, then try again.' });
    // The ZIPs count against the same limit: the tax year is refused now too.
    expect((await api(t.app, alex, 'GET', `/api/users/${alex.sub}/employments/${DEMO.employments.alexNorthwind}/tax-years/2025-26/archive`)).statusCode).toBe(
      429,
    );
  }, 120_000);

  it('answers a plain 404 when the employment has no payslips and no P60', async () => {
    const employment = DEMO.employments.alexBrightwater;
    await t.database.db.deleteFrom('payslips').where('employment_id', '=', employment).execute();
    await t.database.db.deleteFrom('pay_documents').where('employment_id', '=', employment).where('file_type', '=', 'P60').execute();
    const res = await api(t.app, alex, 'GET', packUrl(alex, employment));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, error: 'There are no payslips or P60 for a proof of income yet' });
  });

  it('uses the pages of the P60 the employer uploaded (employer API) rather than drawing one', async () => {
    const key = await newKey(t.database.db, DEMO.employers.northwind);
    const uploaded = await makePdf('Northwind P60 as uploaded, page 1', 'Northwind P60 as uploaded, page 2');
    const published = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/employments/${DEMO.employments.alexNorthwind}/documents/p60-2526-pack?type=P60&taxYear=2025-26&issuedOn=2026-06-30`,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/pdf' },
      payload: uploaded,
    });
    expect(published.statusCode).toBe(201);

    const res = await api(t.app, alex, 'GET', packUrl(alex, DEMO.employments.alexNorthwind));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload;
    // The cover and three payslips, then the upload's two pages.
    expect(pageCount(pdf)).toBe(6);
    const text = pdfText(pdf);
    expect(text.indexOf('Northwind P60 as uploaded, page 1')).toBeGreaterThan(text.indexOf('What this pack holds'));
    expect(text).toContain('Northwind P60 as uploaded, page 2');
    expect(text).not.toContain('P60 End of Year Certificate, tax year 2025/26');
    expect(text).toContain('Proof of income for Alex Morgan, Northwind Logistics Ltd. Page 6 of 6.');
  });
});
