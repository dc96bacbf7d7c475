// Reads the text out of a portal PDF, enough for tests to check what a document says: each Flate
// content stream's TJ arrays, their hex strings decoded by the font in use. The portal's fonts are
// embedded (two-byte glyph codes, read through each font's ToUnicode CMap); a font without one (an
// uploaded page drawn in a standard font) is read as one byte a letter, WinAnsi.
import zlib from 'node:zlib';

/** Each object's text by its number, from `N 0 obj` to the next. */
function objects(raw: string): Map<number, string> {
  const found = new Map<number, string>();
  const starts = [...raw.matchAll(/(?:^|[\r\n])(\d+) 0 obj\b/g)];
  starts.forEach((m, index) => found.set(Number(m[1]), raw.slice(m.index, starts[index + 1]?.index ?? raw.length)));
  return found;
}

/** An object's stream, inflated, read by its /Length (a compressed stream may end in a '\r' byte). */
function stream(object: string): string | null {
  const m = /\/Length (\d+)[^]*?>>\s*stream\r?\n/.exec(object);
  if (!m) return null;
  const start = m.index + m[0].length;
  try {
    return zlib.inflateSync(Buffer.from(object.slice(start, start + Number(m[1])), 'latin1')).toString('latin1');
  } catch {
    return null;
  }
}

const hex = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((u) => parseInt(u, 16)));

/** A ToUnicode CMap: glyph code to text. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfrange([^]*?)endbfrange/g)) {
    for (const r of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const start = parseInt(r[1]!, 16);
      const end = parseInt(r[2]!, 16);
      if (r[3]!.startsWith('[')) [...r[3]!.matchAll(/<([0-9a-fA-F]+)>/g)].forEach((u, i) => map.set(start + i, hex(u[1]!)));
      else for (let code = start, first = parseInt(r[3]!.slice(1, -1), 16); code <= end; code += 1) map.set(code, String.fromCodePoint(first + code - start));
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([^]*?)endbfchar/g)) {
    for (const c of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(c[1]!, 16), hex(c[2]!));
  }
  return map;
}

/** The balanced `<< ... >>` starting at `from`. */
function dictAt(text: string, from: number): string {
  let depth = 0;
  for (let i = from; i < text.length - 1; i += 1) {
    if (text.startsWith('<<', i)) {
      depth += 1;
      i += 1;
    } else if (text.startsWith('>>', i)) {
      depth -= 1;
      i += 1;
      if (depth === 0) return text.slice(from, i + 1);
    }
  }
  return text.slice(from);
}

/** The dictionary a key names in `dict`, written there or by reference. */
function entry(dict: string, key: string, all: Map<number, string>): string | null {
  const m = new RegExp(`/${key}\\s*(?:(\\d+) 0 R|<<)`).exec(dict);
  if (!m) return null;
  if (m[1] === undefined) return dictAt(dict, m.index + m[0].length - 2);
  const target = all.get(Number(m[1])) ?? '';
  const open = target.indexOf('<<');
  return open < 0 ? null : dictAt(target, open);
}

/** An object's own dictionary (before any stream). */
const head = (object: string) => {
  const open = object.indexOf('<<');
  return open < 0 ? '' : dictAt(object, open);
};

type FontMaps = Map<string, Map<number, string>>;

/** The fonts of a Resources dictionary: each name (/F1) with its ToUnicode map, where it has one. */
function fontsOf(resources: string | null, all: Map<number, string>): FontMaps {
  const maps: FontMaps = new Map();
  const fonts = resources ? entry(resources, 'Font', all) : null;
  for (const m of fonts?.matchAll(/\/([A-Za-z0-9_.+-]+)\s+(\d+) 0 R/g) ?? []) {
    const cmapRef = /\/ToUnicode (\d+) 0 R/.exec(head(all.get(Number(m[2])) ?? ''));
    const cmap = cmapRef ? stream(all.get(Number(cmapRef[1])) ?? '') : null;
    if (cmap) maps.set(m[1]!, toUnicode(cmap));
  }
  return maps;
}

/** Each content stream's fonts: a page's from its Resources, a form's (an uploaded page placed in a pack) from its own. */
function streamFonts(all: Map<number, string>): Map<number, FontMaps> {
  const found = new Map<number, FontMaps>();
  for (const [number, object] of all) {
    const dict = head(object);
    if (/\/Subtype\s*\/Form\b/.test(dict)) found.set(number, fontsOf(entry(dict, 'Resources', all), all));
    else if (/\/Type\s*\/Page\b/.test(dict)) {
      const contents = /\/Contents\s*(\[[^\]]*\]|\d+ 0 R)/.exec(dict);
      const fonts = fontsOf(entry(dict, 'Resources', all), all);
      for (const ref of contents?.[1]!.matchAll(/(\d+) 0 R/g) ?? []) found.set(Number(ref[1]), fonts);
    }
  }
  return found;
}

export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const all = objects(raw);
  const fontsByStream = streamFonts(all);
  const out: string[] = [];
  for (const [number, object] of all) {
    const content = stream(object);
    if (!content) continue;
    const fonts = fontsByStream.get(number) ?? new Map();
    let font: Map<number, string> | undefined;
    for (const op of content.matchAll(/\/([A-Za-z0-9_.+-]+) [\d.]+ Tf|\[(.*?)\]\s*TJ/g)) {
      if (op[1] !== undefined) {
        font = fonts.get(op[1]);
        continue;
      }
      const parts = [...op[2]!.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, h]) =>
        font ? (h!.match(/.{4}/g) ?? []).map((code) => font!.get(parseInt(code, 16)) ?? '').join('') : Buffer.from(h!, 'hex').toString('latin1'),
      );
      out.push(parts.join(''));
    }
  }
  return out.join('\n');
}
