// The embedded font (fonts.ts): the cut-down Arimo holds every character the portal prints, each
// PDF's subset of it is a TrueType file a reader can draw from (composite letters such as ŵ with
// their parts), Welsh text reads back out of the PDF, and the words kept shaped stay bounded.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as fontkit from 'fontkit';
import { pdfText } from '../../test/pdf-text';
import { KeptWords } from './fonts';
import { renderPdf } from './render';

type Glyph = { id: number; path: { commands: unknown[] }; advanceWidth: number };
type Font = { postscriptName: string; numGlyphs: number; hasGlyphForCodePoint(code: number): boolean; getGlyph(id: number): Glyph };

const FONTS = path.join(__dirname, 'fonts');
const read = (file: string) => fontkit.create(readFileSync(path.join(FONTS, file))) as unknown as Font;

/** Each code point of fonts/characters.txt's ranges. */
function characters(): number[] {
  const codes: number[] = [];
  for (const line of readFileSync(path.join(FONTS, 'characters.txt'), 'utf8').split('\n')) {
    const m = /^U\+([0-9A-F]{4})(?:-([0-9A-F]{4}))?$/.exec(line.trim());
    if (!m) continue;
    for (let code = parseInt(m[1]!, 16); code <= parseInt(m[2] ?? m[1]!, 16); code += 1) codes.push(code);
  }
  return codes;
}

/** The font programs a PDF embeds (FontFile2 streams), inflated. */
function embeddedFonts(pdf: Buffer): Buffer[] {
  const raw = pdf.toString('latin1');
  const found: Buffer[] = [];
  for (const m of raw.matchAll(/\/FontFile2 (\d+) 0 R/g)) {
    const object = new RegExp(`(?:^|\\n)${m[1]} 0 obj\\n<<([^]*?)>>\\nstream\\n`).exec(raw)!;
    const length = Number(/\/Length (\d+)/.exec(object[1]!)![1]);
    const start = object.index + object[0].length;
    const data = Buffer.from(raw.slice(start, start + length), 'latin1');
    found.push(/\/Filter \/FlateDecode/.test(object[1]!) ? zlib.inflateSync(data) : data);
  }
  return found;
}

it('holds a glyph for every character the portal prints, in both weights (Welsh ŵ and ŷ, £, €, dashes, quotes, bullet)', () => {
  const codes = characters();
  expect(codes).toEqual(expect.arrayContaining([...'ŵŷŴŶâêîôûÂÊÎÔÛ£€–—‘’“”•×'].map((c) => c.codePointAt(0)!)));
  for (const file of ['Arimo-Regular.ttf', 'Arimo-Bold.ttf']) {
    const font = read(file);
    expect([file, codes.filter((code) => !font.hasGlyphForCodePoint(code)).map((code) => code.toString(16))]).toEqual([file, []]);
  }
});

it("embeds each PDF's own subset as a font a reader draws from, composite letters with their parts, and reads Welsh back", async () => {
  const name = 'Gwenllïan Rhŷs ap Dafydd, Ŵyneb Ŷ';
  const pdf = await renderPdf({
    kind: 'document',
    document: {
      organisation: 'Cwmni Bwyd Cymru Cyf',
      title: 'Llythyr pensiwn',
      issuedOn: '2026-05-20',
      rows: [{ label: 'Aelod', value: name }],
      paragraphs: ['Diolch – “â ê î ô û” • £12.50 €3'],
    },
  });
  const text = pdfText(pdf);
  expect(text).toContain(name);
  expect(text).toContain('Diolch – “â ê î ô û” • £12.50 €3');
  const programs = embeddedFonts(pdf);
  expect(programs).toHaveLength(2);
  for (const program of programs) {
    const font = fontkit.create(program) as unknown as Font;
    expect(font.numGlyphs).toBeGreaterThan(10);
    expect(font.numGlyphs).toBeLessThan(80);
    // Every glyph but the first (.notdef) and the space has an outline, a composite one its parts'.
    const blank = Array.from({ length: font.numGlyphs }, (_, id) => font.getGlyph(id)).filter(
      (glyph) => glyph.id > 0 && glyph.advanceWidth > 0 && !glyph.path.commands.length,
    );
    expect(blank.length).toBeLessThanOrEqual(1);
  }
});

it('keeps at most twice its limit of words, and the same answer for a word still kept', () => {
  const words = new KeptWords<object>(3);
  const made: string[] = [];
  const get = (word: string) => words.get(word, () => (made.push(word), { word }));
  const first = get('Net ');
  for (const word of ['pay ', 'Gross ', 'Tax ', 'code ', 'National ', 'Insurance ']) get(word);
  expect(words.size).toBeLessThanOrEqual(6);
  // 'Net ' was dropped two generations ago, so it is shaped again; 'Insurance ' is still kept.
  expect(get('Insurance ')).toBe(get('Insurance '));
  expect(get('Net ')).not.toBe(first);
  expect(made.filter((word) => word === 'Net ')).toHaveLength(2);
  for (let i = 0; i < 1000; i += 1) get(`£${i}.00`);
  expect(words.size).toBeLessThanOrEqual(6);
});
