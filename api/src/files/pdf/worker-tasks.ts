// What a PDF worker thread does (pool.ts): loaded through tsx by worker.cjs in development and
// tests, and built into dist/worker.cjs for production (api/build.mjs).
import { renderPdf } from './render';
import type { PdfJob } from './render';
import { cleanUploadedPdf } from './uploaded-pdf';

/** One PDF; the Buffer reaches the main thread as a Uint8Array (structured clone). */
export default function render(job: PdfJob): Promise<Buffer> {
  return renderPdf(job);
}

/** An employer's upload, checked and written anew: the answer is plain data. */
export function cleanUpload({ pdf, maxPages }: { pdf: Uint8Array; maxPages: number }) {
  return cleanUploadedPdf(pdf, maxPages);
}
