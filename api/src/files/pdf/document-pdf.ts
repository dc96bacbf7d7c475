// A pay document (P60, P45, P11D, pension letter) or shared document as a PDF page.
import { britishDate } from '../format';
import { header, note, paragraph, row, section, smallLine } from './layout';
import type { Pdf } from './layout';

/** Document details: the rows and paragraphs its PDF shows, as stored (pay_documents.details). */
export type DocumentDetails = { title: string; rows: { label: string; value: string }[]; paragraphs: string[] };

/**
 * A titled part of a document after its rows: a P60's National Insurance table, a P45's parts.
 * `instructions` come before its rows; `newPage` starts it on a page of its own (a P45's parts).
 */
export type DocumentSection = { title: string; instructions?: string[]; rows: { label: string; value: string }[]; newPage?: boolean };

export type DocumentForPdf = {
  organisation: string;
  title: string;
  issuedOn: string;
  rows: { label: string; value: string }[];
  sections?: DocumentSection[];
  paragraphs: string[];
};

/** Draws the document from the current page's top. */
export function drawDocument(doc: Pdf, d: DocumentForPdf): void {
  header(doc, d.organisation, d.title);
  smallLine(doc, `Issued ${britishDate(d.issuedOn)}`);
  doc.moveDown(0.6);
  for (const r of d.rows) row(doc, r.label, r.value);
  for (const part of d.sections ?? []) {
    // A part on its own page is handed over on its own: it carries the document's header again.
    if (part.newPage) {
      doc.addPage();
      header(doc, d.organisation, d.title);
    }
    section(doc, part.title);
    for (const text of part.instructions ?? []) note(doc, text);
    for (const r of part.rows) row(doc, r.label, r.value);
  }
  doc.moveDown(0.8);
  for (const p of d.paragraphs) paragraph(doc, p);
}
