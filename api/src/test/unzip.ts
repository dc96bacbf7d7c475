// Reads a ZIP the API streamed (yauzl): every entry's name and bytes, in the archive's order.
import { buffer } from 'node:stream/consumers';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';

export function unzip(bytes: Buffer): Promise<{ name: string; content: Buffer }[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (error, zip?: ZipFile) => {
      if (error || !zip) return reject(error);
      const entries: { name: string; content: Buffer }[] = [];
      zip.on('entry', (entry: Entry) =>
        zip.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError);
          void buffer(stream).then((content) => {
            entries.push({ name: entry.fileName, content });
            zip.readEntry();
          }, reject);
        }),
      );
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
