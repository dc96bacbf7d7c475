// Whether uploaded bytes are a PDF, judged by content, never by name or content type: the %PDF-
// header, then the structure a reader starts from — the last `startxref` offset must point at a
// cross-reference table (whose trailer names the /Root) or a cross-reference stream. Answers what
// is wrong, or null. These checks cost nothing and run as the body arrives; reading the file itself
// (its catalog, its pages, within bounds) is the PDF workers' job before it is stored (pay-document.ts).

export const PDF_MAX_BYTES = 5 * 1024 * 1024;

const HEADER = /^%PDF-(1\.[0-7]|2\.0)[\r\n\s%]/;

export function pdfProblem(bytes: Buffer): string | null {
  if (bytes.length === 0) return 'is empty';
  if (bytes.length > PDF_MAX_BYTES) return `is ${bytes.length} bytes, over the ${PDF_MAX_BYTES / 1024 / 1024} MB limit`;
  // latin1 maps each byte to one character, so offsets in the text are offsets in the file.
  const text = bytes.toString('latin1');
  if (!HEADER.test(text.slice(0, 16))) return 'is not a PDF: it does not start with %PDF-1.x or %PDF-2.0';
  const tail = text.slice(-1024);
  const end = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!end) return 'is not a whole PDF: it does not end with startxref and %%EOF (cut short?)';
  const offset = Number(end[1]);
  if (offset <= 0 || offset >= bytes.length) return 'is not a readable PDF: its startxref points outside the file';
  const atXref = text.slice(offset, offset + 4096);
  if (atXref.startsWith('xref')) {
    const trailerAt = text.indexOf('trailer', offset);
    if (trailerAt < 0 || !/^trailer\s*<<[^]*?\/Root\s+\d+\s+\d+\s+R/.test(text.slice(trailerAt, trailerAt + 4096)))
      return 'is not a readable PDF: its trailer names no /Root';
  } else if (!/^\d+\s+\d+\s+obj\s*<<[^]*?\/Type\s*\/XRef[^]*?>>/.test(atXref) || !/\/Root\s+\d+\s+\d+\s+R/.test(atXref)) {
    return 'is not a readable PDF: its startxref points at no cross-reference table';
  }
  return null;
}
