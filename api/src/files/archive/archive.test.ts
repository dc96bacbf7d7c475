// A tax year in one download: the ZIP's names, that every entry is this employment's own real PDF,
// the headers, refusals, and the per-user limit holding for 300 requests at once over real HTTP.
import { DEMO, FRONT_END, api, bundleTestBed } from '../../test/helpers';
import type { SignedIn } from '../../test/helpers';
import { burst } from '../../test/burst';
import { pdfText } from '../../test/pdf-text';
import { unzip } from '../../test/unzip';
import { BUNDLE_LIMIT } from './limits';

const bed = bundleTestBed();

const archiveUrl = (user: SignedIn, employmentId: string, taxYear: string) => `/api/users/${user.sub}/employments/${employmentId}/tax-years/${taxYear}/archive`;

describe('a tax year in one download', () => {
  beforeEach(() => bed.clearBundleLimit(bed.alex));

  it("streams the year's payslips, P60 and P11D with names a person understands", async () => {
    const res = await api(bed.t.app, bed.alex, 'GET', archiveUrl(bed.alex, DEMO.employments.alexNorthwind, '2025-26'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('attachment; filename="2025-26 Pay documents - Northwind Logistics Ltd.zip"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-length']).toBeUndefined(); // streamed, not built whole first
    const entries = await unzip(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      '2025-11-28 Payslip - Northwind Logistics Ltd.pdf',
      '2025-12-31 Payslip - Northwind Logistics Ltd.pdf',
      '2026-01-30 Payslip - Northwind Logistics Ltd.pdf',
      '2026-02-27 Payslip - Northwind Logistics Ltd.pdf',
      '2026-03-31 Payslip - Northwind Logistics Ltd.pdf',
      '2025-26 P60 - Northwind Logistics Ltd.pdf',
      '2025-26 P11D - Northwind Logistics Ltd.pdf',
    ]);
    for (const entry of entries) expect(entry.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(entries[5]!.content)).toContain('P60 End of Year Certificate, tax year 2025/26');
    expect(pdfText(entries[4]!.content)).toContain('31 March 2026');
  });

  it('draws its payslips in the language the person chose; their file names stay as they are', async () => {
    const res = await bed.t.app.inject({
      method: 'GET',
      url: archiveUrl(bed.alex, DEMO.employments.alexNorthwind, '2025-26'),
      headers: { cookie: `${bed.alex.jar.header()}; portal-language=cy` },
    });
    expect(res.statusCode).toBe(200);
    const entries = await unzip(res.rawPayload);
    expect(entries[4]!.name).toBe('2026-03-31 Payslip - Northwind Logistics Ltd.pdf');
    const payslip = pdfText(entries[4]!.content);
    expect(payslip).toContain('31 Mawrth 2026');
    expect(payslip).toContain('Cyflog net');
  });

  it("holds only this employment's files: the ended one's year has its P45, and nothing of another employer or user", async () => {
    // A payslip of Sam's in the same tax year must never reach Alex's archive.
    await bed.t.database.db
      .insertInto('payslips')
      .values({
        id: 'ps_sam_foreign_20250131',
        employment_id: DEMO.employments.samBrightwater,
        pay_date: '2025-01-31',
        gross_pence: 1,
        total_deductions_pence: 0,
        net_pence: 1,
        deductions: '[]',
        other: '[]',
      })
      .execute();
    const res = await api(bed.t.app, bed.alex, 'GET', archiveUrl(bed.alex, DEMO.employments.alexBrightwater, '2024-25'));
    expect(res.statusCode).toBe(200);
    const names = (await unzip(res.rawPayload)).map((e) => e.name);
    expect(names).toEqual([
      '2025-01-31 Payslip - Brightwater Foods plc.pdf',
      '2025-02-28 Payslip - Brightwater Foods plc.pdf',
      '2025-03-31 Payslip - Brightwater Foods plc.pdf',
      '2024-25 P45 - Brightwater Foods plc.pdf',
      '2024-25 Pension letter - Brightwater Foods plc.pdf',
    ]);
  });

  it('refuses another user, another user’s employment, a year that does not follow on, and a year with nothing in it', async () => {
    expect((await api(bed.t.app, bed.sam, 'GET', archiveUrl(bed.alex, DEMO.employments.alexNorthwind, '2025-26'))).statusCode).toBe(403);
    // Another user's employment is not found, as on every employment route.
    expect((await api(bed.t.app, bed.sam, 'GET', archiveUrl(bed.sam, DEMO.employments.alexNorthwind, '2025-26'))).statusCode).toBe(404);
    const skipped = await api(bed.t.app, bed.alex, 'GET', archiveUrl(bed.alex, DEMO.employments.alexNorthwind, '2025-27'));
    expect(skipped.statusCode).toBe(400);
    expect(skipped.json()).toEqual({
      status: 400,
      error: 'taxYear must be a UK tax year written like 2025-26',
      code: 'request.field_invalid',
      field: 'taxYear',
      data: null,
    });
    expect((await api(bed.t.app, bed.alex, 'GET', archiveUrl(bed.alex, DEMO.employments.alexNorthwind, 'latest'))).statusCode).toBe(400);
    const empty = await api(bed.t.app, bed.alex, 'GET', archiveUrl(bed.alex, DEMO.employments.alexNorthwind, '2019-20'));
    expect(empty.statusCode).toBe(404);
    expect(empty.json()).toEqual({ status: 404, error: 'There are no payslips or documents for 2019/20', code: 'files.nothing_for_tax_year', data: null });
  });

  it(`lets one user have ${BUNDLE_LIMIT.max} archives made in ${BUNDLE_LIMIT.windowMs / 60_000} minutes, of 300 asked for at once`, async () => {
    const call = { path: archiveUrl(bed.alex, DEMO.employments.alexNorthwind, '2025-26'), headers: { cookie: bed.alex.jar.header(), origin: FRONT_END } };
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
    // Another user is not held back by Alex's downloads.
    await bed.clearBundleLimit(bed.sam);
    expect((await api(bed.t.app, bed.sam, 'GET', archiveUrl(bed.sam, DEMO.employments.samBrightwater, '2026-27'))).statusCode).toBe(200);
  }, 120_000);
});
