// Proof of income over the API: one PDF of the last three payslips and the latest P60 behind a
// cover page, only ever the signed-in user's own, never cached, limited per user with the ZIPs.
import { DEMO, FRONT_END, api, bundleTestBed } from '../../test/helpers';
import type { SignedIn } from '../../test/helpers';
import { burst } from '../../test/burst';
import { pdfText } from '../../test/pdf-text';
import { fromJson } from '../../db/convert';
import { makePdf } from '../../test/make-pdf';
import { BASE, newKey } from '../../employer-api/test-fixtures';
import { BUNDLE_LIMIT } from '../archive/limits';

const bed = bundleTestBed();

const packUrl = (user: SignedIn, employmentId: string) => `/api/users/${user.sub}/employments/${employmentId}/proof-of-income`;
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

async function newestPayslipDates(employmentId: string): Promise<string[]> {
  const rows = await bed.t.database.db
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
  beforeEach(() => bed.clearBundleLimit(bed.alex));

  it('is one PDF: a cover naming the person and employer, the last three payslips, then the latest P60', async () => {
    const res = await api(bed.t.app, bed.alex, 'GET', packUrl(bed.alex, DEMO.employments.alexNorthwind));
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
      'Alex Jordan Morgan',
      'Northwind Logistics Ltd',
      'Unit 4, Meridian Park, Leicester, LE19 1WX',
      '123/NW45678',
      'NW-1042',
      `Payslips paid ${longDate(first!)} to ${longDate(third!)}`,
      'P60 for the tax year',
      'Income summary',
      'What this pack holds',
      `Payslip paid ${longDate(first!)}`,
      `Payslip paid ${longDate(second!)}`,
      `Payslip paid ${longDate(third!)}`,
      'P60 End of Year Certificate, tax year 2025/26',
    ].map((words) => text.indexOf(words));
    expect(inOrder[0]).toBeGreaterThanOrEqual(0);
    expect(inOrder).toEqual([...inOrder].sort((a, b) => a - b));
    expect(text).toContain('Proof of income for Alex Jordan Morgan, Northwind Logistics Ltd. Page 5 of 5.');
    // One spelling of the name throughout, the P60's; figures, not advice.
    expect(text).not.toContain('Alex Morgan');
    expect(text).not.toContain('Emergency tax code');
    expect(text).not.toContain('You can earn');
  });

  it("adds up the pack's payslips on the cover: pay, tax, NI, other deductions and net", async () => {
    const rows = await bed.t.database.db
      .selectFrom('payslips')
      .selectAll()
      .where('employment_id', '=', DEMO.employments.alexNorthwind)
      .orderBy('pay_date', 'desc')
      .limit(3)
      .execute();
    const sum = (amount: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + amount(row), 0);
    const line = (row: (typeof rows)[number], name: string) =>
      fromJson<{ name: string; amount: number }[]>(row.deductions).find((d) => d.name === name)!.amount;
    const gbp = (pence: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);
    const tax = sum((row) => line(row, 'Income Tax'));
    const ni = sum((row) => line(row, 'National Insurance'));
    const text = pdfText((await api(bed.t.app, bed.alex, 'GET', packUrl(bed.alex, DEMO.employments.alexNorthwind))).rawPayload);
    const summary = text.slice(text.indexOf('Income summary'), text.indexOf('What this pack holds'));
    expect(summary).toContain('Payslips\n3');
    expect(summary).toContain(`Gross pay\n${gbp(sum((row) => row.gross_pence))}`);
    expect(summary).toContain(`Income Tax\n${gbp(tax)}`);
    expect(summary).toContain(`National Insurance\n${gbp(ni)}`);
    expect(summary).toContain(`Other deductions\n${gbp(sum((row) => row.total_deductions_pence) - tax - ni)}`);
    expect(summary).toContain(`Net pay\n${gbp(sum((row) => row.net_pence))}`);
  });

  it("refuses another user's pack: Alex's address is 403, Alex's employment under Sam's id is 404", async () => {
    await bed.clearBundleLimit(bed.sam);
    const asSam = await api(bed.t.app, bed.sam, 'GET', packUrl(bed.alex, DEMO.employments.alexNorthwind));
    expect(asSam.statusCode).toBe(403);
    expect(asSam.headers['content-type']).not.toContain('application/pdf');
    const foreignEmployment = await api(bed.t.app, bed.sam, 'GET', packUrl(bed.sam, DEMO.employments.alexNorthwind));
    expect(foreignEmployment.statusCode).toBe(404);
    expect(foreignEmployment.rawPayload.subarray(0, 5).toString('latin1')).not.toBe('%PDF-');
    // Sam's own pack holds Sam's documents only.
    const own = await api(bed.t.app, bed.sam, 'GET', packUrl(bed.sam, DEMO.employments.samBrightwater));
    expect(own.statusCode).toBe(200);
    const text = pdfText(own.rawPayload);
    expect(text).toContain('Sam Patel');
    expect(text).not.toContain('Alex Morgan');
  });

  it(`lets one user have ${BUNDLE_LIMIT.max} packs made in ${BUNDLE_LIMIT.windowMs / 60_000} minutes, of 300 asked for at once`, async () => {
    const call = { path: packUrl(bed.alex, DEMO.employments.alexNorthwind), headers: { cookie: bed.alex.jar.header(), origin: FRONT_END } };
    const result = await burst(
      bed.server,
      Array.from({ length: 300 }, () => call),
    );
    expect(result.statuses).toEqual({ '200': BUNDLE_LIMIT.max, '429': 300 - BUNDLE_LIMIT.max });
    const refused = result.answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toEqual({
      status: 429,
      error: 'You have asked for many downloads in a short time. Wait a few minutes, then try again.',
      code: 'files.too_many_downloads',
      data: null,
    });
    // The ZIPs count against the same limit: the tax year is refused now too.
    expect(
      (await api(bed.t.app, bed.alex, 'GET', `/api/users/${bed.alex.sub}/employments/${DEMO.employments.alexNorthwind}/tax-years/2025-26/archive`)).statusCode,
    ).toBe(429);
  }, 120_000);

  it('answers a plain 404 when the employment has no payslips and no P60', async () => {
    const employment = DEMO.employments.alexBrightwater;
    await bed.t.database.db.deleteFrom('payslips').where('employment_id', '=', employment).execute();
    await bed.t.database.db.deleteFrom('pay_documents').where('employment_id', '=', employment).where('file_type', '=', 'P60').execute();
    const res = await api(bed.t.app, bed.alex, 'GET', packUrl(bed.alex, employment));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: 404,
      error: 'There are no payslips or P60 for a proof of income yet',
      code: 'files.nothing_for_proof_of_income',
      data: null,
    });
  });

  it('uses the pages of the P60 the employer uploaded (employer API) rather than drawing one', async () => {
    const key = await newKey(bed.t.database.db, DEMO.employers.northwind);
    const uploaded = await makePdf('Northwind P60 as uploaded, page 1', 'Northwind P60 as uploaded, page 2');
    const published = await bed.t.app.inject({
      method: 'PUT',
      url: `${BASE}/employments/${DEMO.employments.alexNorthwind}/documents/p60-2526-pack?type=P60&taxYear=2025-26&issuedOn=2026-06-30`,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/pdf' },
      payload: uploaded,
    });
    expect(published.statusCode).toBe(201);

    const res = await api(bed.t.app, bed.alex, 'GET', packUrl(bed.alex, DEMO.employments.alexNorthwind));
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
    // The uploaded pages carry the verification code too.
    expect(text.match(/Check this pack is genuine and unchanged at \S+\/verify with code [A-Z2-9-]{19}\./g)).toHaveLength(6);
  });
});
