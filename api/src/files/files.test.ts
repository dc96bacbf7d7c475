// File downloads: real PDFs, drawn from each record's own figures.
import { DEMO, api, createTestApp, signInAlex, signInSam, unwrap } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { pdfText } from '../test/pdf-text';

let t: TestApp;
let alex: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  alex = await signInAlex(t.app);
});
afterAll(() => t.close());

const fileUrl = (fileId: string, employmentId: string = DEMO.employments.alexNorthwind) => `/api/users/${alex.sub}/file/${fileId}/employment/${employmentId}`;

function expectPdf(res: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }, filename: string) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toContain(`attachment; filename="${filename}"`);
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  expect(res.rawPayload.subarray(-6).toString()).toMatch(/%%EOF/);
  return pdfText(res.rawPayload);
}

type Payslip = {
  ID: string;
  payDate: string;
  netPay: number;
  grossPay: number;
  totalDeductions: number;
  deductions: { name: string; amount: number }[];
  other: { name: string; amount: number }[];
};

describe('payslip PDFs', () => {
  it('renders the payslip from its own figures', async () => {
    const slips = unwrap<Payslip[]>(await api(t.app, alex, 'GET', `/api/users/${alex.sub}/employments/${DEMO.employments.alexNorthwind}/payslips`)).data;
    const gbp = (n: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(n);
    for (const slip of [slips[0]!, slips[1]!]) {
      const text = expectPdf(await api(t.app, alex, 'GET', fileUrl(slip.ID)), 'Payslip.pdf');
      expect(text).toContain('Northwind Logistics Ltd'.toUpperCase());
      expect(text).toContain('Alex Morgan');
      expect(text).toContain(
        new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(slip.payDate)),
      );
      for (const n of [slip.grossPay, slip.netPay, slip.totalDeductions]) expect(text).toContain(gbp(n));
      for (const d of slip.deductions.filter((x) => x.amount > 0)) expect(text).toContain(gbp(d.amount));
      // 'Taxable pay to date' and 'Tax paid to date' are the year-to-date section's own rows.
      for (const o of slip.other) {
        expect(text).toContain(o.name.replace(/^Taxable pay to date$/, 'Taxable pay').replace(/^Tax paid to date$/, 'Income Tax'));
        expect(text).toContain(gbp(o.amount));
      }
      expect(text).toContain('Income Tax');
      expect(text).toContain('National Insurance');
    }
  });
});

describe('the explained payslip in the PDF', () => {
  type Explained = Payslip & {
    taxCode: string;
    taxPeriod: number;
    niCategory: string;
    earnings: { name: string; amount: number; hours?: number; rate?: number }[];
  };
  const gbp = (n: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(n);

  it('shows the periods, the tax code explained, the NI category and the earnings lines', async () => {
    const slips = unwrap<Explained[]>(await api(t.app, alex, 'GET', `/api/users/${alex.sub}/employments/${DEMO.employments.alexNorthwind}/payslips`)).data;
    const slip = slips.find((s) => s.earnings.some((line) => line.hours !== undefined))!;
    const text = pdfText((await api(t.app, alex, 'GET', fileUrl(slip.ID))).rawPayload);
    expect(text).toContain(`Tax period\nMonth ${slip.taxPeriod}`);
    expect(text).toContain(`National Insurance category letter\n${slip.niCategory}`);
    expect(text).toContain(`Tax code\n${slip.taxCode}`);
    expect(text).toContain('You can earn £10,970 this tax year before you pay Income Tax.');
    for (const line of slip.earnings) {
      const hourly = line.hours !== undefined ? ` (${line.hours} hours × ${gbp(line.rate!)})` : '';
      expect(text).toContain(`${line.name}${hourly}\n${gbp(line.amount)}`);
    }
    expect(text).not.toContain('Emergency tax code');
  });

  it("explains HMRC's month-1 code as worked out on each month alone, not as an emergency code", async () => {
    const slips = unwrap<Explained[]>(await api(t.app, alex, 'GET', `/api/users/${alex.sub}/employments/${DEMO.employments.alexNorthwind}/payslips`)).data;
    const slip = slips.find((s) => s.taxCode === '1097L M1')!;
    const text = pdfText((await api(t.app, alex, 'GET', fileUrl(slip.ID))).rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain(`Tax code ${slip.taxCode}`);
    expect(text).toContain('worked out on each pay period alone (non-cumulative)');
    expect(text).not.toContain('Emergency tax code');
  });
});

describe('a payslip PDF in the language of the person asking', () => {
  type Explained = Payslip & { taxCode: string; taxPeriod: number };
  const download = (url: string, headers: Record<string, string> = {}, cookie = '') =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, cookie: `${alex.jar.header()}${cookie}` } });
  const languageOf = async (bytes: Buffer) => (await PDFDocument.load(bytes)).catalog.lookup(PDFName.of('Lang'), PDFString).decodeText();
  const explainedSlip = async () =>
    unwrap<Explained[]>(await api(t.app, alex, 'GET', `/api/users/${alex.sub}/employments/${DEMO.employments.alexNorthwind}/payslips`)).data.find(
      (s) => s.taxCode === '1097L',
    )!;

  it('is Welsh when the language switch chose Cymraeg: its labels, its explanations, its dates and its language tag', async () => {
    const slip = await explainedSlip();
    const res = await download(fileUrl(slip.ID), {}, '; portal-language=cy');
    const text = pdfText(res.rawPayload);
    expect(text).toContain(`Cyfnod treth\nMis ${slip.taxPeriod}`);
    expect(text).toContain(`Cod treth\n${slip.taxCode}`);
    expect(text.replace(/\s+/g, ' ')).toContain('Gallwch ennill £10,970 y flwyddyn dreth hon cyn i chi dalu Treth Incwm.');
    expect(text).toContain('Cyflog net');
    expect(text).toMatch(/Dyddiad talu\n\d{1,2} (Ionawr|Chwefror|Mawrth|Ebrill|Mai|Mehefin|Gorffennaf|Awst|Medi|Hydref|Tachwedd|Rhagfyr) \d{4}/);
    expect(text).not.toMatch(/Net pay|Tax code|You can earn/);
    expect(await languageOf(res.rawPayload)).toBe('cy-GB');
  });

  it('follows the browser’s Accept-Language where no choice was made, and the choice over the browser', async () => {
    const slip = await explainedSlip();
    const welsh = await download(fileUrl(slip.ID), { 'accept-language': 'en-US;q=0.5, cy-GB, cy;q=0.9' });
    expect(pdfText(welsh.rawPayload)).toContain('Cyflog net');
    const english = await download(fileUrl(slip.ID), { 'accept-language': 'fr-FR, en-GB;q=0.9, cy;q=0.8' });
    expect(pdfText(english.rawPayload)).toContain('Net pay');
    const chosen = await download(fileUrl(slip.ID), { 'accept-language': 'cy' }, '; portal-language=en');
    expect(pdfText(chosen.rawPayload)).toContain('Net pay');
    expect(await languageOf(chosen.rawPayload)).toBe('en-GB');
  });

  it('keeps one drawing per language: English, Welsh and English again give each its own', async () => {
    const slip = (await explainedSlip()).ID;
    const english = await download(fileUrl(slip));
    const welsh = await download(fileUrl(slip), {}, '; portal-language=cy');
    const englishAgain = await download(fileUrl(slip));
    const welshAgain = await download(fileUrl(slip), {}, '; portal-language=cy');
    expect(welsh.rawPayload.equals(english.rawPayload)).toBe(false);
    expect(englishAgain.rawPayload.equals(english.rawPayload)).toBe(true);
    expect(welshAgain.rawPayload.equals(welsh.rawPayload)).toBe(true);
  });
});

describe('drawn PDFs kept for later downloads', () => {
  it('draws a payslip again when its figures change', async () => {
    const slips = unwrap<Payslip[]>(await api(t.app, alex, 'GET', `/api/users/${alex.sub}/employments/${DEMO.employments.alexNorthwind}/payslips`)).data;
    const slip = slips[2]!;
    const gbp = (pence: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);
    const first = await api(t.app, alex, 'GET', fileUrl(slip.ID));
    expect(pdfText(first.rawPayload)).toContain(gbp(Math.round(slip.netPay * 100)));
    const again = await api(t.app, alex, 'GET', fileUrl(slip.ID));
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    await t.database.db.updateTable('payslips').set({ net_pence: 123_456 }).where('id', '=', slip.ID).execute();
    const changed = await api(t.app, alex, 'GET', fileUrl(slip.ID));
    expect(changed.headers['cache-control']).toBe('private, no-store');
    expect(pdfText(changed.rawPayload)).toContain('£1,234.56');
  });
});

describe('pay document PDFs', () => {
  it.each([
    ['doc_alex_nw_p60_2526', DEMO.employments.alexNorthwind, 'P60-2025-26.pdf', 'P60 End of Year Certificate'],
    ['doc_alex_nw_p11d_2526', DEMO.employments.alexNorthwind, 'P11D-2025-26.pdf', 'P11D Expenses and benefits'],
    ['doc_alex_nw_pension_2627', DEMO.employments.alexNorthwind, 'Pension-letter-2026-27.pdf', 'Your workplace pension'],
    ['doc_alex_bw_p45_2425', DEMO.employments.alexBrightwater, 'P45-2024-25.pdf', 'P45 Details of employee leaving work'],
    ['doc_alex_bw_p60_2324', DEMO.employments.alexBrightwater, 'P60-2023-24.pdf', 'P60 End of Year Certificate'],
  ])('%s is a PDF', async (id, employmentId, filename, title) => {
    const text = expectPdf(await api(t.app, alex, 'GET', fileUrl(id, employmentId)), filename);
    expect(text).toContain(title);
    expect(text).toContain('AB987654B');
  });

  it('puts the year’s totals on the P60, the same figures the documents list gives', async () => {
    type Doc = { ID: string; figures: { finalTaxCode: string; pay: number; incomeTax: number; nationalInsurance: number; studentLoan: number } | null };
    const docs = unwrap<Doc[]>(await api(t.app, alex, 'GET', `/api/users/${alex.sub}/employments/${DEMO.employments.alexNorthwind}/documents`)).data;
    const figures = docs.find((d) => d.ID === 'doc_alex_nw_p60_2526')!.figures!;
    const text = pdfText((await api(t.app, alex, 'GET', fileUrl('doc_alex_nw_p60_2526'))).rawPayload);
    const gbp = (n: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(n);
    expect(text).toContain(`Pay in this employment\n${gbp(figures.pay)}`);
    expect(text).toContain(`Tax deducted in this employment\n${gbp(figures.incomeTax)}`);
    expect(text).toContain(`Employee National Insurance contributions\n${gbp(figures.nationalInsurance)}`);
    expect(text).toContain(`Student loan deductions\n${gbp(figures.studentLoan)}`);
    expect(text).toContain(`Final tax code\n${figures.finalTaxCode}`);
  });
});

describe('shared (intranet) documents', () => {
  it('downloads a document of the employment’s employer, with its UTF-8 name', async () => {
    const res = await api(t.app, alex, 'GET', `/api/users/${alex.sub}/file/intranet/int_nw_handbook/employment/${DEMO.employments.alexNorthwind}`);
    const text = expectPdf(res, 'Staff handbook 2026.pdf');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Staff%20handbook%202026.pdf");
    expect(text).toContain('Staff handbook 2026');
  });

  it('does not serve another employer’s document', async () => {
    const res = await api(t.app, alex, 'GET', `/api/users/${alex.sub}/file/intranet/int_bw_benefits/employment/${DEMO.employments.alexNorthwind}`);
    expect(res.statusCode).toBe(404);
  });

  it('does not serve a pay file through the intranet route or the reverse', async () => {
    expect(
      (await api(t.app, alex, 'GET', `/api/users/${alex.sub}/file/intranet/doc_alex_nw_p60_2526/employment/${DEMO.employments.alexNorthwind}`)).statusCode,
    ).toBe(404);
    expect((await api(t.app, alex, 'GET', fileUrl('int_nw_handbook'))).statusCode).toBe(404);
  });
});

describe('view in the browser (?disposition=inline)', () => {
  it('serves the same PDF inline, still private and never stored, for payslips, pay documents and shared documents', async () => {
    const slips = unwrap<Payslip[]>(await api(t.app, alex, 'GET', `/api/users/${alex.sub}/employments/${DEMO.employments.alexNorthwind}/payslips`)).data;
    const urls = [
      fileUrl(slips[0]!.ID),
      fileUrl('doc_alex_nw_p60_2526'),
      `/api/users/${alex.sub}/file/intranet/int_nw_handbook/employment/${DEMO.employments.alexNorthwind}`,
    ];
    for (const url of urls) {
      const saved = await api(t.app, alex, 'GET', url);
      const viewed = await api(t.app, alex, 'GET', `${url}?disposition=inline`);
      expect(viewed.statusCode).toBe(200);
      expect(viewed.headers['content-type']).toBe('application/pdf');
      expect(viewed.headers['cache-control']).toBe('private, no-store');
      expect(viewed.headers['content-disposition']).toBe(String(saved.headers['content-disposition']).replace(/^attachment;/, 'inline;'));
      expect(pdfText(viewed.rawPayload)).toBe(pdfText(saved.rawPayload));
      const explicit = await api(t.app, alex, 'GET', `${url}?disposition=attachment`);
      expect(explicit.headers['content-disposition']).toBe(saved.headers['content-disposition']);
    }
  });

  it('refuses another user and any other disposition', async () => {
    const sam = await signInSam(t.app);
    expect((await api(t.app, sam, 'GET', `${fileUrl('doc_alex_nw_p60_2526')}?disposition=inline`)).statusCode).toBe(403);
    const samsOwnId = `/api/users/${sam.sub}/file/doc_alex_nw_p60_2526/employment/${DEMO.employments.alexNorthwind}?disposition=inline`;
    expect((await api(t.app, sam, 'GET', samsOwnId)).statusCode).toBe(404);
    expect((await api(t.app, alex, 'GET', `${fileUrl('doc_alex_nw_p60_2526')}?disposition=download`)).statusCode).toBe(400);
    expect((await api(t.app, alex, 'GET', `${fileUrl('doc_alex_nw_p60_2526')}?disposition=inline&also=1`)).statusCode).toBe(400);
  });
});

describe('a payslip PDF kept between downloads (pdf/payslip-pdf-keys.ts)', () => {
  const firstSlip = async (employmentId: string) =>
    unwrap<Payslip[]>(await api(t.app, alex, 'GET', `/api/users/${alex.sub}/employments/${employmentId}/payslips`)).data[0]!;

  it("is drawn again when the employment's details on it change", async () => {
    const slip = await firstSlip(DEMO.employments.alexNorthwind);
    expect(pdfText((await api(t.app, alex, 'GET', fileUrl(slip.ID))).rawPayload)).not.toContain('Alexandra Q. Kept');
    await t.database.db.updateTable('employments').set({ employee_name: 'Alexandra Q. Kept' }).where('id', '=', DEMO.employments.alexNorthwind).execute();
    const renamed = await api(t.app, alex, 'GET', fileUrl(slip.ID));
    expect(pdfText(renamed.rawPayload)).toContain('Alexandra Q. Kept');
    expect(renamed.headers['content-disposition']).toBe('attachment; filename="Payslip.pdf"; filename*=UTF-8\'\'Payslip.pdf');
    expect((await api(t.app, alex, 'GET', `${fileUrl(slip.ID)}?disposition=inline`)).headers['content-disposition']).toMatch(/^inline; /);
  });

  it('is not found once the payslip is deleted or moved to another employment, and never for someone else', async () => {
    const slip = await firstSlip(DEMO.employments.alexBrightwater);
    const brightwater = (id: string) => fileUrl(id, DEMO.employments.alexBrightwater);
    expect((await api(t.app, alex, 'GET', brightwater(slip.ID))).statusCode).toBe(200);
    expect((await api(t.app, alex, 'GET', brightwater(slip.ID))).statusCode).toBe(200);
    const sam = await signInSam(t.app);
    expect((await api(t.app, sam, 'GET', `/api/users/${sam.sub}/file/${slip.ID}/employment/${DEMO.employments.samBrightwater}`)).statusCode).toBe(404);
    await t.database.db.updateTable('payslips').set({ employment_id: DEMO.employments.samBrightwater }).where('id', '=', slip.ID).execute();
    expect((await api(t.app, alex, 'GET', brightwater(slip.ID))).statusCode).toBe(404);
    const other = await firstSlip(DEMO.employments.alexBrightwater);
    expect((await api(t.app, alex, 'GET', brightwater(other.ID))).statusCode).toBe(200);
    await t.database.db.deleteFrom('payslips').where('id', '=', other.ID).execute();
    expect((await api(t.app, alex, 'GET', brightwater(other.ID))).statusCode).toBe(404);
  });
});
