// Reads the text out of a pdfkit PDF (Flate streams, hex-encoded WinAnsi strings in TJ arrays),
// enough for tests to check what a document says.
import zlib from 'node:zlib';

export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  // Each stream is read by its /Length: a compressed stream may itself end in a '\r' byte, which a
  // pattern up to '\r?\nendstream' would take away (and the text with it, about once in 256).
  const streams = /\/Length (\d+)[^]*?>>\s*stream\r?\n/g;
  for (const m of raw.matchAll(streams)) {
    const start = m.index + m[0].length;
    let content: string;
    try {
      content = zlib.inflateSync(Buffer.from(raw.slice(start, start + Number(m[1])), 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      const parts = [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1'));
      out.push(parts.join(''));
    }
  }
  return out.join('\n');
}
