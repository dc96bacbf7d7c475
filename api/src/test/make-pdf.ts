// A small real PDF for tests, as an employer would upload one: one page per text (pdfkit).
import PDFDocument from 'pdfkit';

export function makePdf(...pageTexts: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const text of pageTexts) doc.addPage().text(text);
    doc.end();
  });
}
