// PDFs are drawn in pools of worker threads, so a burst of downloads never holds up the event loop
// that answers every other request (api/README.md, "Benchmark"). Two pools: one for what is quick
// to draw (payslips, documents, packs of drawn pages) and one for what reads a PDF an employer
// uploaded (checking an upload, a pack with its pages), so however slow such a file is to read,
// a payslip is not kept waiting behind it. Every job has a time-out and every thread a memory
// limit: a job past either is stopped (its thread ended and replaced) and answered as an error.
// The pools start on their first job (the download pool of a server that listens, when it starts
// listening: PdfRenderer.warm) and are closed with the app.
import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { HttpError } from '../../http/errors';
import type { PdfJob } from './render';
import type { CleanedUpload } from './uploaded-pdf';

/** One thread per core, leaving one core to the event loop, at least 1 and at most 4. */
export function pdfThreadCount(cores = os.availableParallelism()): number {
  return Math.min(4, Math.max(1, cores - 1));
}

export type PoolLimits = {
  /** From the job's start of waiting to its end: a job still waiting or drawing after this is stopped. */
  timeoutMs: number;
  /** The V8 heap of each thread (ArrayBuffers aside: the upload's own inflation is bounded by bounded-load.ts). */
  maxHeapMb: number;
  /**
   * The young generation of each thread, where it is set. Node 24's default grows it to 64 MB and
   * more under a burst of allocation, which a hostile upload's thousands of objects are: 16 MB (Node
   * 20's size) keeps the API's memory while it reads one about 40 MB lower, at no cost a reader sees.
   */
  maxYoungHeapMb?: number;
  /** Jobs waiting at most; one more is refused at once (503) rather than waiting behind them. */
  maxQueue: number;
};

/** A payslip draws in tens of milliseconds; 30 s covers a burst of hundreds queued on one thread. */
export const LIGHT_LIMITS: PoolLimits = { timeoutMs: 30_000, maxHeapMb: 256, maxQueue: 10_000 };
/** Reading a 5 MB upload within the bounds takes a second or two; 20 s and 512 MB are far past any real document. */
export const HEAVY_LIMITS: PoolLimits = { timeoutMs: 20_000, maxHeapMb: 512, maxYoungHeapMb: 16, maxQueue: 16 };

/** Why a job was stopped, for the caller to say in its own words. */
export class PdfJobStopped extends Error {
  constructor(
    readonly reason: 'time' | 'memory' | 'busy',
    message: string,
  ) {
    super(message);
  }
}

/** Whether a job reads an uploaded PDF (the heavy pool's work). */
export const readsUpload = (job: PdfJob): boolean => job.kind === 'proof-of-income' && job.pack.parts.some((part) => part.kind === 'uploaded');

class LimitedPool {
  private pool: Piscina | null = null;

  constructor(
    readonly threads: number,
    readonly limits: PoolLimits,
  ) {}

  async run<T>(task: unknown, name: string): Promise<T> {
    this.pool ??= new Piscina({
      filename: path.join(__dirname, 'worker.cjs'),
      // All threads start with the pool and stay up between bursts: starting one (tsx, pdfkit,
      // fonts) costs far more than drawing a PDF.
      minThreads: this.threads,
      maxThreads: this.threads,
      // First come, first drawn: without it a task that finds every thread busy goes to the back of
      // the queue, and under a burst some downloads wait 10 s and more while later ones pass.
      stricterFIFO: true,
      maxQueue: this.limits.maxQueue,
      resourceLimits: {
        maxOldGenerationSizeMb: this.limits.maxHeapMb,
        ...(this.limits.maxYoungHeapMb ? { maxYoungGenerationSizeMb: this.limits.maxYoungHeapMb } : {}),
      },
    });
    try {
      return (await this.pool.run(task, { name, signal: AbortSignal.timeout(this.limits.timeoutMs) })) as T;
    } catch (err) {
      throw this.stopped(err) ?? err;
    }
  }

  private stopped(err: unknown): PdfJobStopped | null {
    const { name, message, code } = err as { name?: string; message?: string; code?: string };
    if (name === 'AbortError') return new PdfJobStopped('time', `took more than ${this.limits.timeoutMs / 1000} s`);
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') return new PdfJobStopped('memory', `needed more than ${this.limits.maxHeapMb} MB`);
    if (message === 'Task queue is at limit') return new PdfJobStopped('busy', `${this.limits.maxQueue} such jobs are already waiting`);
    return null;
  }

  get completed(): number {
    return this.pool?.completed ?? 0;
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.close();
  }
}

export class PdfRenderer {
  private readonly light: LimitedPool;
  private readonly heavy: LimitedPool;

  constructor(threads = pdfThreadCount(), limits: { light?: PoolLimits; heavy?: PoolLimits } = {}) {
    this.light = new LimitedPool(threads, limits.light ?? LIGHT_LIMITS);
    // One thread: reading uploads is rare, and a second would only take a core from the drawing.
    this.heavy = new LimitedPool(1, limits.heavy ?? HEAVY_LIMITS);
  }

  async render(job: PdfJob): Promise<Buffer> {
    const bytes = await (readsUpload(job) ? this.heavy : this.light).run<Uint8Array>(job, 'default');
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /**
   * Starts the drawing thread(s) and has each draw its first PDFs (worker-tasks.ts, warm), so the
   * first downloads wait for neither. For a server about to take requests: the pools otherwise start
   * on their first job.
   */
  async warm(): Promise<void> {
    await Promise.all(Array.from({ length: this.light.threads }, () => this.light.run<number>(null, 'warm')));
  }

  /** An employer's upload checked and written anew (uploaded-pdf.ts), in the heavy pool. */
  async cleanUpload(pdf: Uint8Array, maxPages: number): Promise<CleanedUpload> {
    try {
      return await this.heavy.run<CleanedUpload>({ pdf, maxPages }, 'cleanUpload');
    } catch (err) {
      if (!(err instanceof PdfJobStopped) || err.reason === 'busy') throw err;
      return { ok: false, tooLarge: true, problem: `${err.message} to read, over the limit for a document` };
    }
  }

  /** PDFs drawn so far (by the worker threads). */
  get completed(): number {
    return this.light.completed + this.heavy.completed;
  }

  async close(): Promise<void> {
    await Promise.all([this.light.close(), this.heavy.close()]);
  }
}

/** A refusal for a job stopped by its limits: 503 with a Retry-After, as for a busy database. */
export function busyError(err: unknown): unknown {
  if (!(err instanceof PdfJobStopped)) return err;
  return HttpError.coded(503, 'pdf.unavailable', `The PDF could not be made just now (it ${err.message}). Try again in a minute.`, { 'Retry-After': '60' });
}
