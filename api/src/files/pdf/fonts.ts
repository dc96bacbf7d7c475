// The typeface every PDF of the portal is drawn in, embedded in the file (PDF/UA asks for every
// font to be): Arimo (SIL Open Font Licence, fonts/OFL.txt), whose letters take the same widths as
// Helvetica's, so each line breaks where it did before. fonts/ holds it cut down ahead of time to
// the characters the portal prints (fonts/characters.txt: Latin-1, Latin Extended-A for Welsh ŵ
// and ŷ, £, €, dashes, quotes, bullet), unhinted, kerning kept (fonts/subset.sh).
//
// Drawing with an embedded font costs what a built-in one does not, so the work that gives the same
// answer for every PDF is done once per thread, not once per PDF:
// - each weight is parsed once (pdfkit takes the parsed fontkit font as it takes a file);
// - a word's glyphs and positions (fontkit's shaping) are kept per font for every PDF drawn after,
//   at most 2 × SHARED_WORDS of them (pdfkit keeps them per document only);
// - the subset of the font each PDF embeds (only the glyphs it uses) is written from the glyphs'
//   bytes read once, not decoded and encoded again by fontkit for each PDF.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';

/** The fonts' PostScript names, which pdfkit files them under: a document asking for one by name finds the one it has. */
export const REGULAR = 'Arimo';
export const BOLD = 'Arimo-Bold';

/** Words kept shaped per font and thread, twice over (a payslip has about 150, most the same on every payslip). */
export const SHARED_WORDS = 2000;

/**
 * Shaped words in two generations: the words used since the newer began, and before it those of the
 * one before. Once the newer holds SHARED_WORDS it becomes the older and the older is dropped, so a
 * word still in use is carried over and at most 2 × SHARED_WORDS are kept. A word found is one Map
 * lookup: a least-recently-used order (a delete and a set on every lookup) cost more than the shaping
 * it saved.
 */
export class KeptWords<V> {
  private newer = new Map<string, V>();
  private older = new Map<string, V>();

  constructor(private readonly limit = SHARED_WORDS) {}

  get(word: string, make: () => V): V {
    let value = this.newer.get(word);
    if (value !== undefined) return value;
    value = this.older.get(word) ?? make();
    if (this.newer.size >= this.limit) {
      this.older = this.newer;
      this.newer = new Map();
    }
    this.newer.set(word, value);
    return value;
  }

  get size(): number {
    return this.newer.size + this.older.size;
  }
}

const FOLDER = path.join(__dirname, 'fonts');

/** A shaped run of text, as pdfkit keeps it: only passed back to pdfkit, never changed. */
type Run = object;

/** What pdfkit's EmbeddedFont (a font in one document) has that is changed here. */
type EmbeddedFont = {
  font: fontkit.Font;
  subset: { includeGlyph(gid: number): number; encode(): Uint8Array; cff?: unknown };
  layoutRun(text: string): Run;
  layoutCached(text: string): Run;
};

/** A font file's tables, by tag. */
function tables(file: Buffer): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  const count = file.readUInt16BE(4);
  for (let i = 0; i < count; i += 1) {
    const at = 12 + i * 16;
    const offset = file.readUInt32BE(at + 8);
    found.set(file.toString('latin1', at, at + 4), file.subarray(offset, offset + file.readUInt32BE(at + 12)));
  }
  return found;
}

/** A glyph as the subset writes it: its outline's bytes, and for a composite glyph where each component's glyph id sits. */
type GlyphBytes = { data: Buffer; components: { at: number; gid: number }[]; advance: number; leftBearing: number };

/** A parsed font, and each glyph's bytes read from its file once. */
class SharedFont {
  readonly font: fontkit.Font;
  private readonly words = new KeptWords<Run>();
  private readonly glyphs = new Map<number, GlyphBytes>();
  readonly head: Buffer;
  readonly hhea: Buffer;
  readonly maxp: Buffer;
  private readonly glyf: Buffer;
  private readonly loca: (gid: number) => number;
  private readonly hmtx: Buffer;
  private readonly metrics: number;

  constructor(file: Buffer) {
    this.font = fontkit.create(file) as fontkit.Font;
    const t = tables(file);
    this.head = t.get('head')!;
    this.hhea = t.get('hhea')!;
    this.maxp = t.get('maxp')!;
    this.glyf = t.get('glyf')!;
    this.hmtx = t.get('hmtx')!;
    this.metrics = this.hhea.readUInt16BE(34);
    const loca = t.get('loca')!;
    this.loca = this.head.readInt16BE(50) === 0 ? (gid) => loca.readUInt16BE(gid * 2) * 2 : (gid) => loca.readUInt32BE(gid * 4);
  }

  /** The word's shaped run, shaped by `shape` only the first time (or once it has been forgotten). */
  word(text: string, shape: () => Run): Run {
    return this.words.get(text, shape);
  }

  glyph(gid: number): GlyphBytes {
    let found = this.glyphs.get(gid);
    if (found) return found;
    const data = this.glyf.subarray(this.loca(gid), this.loca(gid + 1));
    const components: GlyphBytes['components'] = [];
    // A composite glyph (fewer than 0 contours): after its 10-byte header, each component is its
    // flags, its glyph id, then arguments and a scale whose sizes the flags give.
    if (data.length >= 10 && data.readInt16BE(0) < 0) {
      let at = 10;
      for (;;) {
        const flags = data.readUInt16BE(at);
        components.push({ at: at + 2, gid: data.readUInt16BE(at + 2) });
        at += 4 + (flags & 0x0001 ? 4 : 2) + (flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0);
        if (!(flags & 0x0020)) break;
      }
    }
    const metric = Math.min(gid, this.metrics - 1);
    const advance = this.hmtx.readUInt16BE(metric * 4);
    const leftBearing = gid < this.metrics ? this.hmtx.readInt16BE(gid * 4 + 2) : this.hmtx.readInt16BE(this.metrics * 4 + (gid - this.metrics) * 2);
    found = { data, components, advance, leftBearing };
    this.glyphs.set(gid, found);
    return found;
  }
}

const checksum = (table: Buffer) => {
  let sum = 0;
  for (let i = 0; i < table.length; i += 4) sum = (sum + table.readUInt32BE(i)) >>> 0;
  return sum;
};

/** The glyphs one PDF uses, numbered in the order it first used them (pdfkit writes these numbers), as a TrueType file. */
class Subset {
  private readonly gids: number[] = [0];
  private readonly numbers = new Map<number, number>([[0, 0]]);

  constructor(private readonly shared: SharedFont) {}

  includeGlyph(gid: number): number {
    let number = this.numbers.get(gid);
    if (number === undefined) {
      number = this.gids.length;
      this.gids.push(gid);
      this.numbers.set(gid, number);
    }
    return number;
  }

  /** The tables a PDF reader needs of an embedded TrueType font (head, hhea, maxp, hmtx, loca, glyf), long offsets. */
  encode(): Uint8Array {
    const outlines: Buffer[] = [];
    const offsets: number[] = [];
    let offset = 0;
    // A composite glyph's components join the subset as it is written (so the list grows).
    for (let i = 0; i < this.gids.length; i += 1) {
      const glyph = this.shared.glyph(this.gids[i]!);
      let data = glyph.data;
      if (glyph.components.length) {
        data = Buffer.from(data);
        for (const component of glyph.components) data.writeUInt16BE(this.includeGlyph(component.gid), component.at);
      }
      offsets.push(offset);
      outlines.push(data);
      offset += data.length;
    }
    offsets.push(offset);
    const count = this.gids.length;
    const glyf = Buffer.concat(outlines);
    const loca = Buffer.alloc(offsets.length * 4);
    offsets.forEach((value, i) => loca.writeUInt32BE(value, i * 4));
    const hmtx = Buffer.alloc(count * 4);
    this.gids.forEach((gid, i) => {
      const { advance, leftBearing } = this.shared.glyph(gid);
      hmtx.writeUInt16BE(advance, i * 4);
      hmtx.writeInt16BE(leftBearing, i * 4 + 2);
    });
    const head = Buffer.from(this.shared.head);
    head.writeUInt32BE(0, 8); // checkSumAdjustment: not kept for a subset
    head.writeInt16BE(1, 50); // indexToLocFormat: long offsets
    const hhea = Buffer.from(this.shared.hhea);
    hhea.writeUInt16BE(count, 34);
    const maxp = Buffer.from(this.shared.maxp);
    maxp.writeUInt16BE(count, 4);
    return sfnt([
      ['glyf', glyf],
      ['head', head],
      ['hhea', hhea],
      ['hmtx', hmtx],
      ['loca', loca],
      ['maxp', maxp],
    ]);
  }
}

/** A TrueType file of these tables (in tag order), each at a 4-byte boundary. */
function sfnt(parts: [string, Buffer][]): Buffer {
  const count = parts.length;
  const selector = Math.floor(Math.log2(count));
  const range = 2 ** selector * 16;
  const directory = Buffer.alloc(12 + count * 16);
  directory.writeUInt32BE(0x00010000, 0);
  directory.writeUInt16BE(count, 4);
  directory.writeUInt16BE(range, 6);
  directory.writeUInt16BE(selector, 8);
  directory.writeUInt16BE(count * 16 - range, 10);
  const padded = parts.map(([, table]) => (table.length % 4 ? Buffer.concat([table, Buffer.alloc(4 - (table.length % 4))]) : table));
  let offset = directory.length;
  parts.forEach(([tag, table], i) => {
    const at = 12 + i * 16;
    directory.write(tag, at, 'latin1');
    directory.writeUInt32BE(checksum(padded[i]!), at + 4);
    directory.writeUInt32BE(offset, at + 8);
    directory.writeUInt32BE(table.length, at + 12);
    offset += padded[i]!.length;
  });
  return Buffer.concat([directory, ...padded]);
}

let shared: { regular: SharedFont; bold: SharedFont } | null = null;

function load(file: string, name: string): SharedFont {
  const font = new SharedFont(readFileSync(path.join(FOLDER, file)));
  if (font.font.postscriptName !== name) throw new Error(`${file} is named ${font.font.postscriptName}, not ${name}`);
  return font;
}

function fonts(): { regular: SharedFont; bold: SharedFont } {
  shared ??= { regular: load('Arimo-Regular.ttf', REGULAR), bold: load('Arimo-Bold.ttf', BOLD) };
  return shared;
}

/** The regular weight, parsed: what a new document is given as its first font. */
export const regularFont = (): fontkit.Font => fonts().regular.font;

/** Both weights, for registering on a document by name. */
export const parsedFonts = (): { regular: fontkit.Font; bold: fontkit.Font } => ({ regular: fonts().regular.font, bold: fonts().bold.font });

/** Makes a document's font (pdfkit's, made when the document first uses it) shape through the thread's kept words and subset fast. */
export function shareFont(embedded: unknown): void {
  const font = embedded as EmbeddedFont;
  const { regular, bold } = fonts();
  const from = font.font === regular.font ? regular : font.font === bold.font ? bold : null;
  if (!from) throw new Error('Not one of the portal’s PDF fonts');
  font.layoutCached = (text) => from.word(text, () => font.layoutRun(text));
  font.subset = new Subset(from);
}
