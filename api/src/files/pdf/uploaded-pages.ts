// An employer's uploaded PDF inside a pack. pdfkit, which draws the pack, cannot read a
// PDF: the pack is drawn with a blank page (its footer only) for each page of the upload, and
// pdf-lib then draws each uploaded page onto its blank page as issued (vector, its text still
// text), scaled down only as far as it takes to keep the pack's footer clear. The upload is read
// within the bounds an upload is checked against (bounded-load.ts): a file stored before them
// that goes past them is drawn by the portal instead, as an unreadable one is.
import { PDFDocument } from 'pdf-lib';
import { loadBounded } from './bounded-load';
import { UPLOAD_MAX_PAGES } from './uploaded-pdf';

/** Where an upload goes: its pages start at the pack's page `firstPage` (0-based). */
export type UploadPlacement = { firstPage: number; pdf: Uint8Array };

/** Room left around an uploaded page, in points: a margin, and the pack's footer below it. */
const MARGIN = 18;
const FOOTER_ROOM = 44;

/** The pages of an uploaded P60, or null when it cannot be read within the bounds (then the pack draws the document instead). */
export async function uploadedPageCount(pdf: Uint8Array): Promise<number | null> {
  try {
    const count = (await loadBounded(pdf)).getPageCount();
    return count > 0 && count <= UPLOAD_MAX_PAGES.P60 ? count : null;
  } catch {
    return null;
  }
}

/** Draws each upload's pages onto the blank pages kept for them (each already read by uploadedPageCount). */
export async function placeUploadedPages(pack: Uint8Array, placements: readonly UploadPlacement[]): Promise<Buffer> {
  if (placements.length === 0) return Buffer.from(pack);
  const doc = await PDFDocument.load(pack, { updateMetadata: false });
  for (const { firstPage, pdf } of placements) {
    const source = await loadBounded(pdf);
    const pages = await doc.embedPdf(source, source.getPageIndices());
    pages.forEach((page, index) => {
      const target = doc.getPage(firstPage + index);
      const { width, height } = target.getSize();
      const scale = Math.min(1, (width - 2 * MARGIN) / page.width, (height - MARGIN - FOOTER_ROOM) / page.height);
      target.drawPage(page, {
        x: (width - page.width * scale) / 2,
        y: height - MARGIN - page.height * scale,
        xScale: scale,
        yScale: scale,
      });
    });
  }
  // Plain objects (no object streams), as pdfkit writes them: any PDF reader, and simple tools, read it.
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
