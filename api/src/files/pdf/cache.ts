// Rendered PDFs kept in memory, keyed by file id and a hash of exactly what is drawn: a repeated
// download (and every parallel download of the same file) is drawn once, and a file whose figures
// change gets a new key. Least recently used entries go first once `maxBytes` is reached.
// Only ever read after the route's ownership checks, so it never serves a file to someone else.
import crypto from 'node:crypto';
import type { PdfJob } from './render';

export class RenderedPdfCache {
  private readonly entries = new Map<string, Promise<Buffer>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;

  constructor(private readonly maxBytes = 16 * 1024 * 1024) {}

  static key(fileId: string, job: PdfJob): string {
    return `${fileId}:${crypto.createHash('sha256').update(JSON.stringify(job)).digest('base64url')}`;
  }

  /** The cached PDF, or the one `render` draws (shared by callers asking while it is drawn). */
  get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const cached = this.peek(key);
    if (cached) return cached;
    const drawn = render();
    this.entries.set(key, drawn);
    drawn.then(
      (pdf) => this.settled(key, drawn, pdf.length),
      () => this.forget(key, drawn),
    );
    return drawn;
  }

  /** The PDF kept (or being drawn) under `key`, if any; nothing is drawn. */
  peek(key: string): Promise<Buffer> | undefined {
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      this.entries.set(key, cached);
    }
    return cached;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private settled(key: string, drawn: Promise<Buffer>, length: number): void {
    if (this.entries.get(key) !== drawn) return;
    this.sizes.set(key, length);
    this.bytes += length;
    for (const [oldest, promise] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      if (this.sizes.has(oldest)) this.forget(oldest, promise);
    }
  }

  private forget(key: string, drawn: Promise<Buffer>): void {
    if (this.entries.get(key) !== drawn) return;
    this.entries.delete(key);
    this.bytes -= this.sizes.get(key) ?? 0;
    this.sizes.delete(key);
  }
}
