// PDFs are drawn in a pool of worker threads, so a burst of downloads never holds up the event loop
// that answers every other request (api/README.md, "Benchmark"). The pool starts on the first PDF
// and is closed with the app.
import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import type { PdfJob } from './render';

/** One thread per core, leaving one core to the event loop, at least 1 and at most 4. */
export function pdfThreadCount(cores = os.availableParallelism()): number {
  return Math.min(4, Math.max(1, cores - 1));
}

export class PdfRenderer {
  private pool: Piscina<PdfJob, Uint8Array> | null = null;

  constructor(private readonly threads = pdfThreadCount()) {}

  async render(job: PdfJob): Promise<Buffer> {
    this.pool ??= new Piscina({
      filename: path.join(__dirname, 'worker.cjs'),
      // All threads start with the pool and stay up between bursts: starting one (tsx, pdfkit,
      // fonts) costs far more than drawing a PDF.
      minThreads: this.threads,
      maxThreads: this.threads,
      // First come, first drawn: without it a task that finds every thread busy goes to the back of
      // the queue, and under a burst some downloads wait 10 s and more while later ones pass.
      stricterFIFO: true,
    });
    const bytes = await this.pool.run(job);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** PDFs drawn so far (by the worker threads). */
  get completed(): number {
    return this.pool?.completed ?? 0;
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.close();
  }
}
