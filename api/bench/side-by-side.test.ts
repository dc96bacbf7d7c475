import assert from 'node:assert/strict';
import { test } from 'node:test';
import { combined, sideBySide, type Window } from './side-by-side';

const window = (requests: number, seconds: number, p99Ms = 1, p50Ms = 0): Window => ({ requests, seconds, p50Ms, p99Ms, non2xx: 0, errors: 0 });

test('windows combine into requests over time, with the worst p99', () => {
  const load = combined([window(1000, 1, 2), window(3000, 1, 5), window(2000, 2, 1)]);
  assert.equal(load.requestsPerSecond, 1500);
  assert.equal(load.p99Ms, 5);
});

test('the two sides take turns, the order alternating, after a warm-up of each', async () => {
  const calls: string[] = [];
  // The machine slows down halfway: each side's share of the turn stays what it was.
  const run = async (url: string, seconds: number) => {
    calls.push(`${url} ${seconds}`);
    const slow = calls.length > 6 ? 0.5 : 1;
    return window((url === 'ours' ? 400 : 1000) * seconds * slow, seconds);
  };
  const result = await sideBySide(run, 'ours', 'bare', { seconds: 8, rounds: 4 });
  assert.deepEqual(calls, ['ours 2', 'bare 2', 'ours 2', 'bare 2', 'bare 2', 'ours 2', 'ours 2', 'bare 2', 'bare 2', 'ours 2']);
  assert.deepEqual(result.shareByRound, [0.4, 0.4, 0.4, 0.4]);
  assert.equal(result.ours.requestsPerSecond / result.bare.requestsPerSecond, 0.4);
});
