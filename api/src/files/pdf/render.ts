// PDF documents drawn with pdfkit from the database's own figures: payslips, P60/P45/P11D,
// pension letters, shared documents and the proof-of-income pack. One simple, readable A4 layout
// for all of them (layout.ts). Drawing is CPU work: the API runs it in worker threads (pool.ts,
// worker.cjs), never on its event loop.
import type { Language } from '../../languages/language';
import { drawDocument } from './document-pdf';
import type { DocumentForPdf } from './document-pdf';
import { create, toBuffer } from './layout';
import { drawPayslip, payslipTitle } from './payslip-pdf';
import type { PayslipForPdf } from './payslip-pdf';
import { proofOfIncomePdf } from './proof-of-income-pdf';
import type { ProofOfIncomeForPdf } from './proof-of-income-pdf';

export type { DocumentForPdf, PayslipForPdf, ProofOfIncomeForPdf };

export function payslipPdf(p: PayslipForPdf, language: Language = 'en'): Promise<Buffer> {
  const doc = create(payslipTitle(p, language), p.employerName, { language });
  drawPayslip(doc, p, { language });
  return toBuffer(doc);
}

export function documentPdf(d: DocumentForPdf): Promise<Buffer> {
  const doc = create(d.title, d.organisation);
  drawDocument(doc, d);
  return toBuffer(doc);
}

/**
 * What to draw, as plain data: it crosses to a worker thread (pool.ts) by structured clone. A payslip
 * is drawn in the language of the person who asks for it (English when none is given).
 */
export type PdfJob =
  | { kind: 'payslip'; payslip: PayslipForPdf; language?: Language }
  | { kind: 'document'; document: DocumentForPdf }
  | { kind: 'proof-of-income'; pack: ProofOfIncomeForPdf };

export function renderPdf(job: PdfJob): Promise<Buffer> {
  switch (job.kind) {
    case 'payslip':
      return payslipPdf(job.payslip, job.language);
    case 'document':
      return documentPdf(job.document);
    case 'proof-of-income':
      return proofOfIncomePdf(job.pack);
  }
}
