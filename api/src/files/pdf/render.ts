// PDF documents drawn with pdfkit from the database's own figures: payslips, P60/P45/P11D,
// pension letters and shared documents. One simple, readable A4 layout for all of them. Drawing is
// CPU work: the API runs it in worker threads (pool.ts, worker.cjs), never on its event loop.
import PDFDocument from 'pdfkit';
import { earningHelp } from '@portal/shared/pay-insights/line-help';
import { explainTaxCode } from '@portal/shared/pay-insights/tax-code';
import type { EarningKind } from '@portal/shared/pay-insights/what-changed';
import { britishDate, gbp } from '../format';

const PINK = '#a3226f';
const LEFT = 50;
const RIGHT = 545;

type Pdf = InstanceType<typeof PDFDocument>;

function create(title: string, author: string): Pdf {
  return new PDFDocument({ size: 'A4', margin: LEFT, pdfVersion: '1.7', tagged: true, lang: 'en-GB', displayTitle: true, info: { Title: title, Author: author, Creator: 'Pay portal' } });
}

function toBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

function header(doc: Pdf, organisation: string, title: string): void {
  doc.fillColor(PINK).font('Helvetica-Bold').fontSize(11).text(organisation.toUpperCase(), LEFT, LEFT);
  doc.moveDown(0.3).fillColor('#000').fontSize(20).text(title);
  doc.moveDown(0.3).strokeColor(PINK).lineWidth(2).moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).stroke();
  doc.moveDown(0.8);
}

function section(doc: Pdf, title: string): void {
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).fillColor(PINK).text(title, LEFT).fillColor('#000');
  doc.moveDown(0.2);
}

/** A label on the left and a value on the right, on one line. */
function row(doc: Pdf, label: string, value: string, bold = false): void {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
  doc.text(label, LEFT, y, { width: 300 });
  const after = doc.y;
  doc.text(value, 350, y, { width: RIGHT - 350, align: 'right' });
  doc.y = Math.max(after, doc.y) + 3;
}

function footer(doc: Pdf, text: string): void {
  doc.moveDown(2).font('Helvetica').fontSize(9).fillColor('#555').text(text, LEFT, doc.y, { width: RIGHT - LEFT });
}

export type PayslipForPdf = {
  employerName: string;
  employeeName: string;
  niNumber: string;
  taxCode: string;
  payDate: string;
  grossPence: number;
  totalDeductionsPence: number;
  netPence: number;
  deductions: { name: string; amount: number }[];
  other: { name: string; amount: number }[];
  // What issue 14 adds; absent on payslips published without them.
  niCategory?: string | null;
  taxPeriod?: number | null;
  /** Pence; rate in pence an hour. */
  earnings?: { kind: EarningKind; name: string; amount: number; hours?: number; rate?: number }[];
};

const payPeriod = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function note(doc: Pdf, text: string): void {
  doc.font('Helvetica').fontSize(9.5).fillColor('#444').text(text, LEFT, doc.y, { width: RIGHT - LEFT }).fillColor('#000');
  doc.moveDown(0.3);
}

export function payslipPdf(p: PayslipForPdf): Promise<Buffer> {
  const doc = create(`Payslip ${britishDate(p.payDate)}`, p.employerName);
  header(doc, p.employerName, 'Payslip');
  const taxCode = explainTaxCode(p.taxCode);
  row(doc, 'Employee', p.employeeName);
  row(doc, 'Pay date', britishDate(p.payDate));
  row(doc, 'Pay period', payPeriod.format(new Date(`${p.payDate.slice(0, 10)}T00:00:00Z`)));
  if (p.taxPeriod) row(doc, 'Tax period', `Month ${p.taxPeriod}`);
  row(doc, 'National Insurance number', p.niNumber);
  if (p.niCategory) row(doc, 'National Insurance category', p.niCategory);
  row(doc, 'Tax code', taxCode.code);
  // The same plain words as the payslip screen's 'What is this?'.
  note(doc, [taxCode.summary, ...taxCode.details].join(' '));
  if (taxCode.emergency && taxCode.advice) note(doc, `Emergency tax code: ${taxCode.advice}`);
  section(doc, 'Payments');
  for (const line of p.earnings ?? []) {
    const hourly = line.hours !== undefined && line.rate !== undefined ? ` (${line.hours} hours × ${gbp(line.rate)})` : '';
    row(doc, `${line.name}${hourly}`, gbp(line.amount));
    note(doc, earningHelp(line.kind));
  }
  row(doc, 'Gross pay', gbp(p.grossPence), Boolean(p.earnings?.length));
  section(doc, 'Deductions');
  for (const d of p.deductions) {
    if (d.name === 'Income Tax' || d.name === 'National Insurance' || d.amount > 0) row(doc, d.name, gbp(d.amount));
  }
  row(doc, 'Total deductions', gbp(p.totalDeductionsPence), true);
  section(doc, 'Take-home pay');
  row(doc, 'Net pay', gbp(p.netPence), true);
  if (p.other.length) {
    section(doc, 'Other');
    for (const o of p.other) row(doc, o.name, gbp(o.amount));
  }
  footer(doc, 'Your net pay is paid into the bank account you gave your employer. Contact your payroll team if anything on this payslip looks wrong.');
  return toBuffer(doc);
}

export type DocumentForPdf = {
  organisation: string;
  title: string;
  issuedOn: string;
  rows: { label: string; value: string }[];
  paragraphs: string[];
};

export function documentPdf(d: DocumentForPdf): Promise<Buffer> {
  const doc = create(d.title, d.organisation);
  header(doc, d.organisation, d.title);
  doc.font('Helvetica').fontSize(10).fillColor('#555').text(`Issued ${britishDate(d.issuedOn)}`).fillColor('#000');
  doc.moveDown(0.6);
  for (const r of d.rows) row(doc, r.label, r.value);
  doc.moveDown(0.8);
  for (const p of d.paragraphs) {
    doc.font('Helvetica').fontSize(11).text(p, LEFT, doc.y, { width: RIGHT - LEFT });
    doc.moveDown(0.6);
  }
  return toBuffer(doc);
}

/** What to draw, as plain data: it crosses to a worker thread (pool.ts) by structured clone. */
export type PdfJob = { kind: 'payslip'; payslip: PayslipForPdf } | { kind: 'document'; document: DocumentForPdf };

export function renderPdf(job: PdfJob): Promise<Buffer> {
  return job.kind === 'payslip' ? payslipPdf(job.payslip) : documentPdf(job.document);
}
