// Pay runs are read and checked in a worker thread (pay-run-check.ts), so a 10 MB body of 10,000
// payslips never holds up the event loop that answers every other request; and they are written one
// at a time per API process, so pay runs at once never take every database connection (PostgreSQL)
// or queue on the one connection (SQLite) in front of everyone else's requests.
import path from 'node:path';
import { Piscina } from 'piscina';
import type { PayRunCheck } from './pay-run-check';

export class PayRunPool {
  private pool: Piscina<Uint8Array, PayRunCheck> | null = null;
  private writing: Promise<unknown> = Promise.resolve();

  /** Checks a body's bytes in the worker thread (started with the first pay run). */
  check(body: Buffer): Promise<PayRunCheck> {
    this.pool ??= new Piscina({ filename: path.join(__dirname, 'pay-run-worker.cjs'), minThreads: 1, maxThreads: 1 });
    // The worker takes the bytes over. A body of its own memory (any large one: Buffer.concat gives
    // it its own) is handed over as it is; a slice of a pooled buffer is copied first.
    const whole = body.buffer instanceof ArrayBuffer && body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
    const bytes = whole ? new Uint8Array(body.buffer as ArrayBuffer) : new Uint8Array(body);
    return this.pool.run(bytes, { transferList: [bytes.buffer] });
  }

  /** Runs `write` once the pay runs written before it in this process have finished. */
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
