// Pay run uploads are read and checked in a worker thread (pay-run-upload-check.ts), so a 20 MB file
// of 50,000 rows never holds up the event loop that answers every other request; and they are
// published one at a time per API process, as the employer API writes its pay runs, so a burst of
// publishes never takes every database connection.
import path from 'node:path';
import { Piscina } from 'piscina';
import type { PayRunUploadCheck, UploadFormat } from './pay-run-upload-check';

export class UploadPool {
  private pool: Piscina<{ format: UploadFormat; bytes: Uint8Array }, PayRunUploadCheck> | null = null;
  private writing: Promise<unknown> = Promise.resolve();

  /** Checks an upload's bytes in the worker thread (started with the first upload). */
  check(format: UploadFormat, body: Buffer): Promise<PayRunUploadCheck> {
    this.pool ??= new Piscina({ filename: path.join(__dirname, 'upload-worker.cjs'), minThreads: 1, maxThreads: 1 });
    // A copy the worker owns: the request's buffer may be a slice of a pooled one.
    const bytes = new Uint8Array(body);
    return this.pool.run({ format, bytes }, { transferList: [bytes.buffer] });
  }

  /** Runs `write` once the publishes started before it in this process have finished. */
  inTurn<T>(write: () => Promise<T>): Promise<T> {
    const turn = this.writing.then(write, write);
    this.writing = turn.catch(() => undefined);
    return turn;
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.close();
  }
}
