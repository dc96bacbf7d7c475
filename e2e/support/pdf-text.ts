// The text of a downloaded PDF, page by page, read with Mozilla's pdf.js (through unpdf): the reader
// Firefox uses, current enough to read every valid deflate stream Node's zlib writes.
import { extractText, getDocumentProxy } from 'unpdf';

export type PdfText = { pages: string[]; text: string };

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text: pages } = await extractText(pdf, { mergePages: false });
  return { pages, text: pages.join('\n') };
}
