// The API's route and the bare route measured in turns (api/bench/routes.ts): on a shared 2-core
// machine one 10 s run after the other put the same tree at 47% and at 32% of the bare route, as the
// machine's other load came and went between the two windows. In turns, with the order alternating,
// a burst falls on both sides alike, and the share in each turn shows how steady the figure is.

/** One autocannon run's figures (routes.ts `load`). */
export type Load = { requestsPerSecond: number; p50Ms: number; p99Ms: number; non2xx: number; errors: number };

/** Requests and latency of one load window. */
export type Window = { requests: number; seconds: number; p50Ms: number; p99Ms: number; non2xx: number; errors: number };

/** Puts load on `url` for `seconds`. */
export type RunWindow = (url: string, seconds: number) => Promise<Window>;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const perSecond = (w: Window) => w.requests / w.seconds;

/** Several windows as one load: all requests over all the time; p99 the worst window's (no merged histogram). */
export function combined(windows: Window[]): Load {
  const requests = windows.reduce((sum, w) => sum + w.requests, 0);
  const seconds = windows.reduce((sum, w) => sum + w.seconds, 0);
  return {
    requestsPerSecond: Math.round(requests / seconds),
    p50Ms: median(windows.map((w) => w.p50Ms)),
    p99Ms: Math.max(...windows.map((w) => w.p99Ms)),
    non2xx: windows.reduce((sum, w) => sum + w.non2xx, 0),
    errors: windows.reduce((sum, w) => sum + w.errors, 0),
  };
}

/**
 * A 2 s warm-up of each side, then `rounds` turns of `seconds / rounds` each: ours first in even
 * turns, the bare route first in odd ones. Answers each side's combined load and our share of the
 * bare route's throughput in each turn.
 */
export async function sideBySide(run: RunWindow, oursUrl: string, bareUrl: string, options: { seconds: number; rounds: number }) {
  await run(oursUrl, 2);
  await run(bareUrl, 2);
  const each = options.seconds / options.rounds;
  const ours: Window[] = [];
  const bare: Window[] = [];
  for (let round = 0; round < options.rounds; round++) {
    if (round % 2 === 0) {
      ours.push(await run(oursUrl, each));
      bare.push(await run(bareUrl, each));
    } else {
      bare.push(await run(bareUrl, each));
      ours.push(await run(oursUrl, each));
    }
  }
  const shareByRound = ours.map((w, i) => Number((perSecond(w) / perSecond(bare[i]!)).toFixed(3)));
  return { ours: combined(ours), bare: combined(bare), shareByRound };
}
