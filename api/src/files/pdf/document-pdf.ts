// A pay document (P60, P45, P11D, pension letter) or shared document as a PDF page.
import { britishDate } from '../format';
import { header, paragraph, row } from './layout';
import type { Pdf } from './layout';

/** Document details: the rows and paragraphs its PDF shows, as stored (pay_documents.details). */
export type DocumentDetails = { title: string; rows: { label: string; value: string }[]; paragraphs: string[] };

export type DocumentForPdf = {
  organisation: string;
  title: string;
  issuedOn: string;
  rows: { label: string; value: string }[];
  paragraphs: string[];
};

/** Draws the document from the current page's top. */
export function drawDocument(doc: Pdf, d: DocumentForPdf): void {
  header(doc, d.organisation, d.title);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#555')
    .text(`Issued ${britishDate(d.issuedOn)}`)
    .fillColor('#000');
  doc.moveDown(0.6);
  for (const r of d.rows) row(doc, r.label, r.value);
  doc.moveDown(0.8);
  for (const p of d.paragraphs) paragraph(doc, p);
}
