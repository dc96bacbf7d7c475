// The proof-of-income pack: which files it takes (the newest three payslips, the latest P60), in
// what order (oldest payslip first, then the P60), what the cover says, and the PDF drawn from it.
import { makePdf } from '../../test/make-pdf';
import { pdfText } from '../../test/pdf-text';
import { renderPdf } from '../pdf/render';
import type { DocumentForPdf, PayslipForPdf } from '../pdf/render';
import { proofOfIncomeContents } from './contents';

const payslip = (payDate: string, netPence: number): PayslipForPdf => ({
  employerName: 'Northwind Logistics Ltd',
  employeeName: 'Alex Jordan Morgan',
  niNumber: 'AB987654B',
  taxCode: '1257L',
  payDate,
  grossPence: netPence + 50_000,
  totalDeductionsPence: 50_000,
  netPence,
  deductions: [
    { name: 'Income Tax', amount: 30_000 },
    { name: 'National Insurance', amount: 20_000 },
  ],
  other: [],
});

const p60: DocumentForPdf = {
  organisation: 'Northwind Logistics Ltd',
  title: 'P60 End of Year Certificate, tax year 2025/26',
  issuedOn: '2026-05-29',
  rows: [{ label: 'Pay in this employment', value: '£27,600.00' }],
  paragraphs: ['Keep this certificate in a safe place.'],
};

const NOW = new Date('2026-11-23T23:30:00Z'); // already the 23rd in London (GMT)
const CHECK = { code: 'ABCD-EFGH-JKLM-NPQR', address: 'https://pay.example.co.uk/verify' };
const people = { employeeName: 'Alex Jordan Morgan', employerName: 'Northwind Logistics Ltd', now: NOW, check: CHECK };
const fivePayslips = [
  payslip('2026-09-30', 210_001),
  payslip('2026-06-30', 210_002),
  payslip('2026-10-30', 210_003),
  payslip('2026-07-31', 210_004),
  payslip('2026-08-28', 210_005),
];

/** The pages of a pdfkit PDF (each page object once). */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('proof of income', () => {
  it('takes the newest three payslips, oldest first, then the latest P60', () => {
    const pack = proofOfIncomeContents({ ...people, payslips: fivePayslips, p60: { taxYear: '2025/26', document: p60 } })!.pack;
    expect(pack.parts.map((part) => part.label)).toEqual([
      'Payslip paid 28 August 2026',
      'Payslip paid 30 September 2026',
      'Payslip paid 30 October 2026',
      'P60 End of Year Certificate, tax year 2025/26',
    ]);
    expect(pack.parts.map((part) => (part.kind === 'payslip' ? part.payslip.netPence : part.document.title))).toEqual([210_005, 210_001, 210_003, p60.title]);
  });

  it('says on the cover whose it is, the employer, the period covered and the day it was made', () => {
    const pack = proofOfIncomeContents({ ...people, payslips: fivePayslips, p60: { taxYear: '2025/26', document: p60 } })!.pack;
    expect(pack.coverRows).toEqual([
      { label: 'Name', value: 'Alex Jordan Morgan' },
      { label: 'Employer', value: 'Northwind Logistics Ltd' },
      { label: 'Period covered', value: 'Payslips paid 28 August 2026 to 30 October 2026' },
      { label: 'P60 for the tax year', value: '2025/26' },
      { label: 'Generated', value: '23 November 2026' },
    ]);
    expect(pack.coverNotes).toEqual(['Each page after this one is a copy of a payslip or P60 Northwind Logistics Ltd issued through its pay portal.']);
  });

  it('spells the name as the P60 does on the cover, the footers and every payslip, and adds the payslips up', () => {
    const named = { ...p60, rows: [{ label: 'Employee', value: 'Alex Jordan Morgan' }, ...p60.rows] };
    const pack = proofOfIncomeContents({ ...people, employeeName: 'Alex Morgan', payslips: fivePayslips, p60: { taxYear: '2025/26', document: named } })!.pack;
    expect(pack.employeeName).toBe('Alex Jordan Morgan');
    expect(pack.coverRows[0]).toEqual({ label: 'Name', value: 'Alex Jordan Morgan' });
    expect(pack.parts.flatMap((part) => (part.kind === 'payslip' ? [part.payslip.employeeName] : []))).toEqual(Array(3).fill('Alex Jordan Morgan'));
    expect(pack.summary).toEqual([
      { label: 'Payslips', value: '3' },
      { label: 'Gross pay', value: '£7,800.09' },
      { label: 'Income Tax', value: '£900.00' },
      { label: 'National Insurance', value: '£600.00' },
      { label: 'Other deductions', value: '£0.00' },
      { label: 'Net pay', value: '£6,300.09' },
    ]);
  });

  it('says what is missing when there are fewer than three payslips or no P60, and is null with nothing to pack', () => {
    const one = proofOfIncomeContents({ ...people, payslips: [payslip('2026-10-30', 1)], p60: null })!.pack;
    expect(one.parts.map((part) => part.label)).toEqual(['Payslip paid 30 October 2026']);
    expect(one.coverRows.map((row) => row.label)).toEqual(['Name', 'Employer', 'Period covered', 'Generated']);
    expect(one.coverRows[2]).toEqual({ label: 'Period covered', value: 'Payslip paid 30 October 2026' });
    expect(one.coverNotes.slice(1)).toEqual([
      'Northwind Logistics Ltd has published only 1 payslip to the employee.',
      'There is no P60 from Northwind Logistics Ltd yet: a P60 is issued after the end of each tax year in which the employee was paid.',
    ]);
    const onlyP60 = proofOfIncomeContents({ ...people, payslips: [], p60: { taxYear: '2025/26', document: p60 } })!.pack;
    expect(onlyP60.coverRows[2]).toEqual({ label: 'Period covered', value: 'The tax year 2025/26 (P60)' });
    expect(onlyP60.coverNotes[1]).toBe('Northwind Logistics Ltd has published no payslips to the employee yet.');
    expect(proofOfIncomeContents({ ...people, payslips: [], p60: null })).toBeNull();
  });

  it('draws one PDF: the cover with its contents and page numbers, then each document on its own pages', async () => {
    const pack = proofOfIncomeContents({ ...people, payslips: fivePayslips, p60: { taxYear: '2025/26', document: p60 } })!.pack;
    const pdf = await renderPdf({ kind: 'proof-of-income', pack });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(5);
    const text = pdfText(pdf);
    const inOrder = [
      'Proof of income',
      'Alex Jordan Morgan',
      'Northwind Logistics Ltd',
      '23 November 2026',
      'What this pack holds',
      'Payslip paid 28 August 2026',
      'page 2',
      'page 5',
    ];
    const found = inOrder.map((words) => text.indexOf(words));
    expect(found[0]).toBeGreaterThanOrEqual(0);
    expect(found).toEqual([...found].sort((a, b) => a - b));
    // The payslips follow in order (their net pay), then the P60, and every page is numbered.
    const nets = ['£2,100.05', '£2,100.01', '£2,100.03', 'Keep this certificate in a safe place.'].map((words) => text.indexOf(words));
    expect(nets).toEqual([...nets].sort((a, b) => a - b));
    expect(nets[0]).toBeGreaterThan(0);
    for (let page = 1; page <= 5; page += 1) expect(text).toContain(`Proof of income for Alex Jordan Morgan, Northwind Logistics Ltd. Page ${page} of 5.`);
    // Every page gives the code and where a lender checks it.
    expect(text.split('Check this pack is genuine and unchanged at https://pay.example.co.uk/verify with code ABCD-EFGH-JKLM-NPQR.').length - 1).toBe(5);
  });

  it('says what the pack covers, as kept with its code: the first and last pay dates and the P60 tax year', () => {
    const { covers } = proofOfIncomeContents({ ...people, payslips: fivePayslips, p60: { taxYear: '2025/26', document: p60 } })!;
    expect(covers).toEqual({ firstPayDate: '2026-08-28', lastPayDate: '2026-10-30', p60TaxYear: '2025/26' });
    expect(proofOfIncomeContents({ ...people, payslips: [], p60: { taxYear: '2025/26', document: p60 } })!.covers).toEqual({
      firstPayDate: null,
      lastPayDate: null,
      p60TaxYear: '2025/26',
    });
  });

  it("uses the pages of a P60 the employer uploaded, numbered with the pack's, and draws the P60 when the upload cannot be read", async () => {
    const uploadedPdf = await makePdf('Uploaded P60 page one', 'Uploaded P60 page two');
    const pack = proofOfIncomeContents({ ...people, payslips: fivePayslips, p60: { taxYear: '2025/26', document: p60, uploadedPdf } })!.pack;
    expect(pack.parts.map((part) => part.kind)).toEqual(['payslip', 'payslip', 'payslip', 'uploaded']);
    const pdf = await renderPdf({ kind: 'proof-of-income', pack });
    expect(pageCount(pdf)).toBe(6);
    const text = pdfText(pdf);
    expect(text).toContain('Uploaded P60 page one');
    expect(text).toContain('Uploaded P60 page two');
    expect(text).not.toContain('Keep this certificate in a safe place.');
    expect(text).toContain('page 5');
    expect(text).toContain('Proof of income for Alex Jordan Morgan, Northwind Logistics Ltd. Page 6 of 6.');

    const unreadable = proofOfIncomeContents({
      ...people,
      payslips: fivePayslips,
      p60: { taxYear: '2025/26', document: p60, uploadedPdf: Buffer.from('%PDF-1.4 not really') },
    })!.pack;
    const drawn = await renderPdf({ kind: 'proof-of-income', pack: unreadable });
    expect(pageCount(drawn)).toBe(5);
    expect(pdfText(drawn)).toContain('Keep this certificate in a safe place.');
  });
});
