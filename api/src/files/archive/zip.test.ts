import { buffer } from 'node:stream/consumers';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { streamZip, type ArchiveEntry } from './zip';

function listZip(bytes: Buffer): Promise<{ name: string; text: string }[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (error, zip?: ZipFile) => {
      if (error || !zip) return reject(error);
      const out: { name: string; text: string }[] = [];
      zip.on('entry', (entry: Entry) =>
        zip.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError);
          void buffer(stream).then((content) => {
            out.push({ name: entry.fileName, text: content.toString() });
            zip.readEntry();
          }, reject);
        }),
      );
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const entry = (name: string, text: string, onMake?: () => void): ArchiveEntry => ({
  name,
  modified: new Date('2026-10-30T12:00:00Z'),
  content: async () => {
    onMake?.();
    return Buffer.from(text);
  },
});

describe('streamZip', () => {
  it('writes a ZIP that lists and reads back', async () => {
    const bytes = await buffer(
      streamZip([entry('2026-10-30 Payslip - Northwind Logistics.pdf', '%PDF-1 one'), entry('2025-26 P60 - Northwind Logistics.pdf', '%PDF-1 two')]),
    );
    expect(await listZip(bytes)).toEqual([
      { name: '2026-10-30 Payslip - Northwind Logistics.pdf', text: '%PDF-1 one' },
      { name: '2025-26 P60 - Northwind Logistics.pdf', text: '%PDF-1 two' },
    ]);
  });

  it('makes entries one at a time, and only as far ahead of the reader as the buffer allows', async () => {
    let making = 0;
    let most = 0;
    const made: string[] = [];
    const entries = Array.from({ length: 50 }, (_, i) => ({
      name: `file ${i}.pdf`,
      modified: new Date(),
      content: async () => {
        making += 1;
        most = Math.max(most, making);
        await new Promise((resolve) => setTimeout(resolve, 1));
        made.push(`file ${i}.pdf`);
        making -= 1;
        return Buffer.alloc(10_000, i);
      },
    }));
    const stream = streamZip(entries);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Unread, the archive fills its buffers (yazl's and the output's, a highWaterMark each: 64 KiB
    // since Node 22) and stops: a few entries of 10,000 bytes, never the 50.
    expect(made.length).toBeLessThanOrEqual(Math.ceil((2 * stream.readableHighWaterMark) / 10_000) + 2);
    const listed = await listZip(await buffer(stream));
    expect(listed.map((e) => e.name)).toEqual(made);
    expect(listed).toHaveLength(50);
    expect(most).toBe(1);
  });

  it('writes an empty archive when there is nothing to put in it', async () => {
    expect(await listZip(await buffer(streamZip([])))).toEqual([]);
  });

  it('fails the stream when an entry cannot be made', async () => {
    const failing: ArchiveEntry = { name: 'bad.pdf', modified: new Date(), content: () => Promise.reject(new Error('render failed')) };
    await expect(buffer(streamZip([entry('a.pdf', 'a'), failing]))).rejects.toThrow('render failed');
  });
});
