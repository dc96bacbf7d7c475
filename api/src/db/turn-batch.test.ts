// The batcher alone: what one event-loop turn asks goes in one run, each caller gets its own answer,
// a batch never exceeds its limit, and a failed run fails each of its callers.
import { positioned, storableKeysOnly, turnBatcher } from './turn-batch';

/** A runner that records the batches it was given and answers each key doubled. */
function recordingRunner() {
  const batches: number[][] = [];
  const run = async (keys: number[]) => {
    batches.push(keys);
    return keys.map((k) => k * 2);
  };
  return { batches, run };
}

it('answers the keys asked in one turn with one run, each caller its own answer', async () => {
  const { batches, run } = recordingRunner();
  const ask = turnBatcher(run);
  const answers = await Promise.all([1, 2, 3, 4, 5].map((k) => ask(k)));
  expect(answers).toEqual([2, 4, 6, 8, 10]);
  expect(batches).toEqual([[1, 2, 3, 4, 5]]);
  // A later turn is a batch of its own.
  expect(await ask(7)).toBe(14);
  expect(batches).toEqual([[1, 2, 3, 4, 5], [7]]);
});

it('sends nothing before the caller asked: a key asked after a batch was sent waits for the next one', async () => {
  const { batches, run } = recordingRunner();
  const ask = turnBatcher(run);
  const first = ask(1);
  await new Promise((resolve) => setImmediate(resolve));
  // The first batch has gone; this key was not in it.
  expect(batches).toEqual([[1]]);
  const second = ask(2);
  expect(await Promise.all([first, second])).toEqual([2, 4]);
  expect(batches).toEqual([[1], [2]]);
});

it('bounds a batch: past the limit the batch is sent and a new one starts', async () => {
  const { batches, run } = recordingRunner();
  const ask = turnBatcher(run, 4);
  const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => ask(i)));
  expect(answers).toEqual(Array.from({ length: 10 }, (_, i) => i * 2));
  expect(batches.map((b) => b.length)).toEqual([4, 4, 2]);
});

it('fails every caller of a failed run, and only those', async () => {
  let calls = 0;
  const ask = turnBatcher(async (keys: number[]) => {
    calls += 1;
    if (calls === 1) throw new Error('database gone');
    return keys;
  });
  const failed = await Promise.allSettled([ask(1), ask(2)]);
  expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  expect(await ask(3)).toBe(3);
});

it('fails the callers when a run answers a different number of keys', async () => {
  const ask = turnBatcher(async (keys: number[]) => keys.slice(1));
  await expect(Promise.all([ask(1), ask(2)])).rejects.toThrow(/1 answers for 2 keys/);
});

it('puts a batch query’s rows back in the order of its keys, undefined where a key has no row', () => {
  expect(
    positioned(
      [
        { position: '3', v: 'c' },
        { position: '1', v: 'a' },
      ],
      4,
    ),
  ).toEqual([{ position: '1', v: 'a' }, undefined, { position: '3', v: 'c' }, undefined]);
});

it('answers a key with a NUL "not found" without sending it, so the batch of the others still runs', async () => {
  const batches: string[][] = [];
  const ask = storableKeysOnly(
    turnBatcher(async (keys: { id: string }[]) => {
      batches.push(keys.map((k) => k.id));
      // As PostgreSQL does: a NUL in any parameter fails the whole query.
      if (keys.some((k) => k.id.includes('\u0000'))) throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
      return keys.map((k) => `row ${k.id}`);
    }),
  );
  const answers = await Promise.all([ask({ id: 'a' }), ask({ id: 'b\u0000' }), ask({ id: 'c' })]);
  expect(answers).toEqual(['row a', undefined, 'row c']);
  expect(batches).toEqual([['a', 'c']]);
});
