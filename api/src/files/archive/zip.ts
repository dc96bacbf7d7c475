// A ZIP archive streamed as it is written (yazl), in constant memory: each entry's bytes are made
// only when the archive reaches that entry, and back-pressure from the reader (the socket) holds the
// next ones back once the stream's buffer is full, so an archive of a thousand PDFs holds a few at a time.
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

export type ArchiveEntry = {
  /** The name inside the archive (made unique by the caller). */
  name: string;
  modified: Date;
  /** The entry's bytes, asked for when the archive reaches it. */
  content: () => Promise<Buffer>;
};

/** The archive of `entries`, in their order. A failing entry fails the stream (the client sees a cut download). */
export function streamZip(entries: readonly ArchiveEntry[]): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as unknown as Readable;
  for (const entry of entries) {
    // Readable.from an async generator starts `content()` on the first read, which yazl makes only
    // when it gets to this entry. PDFs are already compressed: store them rather than deflate again.
    const lazy = Readable.from(
      (async function* produce() {
        yield await entry.content();
      })(),
      { objectMode: false },
    );
    // yazl does not pass an entry's failure on: end the archive with it, so the download is cut.
    lazy.once('error', (error) => output.destroy(error));
    zip.addReadStream(lazy, entry.name, { mtime: entry.modified, compress: false });
  }
  zip.end();
  return output;
}
