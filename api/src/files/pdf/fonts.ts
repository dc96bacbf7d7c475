// The typeface every PDF of the portal is drawn in, embedded in the file (PDF/UA asks for every
// font to be): Arimo, whose letters take the same widths as Helvetica's, so each line breaks where
// it did before. @fontsource/arimo ships it under the SIL Open Font Licence; its Latin subset has
// every character pdfkit's built-in Helvetica could write (£, €, ×, accented letters, dashes).
// Each weight is unpacked (woff.ts) and parsed once per thread and handed to every document as the
// parsed font (pdfkit takes a fontkit font as it takes a file): doing either for each PDF made a
// payslip some twenty times slower. pdfkit embeds, per document, only the letters it uses.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { woffToSfnt } from './woff';

export const REGULAR = 'Arimo';
export const BOLD = 'Arimo-Bold';

/** The package's folder: found by its package.json, as a worker thread's loader may mark a resolved file's name. */
const FILES = path.join(path.dirname(require.resolve('@fontsource/arimo/package.json')), 'files');

const parse = (weight: 400 | 700) => fontkit.create(woffToSfnt(readFileSync(path.join(FILES, `arimo-latin-${weight}-normal.woff`))));

let parsed: { regular: unknown; bold: unknown } | null = null;

/** Both weights, parsed, to register on a document. */
export function fonts(): { regular: unknown; bold: unknown } {
  parsed ??= { regular: parse(400), bold: parse(700) };
  return parsed;
}
