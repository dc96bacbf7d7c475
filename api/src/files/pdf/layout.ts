// The one simple, readable A4 layout every PDF of the portal shares (pdfkit): a header with the
// organisation and title, sections, label/value rows and notes. The documents draw with these.
//
// Every PDF is a tagged PDF/UA-1 document (the Public Sector Bodies Accessibility Regulations
// 2018): each thing drawn here is marked content of a structure element, in the order it is read
// (a header's title H1, a section's title H2, label/value rows a Table of TR with a TH and a TD,
// notes and paragraphs P), and rules and page footers are artifacts a screen reader skips. The font
// is embedded (fonts.ts). tagged-pdf.test.ts reads each kind of PDF back and checks all of it.
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { INTL_LOCALES, type Language } from '../../languages/language';
import { BOLD, parsedFonts, REGULAR, shareFont } from './fonts';

export const PINK = '#a3226f';
export const LEFT = 50;
export const RIGHT = 545;

export type Pdf = InstanceType<typeof PDFDocument>;
export type Struct = PDFKit.PDFStructureElement;

/** Where the next thing drawn goes in the structure tree: its parent, and the table rows are joining. */
type Place = { parent: Struct; table: Struct | null };
const places = new WeakMap<Pdf, Place>();

function place(doc: Pdf): Place {
  const found = places.get(doc);
  if (!found) throw new Error('A PDF made without create() has no structure to draw into');
  return found;
}

/** pdfkit writes the title and author into the XMP metadata as they are: a '&' there would make it unreadable. */
const xml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * zlib's level for the PDF's streams (its pages' content, the fonts, their character maps). pdfkit
 * asks for the default level, 6: a payslip's seven streams took 400–470 µs of CPU to compress at
 * it and 220–250 µs at level 1, for a file 2% larger.
 */
export const COMPRESSION_LEVEL = 1;

/** pdfkit's reference (an object of the file), the part of it changed here. */
type Reference = { compress: boolean; buffer: Uint8Array[]; data: { Filter?: string }; finalize(): void };

/** What each document has written of its file so far. */
const written = new WeakMap<Pdf, Buffer[]>();

/**
 * The file's bytes kept in a list as pdfkit writes them, rather than pushed through its readable
 * stream: a tagged PDF is some 250 objects written in about 1,000 pieces, and each push through the
 * stream (and pdfkit's copying of each piece, a character at a time) cost more than the piece.
 */
function writeToList(doc: Pdf): void {
  // What pdfkit wrote while it was made (the file's header) waits in its stream.
  const header = doc.read() as Buffer | null;
  const chunks: Buffer[] = header ? [header] : [];
  written.set(doc, chunks);
  const internals = doc as unknown as { _write(data: string | Uint8Array): void; _offset: number };
  internals._write = (data) => {
    // pdfkit's strings are binary strings (one byte a character), a line each.
    const bytes = typeof data === 'string' ? Buffer.from(`${data}\n`, 'latin1') : data;
    chunks.push(bytes as Buffer);
    internals._offset += bytes.length;
  };
}

/** Each stream pdfkit would compress, compressed at COMPRESSION_LEVEL instead, as the reference is written. */
function compressQuicker(doc: Pdf): void {
  const internals = doc as unknown as { ref(data?: object): Reference; _root: Reference };
  const finalize = Object.getPrototypeOf(internals._root).finalize as Reference['finalize'];
  function finalizeQuicker(this: Reference) {
    // pdfkit has named the stream's filter (FlateDecode) as it was written; the metadata is never compressed.
    if (this.compress && this.buffer.length) {
      const data = Buffer.concat(this.buffer);
      // A few bytes (a font's list of the glyphs it holds) would only grow.
      if (data.length < 64) delete this.data.Filter;
      this.buffer = [data.length < 64 ? data : deflateSync(data, { level: COMPRESSION_LEVEL })];
      this.compress = false;
    }
    finalize.call(this);
  }
  const ref = internals.ref.bind(doc);
  internals.ref = (data) => {
    const made = ref(data);
    made.finalize = finalizeQuicker;
    return made;
  };
}

export type PdfOptions = { bufferPages?: boolean; language?: Language };

/** A tagged PDF/UA A4 PDF in `language`. `bufferPages` keeps every page open, so a cover can be finished last. */
export function create(title: string, author: string, { bufferPages = false, language = 'en' }: PdfOptions = {}): Pdf {
  const { regular, bold } = parsedFonts();
  const doc = new PDFDocument({
    // The embedded font from the start: pdfkit would otherwise load its Helvetica for each PDF.
    font: regular as unknown as string,
    size: 'A4',
    margin: LEFT,
    pdfVersion: '1.7',
    // pdfkit writes the PDF/UA-1 identifier into the XMP metadata; its types list only PDF/A.
    subset: 'PDF/UA' as PDFKit.Mixins.PDFSubsets,
    tagged: true,
    // The document's language, for screen readers' voices and hyphenation (PDF/UA-1 7.2).
    lang: INTL_LOCALES[language],
    displayTitle: true,
    bufferPages,
    // The first page is added below, once its content stream is compressed as every other.
    autoFirstPage: false,
    info: { Title: title, Author: author, Creator: 'Pay portal' },
  });
  // The document information dictionary is written first (as given); the metadata after it, escaped.
  const internals = doc as unknown as { _addInfo(): void; info: Record<string, unknown> };
  const addInfo = internals._addInfo.bind(doc);
  internals._addInfo = () => {
    Object.assign(internals.info, { Title: xml(title), Author: xml(author) });
    addInfo();
  };
  compressQuicker(doc);
  writeToList(doc);
  doc.addPage();
  // pdfkit takes a parsed fontkit font where its types name only a file.
  doc.registerFont(REGULAR, regular as unknown as Buffer);
  doc.registerFont(BOLD, bold as unknown as Buffer);
  // Each weight's font in this document (pdfkit makes one per document) shares the thread's work.
  const current = () => (doc as unknown as { _font: unknown })._font;
  shareFont(current());
  doc.font(BOLD);
  shareFont(current());
  doc.font(REGULAR);
  const root = doc.struct('Document');
  doc.addStructure(root);
  places.set(doc, { parent: root, table: null });
  return doc;
}

/** A new structure element (a Sect) at the current place, to draw into with drawInto; end it when done. */
export function openSection(doc: Pdf, type = 'Sect'): Struct {
  const at = place(doc);
  closeTable(doc);
  const element = doc.struct(type);
  at.parent.add(element);
  return element;
}

/** Makes `parent` where what is drawn next goes; answers the one it replaces. */
export function drawInto(doc: Pdf, parent: Struct): Struct {
  const at = place(doc);
  closeTable(doc);
  const before = at.parent;
  at.parent = parent;
  return before;
}

function closeTable(doc: Pdf): void {
  const at = place(doc);
  at.table?.end();
  at.table = null;
}

/** Draws `draw` as the marked content of a new `type` element under `parent`. */
function tagged(doc: Pdf, parent: Struct, type: string, draw: () => void, options: object = {}): Struct {
  const element = doc.struct(type, options);
  parent.add(element);
  const content = doc.markStructureContent(type);
  draw();
  doc.endMarkedContent();
  element.add(content);
  element.end();
  return element;
}

/** A block (heading, paragraph) at the current place, after any table there. */
function block(doc: Pdf, type: string, draw: () => void): void {
  closeTable(doc);
  tagged(doc, place(doc).parent, type, draw);
}

/** Drawing that only decorates (a rule, a page's footer): an artifact, left out of what is read. */
export function artifact(doc: Pdf, draw: () => void, type: 'Layout' | 'Pagination' = 'Layout'): void {
  doc.markContent('Artifact', { type });
  draw();
  doc.endMarkedContent();
}

/** Ends what was drawn into the structure tree (every PDF calls it, through toBuffer). */
function finish(doc: Pdf): void {
  closeTable(doc);
  places.delete(doc);
}

export function toBuffer(doc: Pdf): Promise<Buffer> {
  finish(doc);
  const chunks = written.get(doc);
  if (!chunks) throw new Error('A PDF made without create() has no output');
  written.delete(doc);
  return new Promise((resolve, reject) => {
    // pdfkit ends its stream once the file is written; nothing else goes through the stream.
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.resume();
    doc.end();
  });
}

export function header(doc: Pdf, organisation: string, title: string): void {
  block(doc, 'P', () => doc.fillColor(PINK).font(BOLD).fontSize(11).text(organisation.toUpperCase(), LEFT, LEFT));
  block(doc, 'H1', () => doc.moveDown(0.3).fillColor('#000').fontSize(20).text(title));
  doc.moveDown(0.3);
  artifact(doc, () => doc.strokeColor(PINK).lineWidth(2).moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).stroke());
  doc.moveDown(0.8);
}

/** A rule across the page, under what it closes. */
export function rule(doc: Pdf): void {
  closeTable(doc);
  artifact(doc, () => doc.strokeColor(PINK).lineWidth(1).moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).stroke());
}

export function section(doc: Pdf, title: string): void {
  doc.moveDown(0.6);
  block(doc, 'H2', () => doc.font(BOLD).fontSize(12).fillColor(PINK).text(title, LEFT).fillColor('#000'));
  doc.moveDown(0.2);
}

/**
 * One row of a two-column table: the label a row header (TH), the value its cell (TD). Rows drawn
 * one after another make one table; anything else drawn between them ends it.
 */
export function tableRow(doc: Pdf, drawLabel: () => void, drawValue: () => void): void {
  const at = place(doc);
  if (!at.table) {
    at.table = doc.struct('Table');
    at.parent.add(at.table);
  }
  const tr = doc.struct('TR');
  at.table.add(tr);
  tagged(doc, tr, 'TH', drawLabel, { scope: 'Row' });
  tagged(doc, tr, 'TD', drawValue);
  tr.end();
}

/** A label on the left and a value on the right, on one line. */
export function row(doc: Pdf, label: string, value: string, bold = false): void {
  const y = doc.y;
  let after = y;
  doc.font(bold ? BOLD : REGULAR).fontSize(11);
  tableRow(
    doc,
    () => {
      doc.text(label, LEFT, y, { width: 300 });
      after = doc.y;
    },
    () => doc.text(value, 350, y, { width: RIGHT - 350, align: 'right' }),
  );
  doc.y = Math.max(after, doc.y) + 3;
}

export function footer(doc: Pdf, text: string): void {
  doc.moveDown(2);
  block(doc, 'P', () =>
    doc
      .font(REGULAR)
      .fontSize(9)
      .fillColor('#555')
      .text(text, LEFT, doc.y, { width: RIGHT - LEFT }),
  );
}

export function note(doc: Pdf, text: string): void {
  block(doc, 'P', () =>
    doc
      .font(REGULAR)
      .fontSize(9.5)
      .fillColor('#444')
      .text(text, LEFT, doc.y, { width: RIGHT - LEFT })
      .fillColor('#000'),
  );
  doc.moveDown(0.3);
}

/** A line of small grey text (a document's issue date). */
export function smallLine(doc: Pdf, text: string): void {
  block(doc, 'P', () => doc.font(REGULAR).fontSize(10).fillColor('#555').text(text).fillColor('#000'));
}

export function paragraph(doc: Pdf, text: string): void {
  block(doc, 'P', () =>
    doc
      .font(REGULAR)
      .fontSize(11)
      .fillColor('#000')
      .text(text, LEFT, doc.y, { width: RIGHT - LEFT }),
  );
  doc.moveDown(0.6);
}
