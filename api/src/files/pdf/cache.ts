// Rendered PDFs kept in memory, keyed by file id and a hash of exactly what is drawn: a repeated
// download (and every parallel download of the same file) is drawn once, and a file whose figures
// change gets a new key. Least recently used entries go first once `maxBytes` is reached; a drawing
// still in progress weighs nothing and stays.
// Only ever read after the route's ownership checks, so it never serves a file to someone else.
import crypto from 'node:crypto';
import { BoundedMap } from '../../cache/bounded-map';
import type { PdfJob } from './render';

/** A drawing, and its size once drawn (0 while it is drawn). */
type Drawn = { pdf: Promise<Buffer>; bytes: number };

export class RenderedPdfCache {
  private readonly entries: BoundedMap<string, Drawn>;

  constructor(maxBytes = 16 * 1024 * 1024) {
    this.entries = new BoundedMap({ maxWeight: maxBytes, weigh: (drawn) => drawn.bytes });
  }

  static key(fileId: string, job: PdfJob): string {
    return `${fileId}:${crypto.createHash('sha256').update(JSON.stringify(job)).digest('base64url')}`;
  }

  /** The cached PDF, or the one `render` draws (shared by callers asking while it is drawn). */
  get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const cached = this.peek(key);
    if (cached) return cached;
    const pdf = render();
    this.entries.set(key, { pdf, bytes: 0 });
    pdf.then(
      (drawn) => this.settled(key, pdf, drawn.length),
      () => this.forget(key, pdf),
    );
    return pdf;
  }

  /** The PDF kept (or being drawn) under `key`, if any, now the most recently used; nothing is drawn. */
  peek(key: string): Promise<Buffer> | undefined {
    return this.entries.get(key)?.pdf;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.weight };
  }

  /** Weighs a finished drawing where it stands in the recency order (unless it was replaced meanwhile). */
  private settled(key: string, pdf: Promise<Buffer>, bytes: number): void {
    if (this.entries.peek(key)?.pdf === pdf) this.entries.replace(key, { pdf, bytes });
  }

  private forget(key: string, pdf: Promise<Buffer>): void {
    if (this.entries.peek(key)?.pdf === pdf) this.entries.delete(key);
  }
}
