// Reads an uploaded PDF with pdf-lib, but never inflates more than a bound. pdf-lib's parser
// decodes object streams while it parses (and page contents when a page is embedded), each in
// one piece in memory: a 1 MB upload whose stream inflates to 1 GiB would take that much. Here
// every stream is measured as the parser meets it, before anything decodes it, by inflating it
// in steps and stopping at the bound; past the bound the file is refused.
import zlib from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFParser, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import type { PDFDict, PDFStream } from 'pdf-lib';

/**
 * What all the streams of one upload may inflate to, together. A payroll document (text, lines,
 * fonts, a logo) inflates to a few times its size; 64 MiB is 13 times the 5 MB upload limit and
 * keeps a worker's memory small, while a flate bomb passes it within a fraction of a second.
 */
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/** A limit the file goes past (its problem names the limit); anything else pdf-lib throws means unreadable. */
export class PdfLimitError extends Error {}

/** Reads one step at a time from pdf-lib's own decoders (LZW, run-length, ASCII filters, chains). */
const DECODE_STEP = 1024 * 1024;

function filterNames(stream: PDFStream): string[] {
  const filter = stream.dict.get(PDFName.of('Filter'));
  if (filter instanceof PDFName) return [filter.asString()];
  if (filter instanceof PDFArray) return filter.asArray().map((f) => (f instanceof PDFName ? f.asString() : '?'));
  return [];
}

/** Bytes the stream inflates to, counting only up to `room` (then more than `room` is answered). */
function inflatedSize(stream: PDFRawStream, room: number): number {
  const filters = filterNames(stream);
  if (filters.length === 0) return stream.contents.length;
  if (filters.length === 1 && filters[0] === '/FlateDecode') {
    try {
      // zlib inflates chunk by chunk and gives up as soon as the output would pass the bound.
      return zlib.inflateSync(stream.contents, { maxOutputLength: room + 1, finishFlush: zlib.constants.Z_SYNC_FLUSH }).length;
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return room + 1;
      // Data zlib will not read may still be read by pdf-lib's more forgiving decoder: measure that one.
    }
  }
  let decoder;
  try {
    decoder = decodePDFRawStream(stream);
  } catch {
    return stream.contents.length; // a filter pdf-lib cannot decode (images: DCT, JPX, JBIG2, CCITT) is never inflated here
  }
  let size = 0;
  try {
    while (size <= room) {
      const step = decoder.getBytes(DECODE_STEP).length;
      if (step === 0) break;
      size += step;
    }
  } catch {
    // Undecodable data: pdf-lib fails on it the same way later, or never needs it.
  }
  return size;
}

/** pdf-lib's parser, measuring each stream the moment it is parsed (before an object stream is decoded). */
class BoundedParser extends PDFParser {
  private inflated = 0;
  /** Set once past the bound. pdf-lib takes an error thrown while parsing an object for a broken object and parses on, so it is kept here too. */
  overLimit: PdfLimitError | null = null;

  constructor(
    bytes: Uint8Array,
    private readonly maxInflatedBytes: number,
  ) {
    super(bytes, Infinity, false, false);
  }

  protected override parseDictOrStream(): PDFDict | PDFStream {
    const parsed = super.parseDictOrStream();
    if (parsed instanceof PDFRawStream) {
      // Past the bound, no stream is measured (or decoded) any more: each is refused at once.
      if (!this.overLimit) this.inflated += inflatedSize(parsed, this.maxInflatedBytes - this.inflated);
      if (this.inflated > this.maxInflatedBytes)
        throw (this.overLimit ??= new PdfLimitError(`inflates to more than ${this.maxInflatedBytes / 1024 / 1024} MB, over the limit for a document`));
    }
    return parsed;
  }
}

/** The upload as a pdf-lib document, its streams within `maxInflatedBytes`; throws PdfLimitError past it. */
export async function loadBounded(bytes: Uint8Array, maxInflatedBytes = MAX_INFLATED_BYTES): Promise<PDFDocument> {
  const parser = new BoundedParser(bytes, maxInflatedBytes);
  const context = await parser.parseDocument();
  if (parser.overLimit) throw parser.overLimit;
  // What PDFDocument.load does after its own parse; its constructor is private only in the types.
  const Document = PDFDocument as unknown as new (context: unknown, ignoreEncryption: boolean, updateMetadata: boolean) => PDFDocument;
  return new Document(context, false, false);
}
