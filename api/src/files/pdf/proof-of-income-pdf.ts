// Proof of income as one PDF: a cover page a lender can read on its own (who, which
// employer, the period, when it was made, and what follows on which page), then each payslip and
// the P60 as issued, each from the top of a new page, and a footer on every page that ties them
// together ("page 3 of 5"), so a missing page shows, and gives the pack's verification code and where
// a lender checks it (pack-checks/), so any page leads to the check. A P60 the employer uploaded as a PDF is its own
// pages, put in by pdf-lib (uploaded-pages.ts); one it did not (or one pdf-lib cannot read) is drawn.
import { artifact, create, drawInto, header, LEFT, openSection, paragraph, RIGHT, row, rule, section, tableRow, toBuffer } from './layout';
import { BOLD, REGULAR } from './fonts';
import type { Pdf } from './layout';
import { drawDocument } from './document-pdf';
import type { DocumentForPdf } from './document-pdf';
import { drawPayslip } from './payslip-pdf';
import type { PayslipForPdf } from './payslip-pdf';
import { placeUploadedPages, uploadedPageCount } from './uploaded-pages';
import type { UploadPlacement } from './uploaded-pages';

/**
 * One document of the pack, with the words the cover lists it by. An uploaded one carries the PDF
 * as the employer sent it, and what to draw should it not be readable.
 */
export type PackPart = { label: string } & (
  { kind: 'payslip'; payslip: PayslipForPdf } | { kind: 'document'; document: DocumentForPdf } | { kind: 'uploaded'; pdf: Uint8Array; document: DocumentForPdf }
);

export type ProofOfIncomeForPdf = {
  employeeName: string;
  employerName: string;
  /** The cover's label/value rows: name, employer, period covered, generated. */
  coverRows: { label: string; value: string }[];
  /** The pack's payslips added up (pay, tax, NI, other deductions, net); empty without payslips. */
  summary: { label: string; value: string }[];
  /** What a reader should know about the pack, in order, after its contents. */
  coverNotes: string[];
  parts: PackPart[];
  /** The pack's verification code and the page where a lender checks it, printed on every page. */
  check: PackCheck;
};

/** 'ABCD-EFGH-JKLM-NPQR' and 'https://pay.example.co.uk/verify'. */
export type PackCheck = { code: string; address: string };

/** The footer's second line: the same words on every page, so the code is read from any one of them. */
export const checkLine = ({ code, address }: PackCheck) => `Check this pack is genuine and unchanged at ${address} with code ${code}.`;

/**
 * Draws a part on the page just added; an uploaded one gets blank pages, one per page of its PDF,
 * and answers where they start (filled in by placeUploadedPages once pdfkit is done).
 */
function drawPart(doc: Pdf, part: PackPart, uploadedPages: number | null): UploadPlacement | null {
  // A lender reads the figures; the payslip screen's explanations (and any advice) stay out.
  if (part.kind === 'payslip') drawPayslip(doc, part.payslip, { explanations: false });
  else if (part.kind === 'document' || uploadedPages === null) drawDocument(doc, part.document);
  else {
    const firstPage = doc.bufferedPageRange().count - 1;
    for (let page = 1; page < uploadedPages; page += 1) doc.addPage();
    return { firstPage, pdf: part.pdf };
  }
  return null;
}

/** A cover line: the label, then its value left-aligned in a wide column (a period fits on one line). */
function coverRow(doc: Pdf, label: string, value: string): void {
  const y = doc.y;
  let after = y;
  tableRow(
    doc,
    () => {
      doc.font(BOLD).fontSize(11).fillColor('#000').text(label, LEFT, y, { width: 140 });
      after = doc.y;
    },
    () => doc.font(REGULAR).text(value, LEFT + 150, y, { width: RIGHT - LEFT - 150 }),
  );
  doc.y = Math.max(after, doc.y) + 4;
}

/**
 * Writes lines in the bottom margin of the current page (without pdfkit starting a new page): a
 * pagination artifact, as a running footer is, so a screen reader does not read it on every page.
 */
function pageFooter(doc: Pdf, lines: string[]): void {
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  artifact(
    doc,
    () =>
      lines.forEach((text, index) =>
        doc
          .font(REGULAR)
          .fontSize(8.5)
          .fillColor('#555')
          .text(text, LEFT, doc.page.height - 36 + index * 11, { width: RIGHT - LEFT, align: 'center', lineBreak: false }),
      ),
    'Pagination',
  );
  doc.page.margins.bottom = bottom;
}

export async function proofOfIncomePdf(pack: ProofOfIncomeForPdf): Promise<Buffer> {
  const uploadedPages = await Promise.all(pack.parts.map((part) => (part.kind === 'uploaded' ? uploadedPageCount(part.pdf) : null)));
  // Pages stay open: the cover's contents (with page numbers) and the footers are written last.
  const doc = create(`Proof of income - ${pack.employeeName}`, pack.employerName, { bufferPages: true });
  header(doc, pack.employerName, 'Proof of income');
  for (const r of pack.coverRows) coverRow(doc, r.label, r.value);
  if (pack.summary.length) {
    section(doc, 'Income summary: the payslips in this pack added up');
    for (const r of pack.summary) row(doc, r.label, r.value, r.label === 'Net pay');
  }
  const contentsTop = doc.y;
  // The cover's contents are read next, though drawn once the parts' pages are known: their place
  // in the structure tree is kept now.
  const contents = openSection(doc);
  const root = drawInto(doc, contents);

  const firstPages: number[] = [];
  const placements: UploadPlacement[] = [];
  pack.parts.forEach((part, index) => {
    doc.addPage();
    firstPages.push(doc.bufferedPageRange().count);
    drawInto(doc, root);
    const partSection = openSection(doc);
    drawInto(doc, partSection);
    const placement = drawPart(doc, part, uploadedPages[index] ?? null);
    if (placement) placements.push(placement);
    drawInto(doc, root);
    partSection.end();
  });
  const pageCount = doc.bufferedPageRange().count;

  doc.switchToPage(0);
  doc.y = contentsTop;
  drawInto(doc, contents);
  section(doc, 'What this pack holds');
  pack.parts.forEach((part, index) => row(doc, part.label, `page ${firstPages[index]}`));
  doc.moveDown(0.8);
  for (const text of pack.coverNotes) paragraph(doc, text);
  rule(doc);
  drawInto(doc, root);
  contents.end();

  for (let page = 0; page < pageCount; page += 1) {
    doc.switchToPage(page);
    pageFooter(doc, [`Proof of income for ${pack.employeeName}, ${pack.employerName}. Page ${page + 1} of ${pageCount}.`, checkLine(pack.check)]);
  }
  return placeUploadedPages(await toBuffer(doc), placements);
}
