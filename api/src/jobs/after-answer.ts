// Work that must not make an answer slower or faster: it runs after the answer has gone out, so how
// long a request takes cannot tell a caller whether an e-mail address matched a record or already
// has an account. Failures are logged, never shown. flush() waits for everything still running
// (shutdown, tests, and the local outbox page before it reads the messages).
import type { FastifyBaseLogger } from 'fastify';

export class AfterAnswer {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Runs `job` once the current answer has been written (setImmediate comes after the reply's own work). */
  run(name: string, job: () => Promise<void>): void {
    const done = new Promise<void>((resolve) => setImmediate(resolve))
      .then(job)
      .catch((err: unknown) => this.log.error({ err, job: name }, 'work after the answer failed'))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Waits until no job is running, including jobs started by jobs. */
  async flush(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
