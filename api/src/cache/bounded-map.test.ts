// BoundedMap: examples of each rule, then random runs of operations checked against a plain list in
// recency order (the rules written the slow, obvious way) and against the bound.
import fc from 'fast-check';
import { BoundedMap } from './bounded-map';

const bytes = (value: string) => value.length;

describe('bounded by entries', () => {
  it('lets the least recently used go first; get refreshes, peek does not', () => {
    const map = new BoundedMap<string, number>({ maxEntries: 3 });
    map.set('a', 1).set('b', 2).set('c', 3);
    expect(map.get('a')).toBe(1); // a is now the most recently used
    expect(map.peek('b')).toBe(2); // b stays the least recently used
    map.set('d', 4);
    expect([map.peek('a'), map.peek('b'), map.peek('c'), map.peek('d')]).toEqual([1, undefined, 3, 4]);
    expect([map.size, map.weight]).toEqual([3, 3]);
  });

  it('replaces a value under the same key as the most recently used', () => {
    const map = new BoundedMap<string, number>({ maxEntries: 2 });
    map.set('a', 1).set('b', 2).set('a', 10).set('c', 3);
    expect([map.peek('a'), map.peek('b'), map.peek('c')]).toEqual([10, undefined, 3]);
  });

  it('deletes and clears', () => {
    const map = new BoundedMap<string, number>({ maxEntries: 2 });
    map.set('a', 1).set('b', 2);
    expect(map.delete('a')).toBe(true);
    expect(map.delete('a')).toBe(false);
    expect([map.size, map.weight, map.get('a')]).toEqual([1, 1, undefined]);
    map.clear();
    expect([map.size, map.weight, map.peek('b')]).toEqual([0, 0, undefined]);
  });
});

describe('bounded by weight', () => {
  it('drops the least recently used until the total fits', () => {
    const map = new BoundedMap<string, string>({ maxWeight: 10, weigh: bytes });
    map.set('a', 'xxxx').set('b', 'xxxx').set('c', 'xx');
    map.get('a');
    map.set('d', 'xxxxxx'); // 16: b, then c go
    expect([map.peek('a'), map.peek('b'), map.peek('c'), map.peek('d')]).toEqual(['xxxx', undefined, undefined, 'xxxxxx']);
    expect(map.weight).toBe(10);
  });

  it('keeps no entry heavier than the bound, and drops nothing else for it', () => {
    const map = new BoundedMap<string, string>({ maxWeight: 4, weigh: bytes });
    map.set('a', 'xx').set('b', 'xx').set('a', 'xxxxx');
    expect([map.peek('a'), map.peek('b'), map.size, map.weight]).toEqual([undefined, 'xx', 1, 2]);
  });

  it('re-weighs a replaced value in place, leaving its recency', () => {
    const map = new BoundedMap<string, string>({ maxWeight: 6, weigh: bytes });
    map.set('a', '').set('b', 'xx').set('c', 'xx');
    expect(map.replace('a', 'xxxx')).toBe(true); // 8: a is still the oldest, so a goes
    expect([map.peek('a'), map.peek('b'), map.peek('c'), map.weight]).toEqual([undefined, 'xx', 'xx', 4]);
    expect(map.replace('b', 'xxx')).toBe(true); // 5: fits
    map.set('d', 'x'); // 6
    expect([map.peek('b'), map.peek('c'), map.peek('d'), map.weight]).toEqual(['xxx', 'xx', 'x', 6]);
    expect(map.replace('z', 'x')).toBe(false);
    expect(map.replace('c', 'xxxxxxx')).toBe(true); // heavier than the bound: not kept
    expect([map.peek('c'), map.size, map.weight]).toEqual([undefined, 2, 4]);
  });

  it('never drops an entry of weight 0 to make room', () => {
    const map = new BoundedMap<string, string>({ maxWeight: 4, weigh: bytes });
    map.set('pending', '').set('a', 'xxx').set('b', 'xxx');
    expect([map.peek('pending'), map.peek('a'), map.peek('b')]).toEqual(['', undefined, 'xxx']);
  });
});

// The same rules on a plain list, least recently used first: O(n) everywhere, obviously right.
type Kept = { key: string; value: string; weight: number };

class ListModel {
  kept: Kept[] = [];
  constructor(
    private readonly max: number,
    private readonly weigh: (value: string) => number,
  ) {}
  private at = (key: string) => this.kept.findIndex((e) => e.key === key);
  private total = () => this.kept.reduce((sum, e) => sum + e.weight, 0);
  private fit() {
    while (this.total() > this.max)
      this.kept.splice(
        this.kept.findIndex((e) => e.weight > 0),
        1,
      );
  }
  get(key: string) {
    const i = this.at(key);
    if (i < 0) return undefined;
    const entry = this.kept.splice(i, 1)[0]!;
    this.kept.push(entry);
    return entry.value;
  }
  peek = (key: string) => this.kept[this.at(key)]?.value;
  set(key: string, value: string) {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.max) return undefined;
    this.kept.push({ key, value, weight });
    this.fit();
    return value;
  }
  replace(key: string, value: string) {
    const i = this.at(key);
    if (i < 0) return false;
    this.kept[i] = { key, value, weight: this.weigh(value) };
    if (this.kept[i].weight > this.max) this.kept.splice(i, 1);
    this.fit();
    return true;
  }
  delete(key: string) {
    const i = this.at(key);
    if (i >= 0) this.kept.splice(i, 1);
    return i >= 0;
  }
}

const key = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
const value = fc.string({ unit: fc.constant('x'), maxLength: 8 });
const operation = fc.oneof(
  fc.record({ op: fc.constant('get' as const), key }),
  fc.record({ op: fc.constant('peek' as const), key }),
  fc.record({ op: fc.constant('set' as const), key, value }),
  fc.record({ op: fc.constant('set' as const), key, value }),
  fc.record({ op: fc.constant('replace' as const), key, value }),
  fc.record({ op: fc.constant('replace' as const), key, value }),
  fc.record({ op: fc.constant('delete' as const), key }),
);

const bounds = [
  { name: 'entries', make: (max: number) => ({ map: new BoundedMap<string, string>({ maxEntries: max }), weigh: () => 1 }) },
  { name: 'weight', make: (max: number) => ({ map: new BoundedMap<string, string>({ maxWeight: max, weigh: bytes }), weigh: bytes }) },
];

describe.each(bounds)('bounded by $name, random operations', ({ make }) => {
  it('behaves as the list model, and its weight never exceeds the bound', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.array(operation, { maxLength: 60, size: 'max' }), (max, operations) => {
        const { map, weigh } = make(max);
        const model = new ListModel(max, weigh);
        for (const o of operations) {
          if (o.op === 'get') expect(map.get(o.key)).toBe(model.get(o.key));
          else if (o.op === 'peek') expect(map.peek(o.key)).toBe(model.peek(o.key));
          else if (o.op === 'set') expect(map.set(o.key, o.value).peek(o.key)).toBe(model.set(o.key, o.value));
          else if (o.op === 'replace') expect(map.replace(o.key, o.value)).toBe(model.replace(o.key, o.value));
          else expect(map.delete(o.key)).toBe(model.delete(o.key));
          expect(map.weight).toBeLessThanOrEqual(max);
          expect(map.size).toBe(model.kept.length);
          expect(map.weight).toBe(model.kept.reduce((sum, e) => sum + e.weight, 0));
        }
        for (const e of model.kept) expect(map.peek(e.key)).toBe(e.value);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the entry just written when it fits, and drops only entries older than every kept one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.array(fc.record({ key, value }), { maxLength: 40, size: 'max' }), (max, writes) => {
        const { map, weigh } = make(max);
        const written = new Map<string, string>(); // oldest first
        for (const { key, value } of writes) {
          map.set(key, value);
          written.delete(key);
          written.set(key, value);
          if (weigh(value) <= max) expect(map.peek(key)).toBe(value);
        }
        // Newest first, those that can go (some weight, not heavier than the bound): kept, then dropped.
        const kept = [...written]
          .reverse()
          .filter(([, value]) => weigh(value) > 0 && weigh(value) <= max)
          .map(([key]) => map.peek(key) !== undefined);
        expect(kept).toEqual([...kept].sort((a, b) => Number(b) - Number(a)));
      }),
    );
  });
});
