// What HMRC expects a payslip, P60 and P45 to name, read back out of the real PDFs the API draws
// from the seeded database: the employer's address and PAYE reference, the payroll number, the NI
// letter, the loan plan and the year to date; a P60's NI table and eP60 words; a P45 in its parts.
import { fromJson, toJson } from '../db/convert';
import { DEMO, api, createTestApp, signInAlex, signInSam, unwrap } from '../test/helpers';
import type { SignedIn, TestApp } from '../test/helpers';
import { pdfText } from '../test/pdf-text';

let t: TestApp;
let alex: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  alex = await signInAlex(t.app);
});
afterAll(() => t.close());

const fileUrl = (fileId: string, employmentId: string = DEMO.employments.alexNorthwind) => `/api/users/${alex.sub}/file/${fileId}/employment/${employmentId}`;
const gbp = (pence: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);
const textOf = async (url: string) => {
  const res = await api(t.app, alex, 'GET', url);
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload);
};
/** pdfkit breaks a long line where it wraps: the text with its lines joined again. */
const flat = (text: string) => text.replace(/\s*\n/g, ' ');

type Line = { name: string; amount: number };

describe('a payslip PDF', () => {
  it("names the employer's address and PAYE reference, the payroll number, NI letter, loan plan and the year to date", async () => {
    const slips = unwrap<{ ID: string }[]>(await api(t.app, alex, 'GET', `/api/users/${alex.sub}/employments/${DEMO.employments.alexNorthwind}/payslips`)).data;
    const row = await t.database.db.selectFrom('payslips').selectAll().where('id', '=', slips[0]!.ID).executeTakeFirstOrThrow();
    const ytd = fromJson<{ grossPence: number; taxablePence: number; incomeTaxPence: number; nationalInsurancePence: number }>(row.year_to_date!);
    const text = await textOf(fileUrl(row.id));
    expect(text).toContain('Unit 4, Meridian Park, Leicester, LE19 1WX');
    expect(text).toContain('Employer PAYE reference\n123/NW45678');
    expect(text).toContain('Payroll number\nNW-1042');
    expect(text).toContain(`National Insurance category letter\n${row.ni_category}`);
    expect(text).toContain('Student loan plan\nPlan 2');
    const yearToDate = text.slice(text.indexOf('Tax year to date'));
    expect(yearToDate).toContain(`Gross pay\n${gbp(ytd.grossPence)}`);
    expect(yearToDate).toContain(`Taxable pay\n${gbp(ytd.taxablePence)}`);
    expect(yearToDate).toContain(`Income Tax\n${gbp(ytd.incomeTaxPence)}`);
    expect(yearToDate).toContain(`National Insurance\n${gbp(ytd.nationalInsurancePence)}`);
  });

  it('names no loan plan where the employer deducts none', async () => {
    const slip = await t.database.db.selectFrom('payslips').select('id').where('employment_id', '=', DEMO.employments.samBrightwater).executeTakeFirstOrThrow();
    const sam = await signInSam(t.app);
    const text = pdfText((await api(t.app, sam, 'GET', `/api/users/${sam.sub}/file/${slip.id}/employment/${DEMO.employments.samBrightwater}`)).rawPayload);
    expect(text).toContain('Employer PAYE reference\n475/BF20931');
    expect(text).toContain('Payroll number\nBW-20577');
    expect(text).not.toContain('Student loan plan');
  });
});

describe('a P60 PDF', () => {
  // HMRC's monthly limits for 2025/26: LEL £542, PT £1,048, UEL £4,189
  // (https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2025-to-2026).
  const [LEL, PT, UEL] = [54_200, 104_800, 418_900];

  it("shows the NI letter and the year's earnings in each NI band, worked out from the year's payslips", async () => {
    // The demo keeps 2025/26 from November: April to October were £3,200 a month on 1257L, £172.16 NI
    // each, as the P60's NI total (£2,143.73) has them.
    const january = await t.database.db.selectFrom('payslips').selectAll().where('id', '=', 'ps_alex_northwind_20260130').executeTakeFirstOrThrow();
    const earlier = ['2025-04-30', '2025-05-30', '2025-06-30', '2025-07-31', '2025-08-29', '2025-09-30', '2025-10-31'];
    await t.database.db
      .insertInto('payslips')
      .values(
        earlier.map((payDate) => ({
          ...january,
          // JSON columns as each database reads them back written again (text on SQLite, jsonb on PostgreSQL).
          deductions: toJson(fromJson(january.deductions)),
          other: toJson(fromJson(january.other)),
          earnings: toJson(fromJson(january.earnings!)),
          year_to_date: toJson(fromJson(january.year_to_date!)),
          id: `ps_test_${payDate}`,
          external_id: `ps_test_${payDate}`,
          pay_date: payDate,
          content_hash: null,
        })),
      )
      .execute();
    const rows = await t.database.db
      .selectFrom('payslips')
      .selectAll()
      .where('employment_id', '=', DEMO.employments.alexNorthwind)
      .where('pay_date', '>=', '2025-04-06')
      .where('pay_date', '<=', '2026-04-05')
      .execute();
    expect(rows).toHaveLength(12);
    let [atLel, toPt, toUel, contributions] = [0, 0, 0, 0];
    for (const slip of rows) {
      atLel += slip.gross_pence >= LEL ? LEL : 0;
      toPt += slip.gross_pence >= LEL ? Math.min(slip.gross_pence, PT) - LEL : 0;
      toUel += Math.max(0, Math.min(slip.gross_pence, UEL) - PT);
      contributions += fromJson<Line[]>(slip.deductions).find((line) => line.name === 'National Insurance')!.amount;
    }
    const text = flat(await textOf(fileUrl('doc_alex_nw_p60_2526')));
    expect(text).toContain('NI category letter A');
    expect(text).toContain(`Earnings at the Lower Earnings Limit (LEL) ${gbp(atLel)}`);
    expect(text).toContain(`Earnings above the LEL, up to and including the Primary Threshold (PT) ${gbp(toPt)}`);
    expect(text).toContain(`Earnings above the PT, up to and including the Upper Earnings Limit (UEL) ${gbp(toUel)}`);
    expect(text).toContain(`Employee's contributions due on all earnings above the PT ${gbp(contributions)}`);
    expect(atLel).toBe(12 * LEL);
    expect(text).toContain(`Employee National Insurance contributions ${gbp(contributions)}`);
    expect(text).toContain('Employer PAYE reference 123/NW45678');
    expect(text).toContain('Payroll number NW-1042');
    expect(text).toContain('This is a printed copy of an eP60.');
    expect(text).not.toContain('This is a copy of the certificate your employer gave you');
  });

  it('does not guess the NI table when the payslips kept here are not the whole year', async () => {
    const text = flat(await textOf(fileUrl('doc_alex_bw_p60_2324', DEMO.employments.alexBrightwater)));
    expect(text).toContain('P60 End of Year Certificate');
    expect(text).toContain('This is a printed copy of an eP60.');
    const kept = await t.database.db
      .selectFrom('payslips')
      .select('id')
      .where('employment_id', '=', DEMO.employments.alexBrightwater)
      .where('pay_date', '>=', '2023-04-06')
      .where('pay_date', '<=', '2024-04-05')
      .execute();
    expect(kept.length).toBeLessThan(12);
    expect(text).not.toContain('NI category letter');
    expect(text).toContain('not every payslip of this tax year is in the portal');
  });
});

describe('a P45 PDF', () => {
  it("is laid out in HMRC's parts, each with its own instructions, and says nothing untrue", async () => {
    const text = flat(await textOf(fileUrl('doc_alex_bw_p45_2425', DEMO.employments.alexBrightwater)));
    const parts = [
      'Part 1: details of employee leaving work, for HMRC',
      'Part 1A: copy for the employee',
      'Part 2: for the new employer',
      'Part 3: new employee details, for the new employer',
    ].map((title) => text.indexOf(title));
    expect(parts.every((at) => at > 0)).toBe(true);
    expect(parts).toEqual([...parts].sort((a, b) => a - b));
    expect(text).toContain('There is nothing for you to do with Part 1.');
    expect(text).toContain('Keep Part 1A safe for your records.');
    expect(text).toContain('To the employee: give Parts 2 and 3 to your new employer when you start work.');
    expect(text).toContain('Keep Part 3; do not send it to HMRC.');
    expect(text).toContain('Employer PAYE reference 475/BF20931');
    expect(text).toContain('Payroll number BW-20314');
    expect(text).not.toContain('Give parts 2 and 3 to your new employer, or keep them if you are not working');
    // Parts 2 and 3 start a page of their own, to hand over without Part 1A.
    const pdf = (await api(t.app, alex, 'GET', fileUrl('doc_alex_bw_p45_2425', DEMO.employments.alexBrightwater))).rawPayload;
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
  });
});
