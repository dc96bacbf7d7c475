// PDFs an attacker sends, made in the test (never committed): thousands of pages in a few MB, a
// stream that inflates a thousandfold, scripts and attachments that act when the file is opened.
import zlib from 'node:zlib';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';

/** A PDF from its objects' bodies (object n is bodies[n - 1]), with a classic cross-reference table. */
export function rawPdf(bodies: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  bodies.forEach((body, index) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(part);
    length += part.length;
  });
  const entries = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  const trailer = `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(trailer, 'latin1')]);
}

/** `pages` pages sharing one small content stream: 54,000 pages take under 5 MB. */
export function manyPagesPdf(pages: number): Buffer {
  const content = 'BT /F1 12 Tf 72 720 Td (P60) Tj ET';
  const kids = Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(' ');
  return rawPdf([
    '<</Type/Catalog/Pages 2 0 R>>',
    `<</Type/Pages/Count ${pages}/MediaBox[0 0 595 842]/Kids[${kids}]>>`,
    `<</Length ${content.length}>>stream\n${content}\nendstream`,
    ...Array.from({ length: pages }, () => '<</Type/Page/Parent 2 0 R/Contents 3 0 R>>'),
  ]);
}

/** One page whose content stream inflates to `inflatedBytes` of zeros, deflated in steps (never all in memory). */
export async function flateBombPdf(inflatedBytes: number): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const step = Buffer.alloc(1024 * 1024, 0x20);
  for (let left = inflatedBytes; left > 0; left -= step.length) {
    if (!deflate.write(left >= step.length ? step : step.subarray(0, left))) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  const data = Buffer.concat(chunks);
  return rawPdf([
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Count 1/Kids[4 0 R]>>',
    Buffer.concat([Buffer.from(`<</Length ${data.length}/Filter/FlateDecode>>stream\n`), data, Buffer.from('\nendstream')]),
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 3 0 R>>',
  ]);
}

/** A one-page P60 that runs JavaScript on opening and on page events, launches a program from a link and carries a file. */
export async function activeContentPdf(text = 'P60 End of Year Certificate'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(text, { x: 72, y: 720, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  const { context, catalog } = doc;
  const js = (code: string) => context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(code) });
  catalog.set(PDFName.of('OpenAction'), context.register(js("app.alert('opened')")));
  catalog.set(PDFName.of('AA'), context.obj({ WC: js("app.alert('closing')") }));
  catalog.set(PDFName.of('Names'), context.obj({ JavaScript: context.obj({ Names: [PDFString.of('init'), context.register(js("app.alert('names')"))] }) }));
  page.node.set(PDFName.of('AA'), context.obj({ O: js("app.alert('page')") }));
  const launch = context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [72, 600, 300, 620], A: { S: 'Launch', F: PDFString.of('calc.exe') } });
  const web = context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [72, 560, 300, 580],
    A: { S: 'URI', URI: PDFString.of('https://www.gov.uk/paye-forms-p45-p60-p11d'), Next: js("app.alert('chained')") },
  });
  page.node.set(PDFName.of('Annots'), context.obj([context.register(launch), context.register(web)]));
  await doc.attach(Buffer.from('MZ not really a program'), 'payload.exe', { mimeType: 'application/octet-stream' });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A valid PDF written with object streams and a cross-reference stream, as many PDF writers do now. */
export async function objectStreamPdf(...pageTexts: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pageTexts) doc.addPage([595, 842]).drawText(text, { x: 72, y: 720, size: 14, font });
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}
