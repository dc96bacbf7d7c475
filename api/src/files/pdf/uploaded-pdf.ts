// What is stored of a PDF an employer uploads: read within bounds (bounded-load.ts), at most
// `maxPages` pages, encrypted files refused, then written anew without active content
// (active-content.ts). It runs in the PDF workers (pool.ts), whose time and memory limits bound
// what the bounds here do not (a page tree that loops, millions of tiny objects).
import { EncryptedPDFError } from 'pdf-lib';
import { removeActiveContent } from './active-content';
import { PdfLimitError, loadBounded } from './bounded-load';

/**
 * Pages an uploaded document may have. A P60 is one page (two with notes); a P45 is parts 1A, 2
 * and 3, a page or two each; a P11D runs to a few pages with its working sheets; a pension letter
 * may come with a statement and scheme notes. Each limit leaves room for a cover page and blank
 * backs, and is far below what makes a file slow to read or a proof-of-income pack huge.
 */
export const UPLOAD_MAX_PAGES = { P60: 4, P45: 8, P11D: 16, 'pension-letter': 40 } as const;

/** Either the file to store, or why it is refused (`tooLarge`: a limit, else unreadable); plain data, it crosses threads. */
export type CleanedUpload = { ok: true; pdf: Uint8Array; pages: number; removed: string[] } | { ok: false; tooLarge: boolean; problem: string };

export async function cleanUploadedPdf(bytes: Uint8Array, maxPages: number): Promise<CleanedUpload> {
  let doc;
  try {
    doc = await loadBounded(bytes);
  } catch (err) {
    if (err instanceof PdfLimitError) return { ok: false, tooLarge: true, problem: err.message };
    // pdf-lib's errors are compiled to ES5, where `instanceof` a subclass of Error fails: its message says it.
    if (err instanceof EncryptedPDFError || /\bis encrypted\b/.test((err as Error | undefined)?.message ?? ''))
      return { ok: false, tooLarge: false, problem: 'is encrypted: send it without a password or restrictions' };
    return { ok: false, tooLarge: false, problem: 'is not a readable PDF: its objects could not be read' };
  }
  let pages: number;
  try {
    pages = doc.getPageCount();
  } catch {
    return { ok: false, tooLarge: false, problem: 'is not a readable PDF: it has no document catalog or page tree' };
  }
  if (pages === 0) return { ok: false, tooLarge: false, problem: 'is not a readable PDF: it has no pages' };
  if (pages > maxPages) return { ok: false, tooLarge: true, problem: `has ${pages} pages, over the limit of ${maxPages} for this document` };
  const removed = removeActiveContent(doc);
  // Plain objects (no object streams), as the portal's own PDFs: any reader and simple tools read it.
  const pdf = await doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
  return { ok: true, pdf, pages, removed };
}
