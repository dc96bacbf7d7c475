// Keeps a child process running, as `pnpm start` needs for the API: when it exits unexpectedly it
// is started again after a growing pause (0.5 s, 1 s, 2 s, ...); after too many exits within a
// minute the supervisor gives up and says so, so the caller can stop everything instead of
// serving errors for ever.
import { setTimeout as delay } from 'node:timers/promises';

const DEFAULT_BACKOFF_MS = [500, 1000, 2000, 4000, 8000];

/**
 * @param {object} options
 * @param {string} options.name                          what runs, for messages ('the API')
 * @param {() => import('node:child_process').ChildProcess} options.start  starts one process
 * @param {(message: string) => void} options.onGiveUp  called once, after `maxFailures` exits within `windowMs`
 * @param {(message: string) => void} [options.log]
 * @param {number[]} [options.backoffMs]                pause before each successive restart
 * @param {number} [options.maxFailures]
 * @param {number} [options.windowMs]
 */
export function supervise({ name, start, onGiveUp, log = console.error, backoffMs = DEFAULT_BACKOFF_MS, maxFailures = 5, windowMs = 60_000 }) {
  let child = null;
  let stopping = false;
  let starts = 0;
  let failures = [];
  let pending = null;

  function launch() {
    pending = null;
    if (stopping) return;
    starts += 1;
    child = start();
    child.once('exit', (code, signal) => {
      if (stopping) return;
      const now = Date.now();
      failures = [...failures.filter((at) => now - at < windowMs), now];
      const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
      if (failures.length >= maxFailures) {
        stopping = true;
        onGiveUp(`${name} ${how}; it stopped ${failures.length} times within ${Math.round(windowMs / 1000)} s, so it will not be restarted again`);
        return;
      }
      const pause = backoffMs[Math.min(failures.length - 1, backoffMs.length - 1)];
      log(`${name} ${how}; restarting it in ${pause / 1000} s`);
      pending = setTimeout(launch, pause);
    });
  }

  launch();
  return {
    /** The process running now (a new one after each restart). */
    get child() {
      return child;
    },
    /** How many times a process was started. */
    get starts() {
      return starts;
    },
    /** Stops the process for good: SIGTERM, then SIGKILL after `graceMs`. */
    async stop(graceMs = 5000) {
      stopping = true;
      if (pending) clearTimeout(pending);
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timedOut = await Promise.race([exited.then(() => false), delay(graceMs, true, { ref: false })]);
      if (timedOut) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}
