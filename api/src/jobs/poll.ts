// A job run every so often in the background (notices, account alerts): one round at a time, a
// failed round logged and the next one tried, and a stop that waits for the round under way.
import type { FastifyBaseLogger } from 'fastify';

/** Runs `round` every `intervalMs`, skipping a tick while the last round runs; answers a stop function. */
export function pollEvery(round: () => Promise<unknown>, intervalMs: number, log: FastifyBaseLogger, failure: string): () => Promise<void> {
  let current: Promise<unknown> = Promise.resolve();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    current = round()
      .catch((err: unknown) => log.error({ err }, failure))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
