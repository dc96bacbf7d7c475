// The one simple, readable A4 layout every PDF of the portal shares (pdfkit): a header with the
// organisation and title, sections, label/value rows and notes. The documents draw with these.
import PDFDocument from 'pdfkit';

export const PINK = '#a3226f';
export const LEFT = 50;
export const RIGHT = 545;

export type Pdf = InstanceType<typeof PDFDocument>;

/** A tagged A4 PDF. `bufferPages` keeps every page open, so a cover can be finished last. */
export function create(title: string, author: string, { bufferPages = false } = {}): Pdf {
  return new PDFDocument({
    size: 'A4',
    margin: LEFT,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en-GB',
    displayTitle: true,
    bufferPages,
    info: { Title: title, Author: author, Creator: 'Pay portal' },
  });
}

export function toBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export function header(doc: Pdf, organisation: string, title: string): void {
  doc.fillColor(PINK).font('Helvetica-Bold').fontSize(11).text(organisation.toUpperCase(), LEFT, LEFT);
  doc.moveDown(0.3).fillColor('#000').fontSize(20).text(title);
  doc.moveDown(0.3).strokeColor(PINK).lineWidth(2).moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).stroke();
  doc.moveDown(0.8);
}

export function section(doc: Pdf, title: string): void {
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).fillColor(PINK).text(title, LEFT).fillColor('#000');
  doc.moveDown(0.2);
}

/** A label on the left and a value on the right, on one line. */
export function row(doc: Pdf, label: string, value: string, bold = false): void {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
  doc.text(label, LEFT, y, { width: 300 });
  const after = doc.y;
  doc.text(value, 350, y, { width: RIGHT - 350, align: 'right' });
  doc.y = Math.max(after, doc.y) + 3;
}

export function footer(doc: Pdf, text: string): void {
  doc
    .moveDown(2)
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#555')
    .text(text, LEFT, doc.y, { width: RIGHT - LEFT });
}

export function note(doc: Pdf, text: string): void {
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor('#444')
    .text(text, LEFT, doc.y, { width: RIGHT - LEFT })
    .fillColor('#000');
  doc.moveDown(0.3);
}

export function paragraph(doc: Pdf, text: string): void {
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#000')
    .text(text, LEFT, doc.y, { width: RIGHT - LEFT });
  doc.moveDown(0.6);
}
