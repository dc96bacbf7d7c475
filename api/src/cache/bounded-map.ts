// A Map that keeps only its most recently used entries, for the API's in-memory caches: bounded by a
// number of entries, or by a total weight (bytes, say) that `weigh` gives each value. Past the bound
// the least recently used entries go first; an entry heavier than the whole bound is not kept.
//
// Every operation is O(1) but eviction, which visits only the entries it drops (and any of weight 0
// before them): a Map iterates in insertion order, so moving an entry to the end (delete, then set)
// marks it most recently used.
// An entry of weight 0 counts nothing against the bound and is never dropped to make room (the PDF
// cache's drawings in progress, whose size is not known yet).

/** `weigh` must give a value the same weight every time it is asked (weigh values that do not change). */
export type Bound<V> = { maxEntries: number } | { maxWeight: number; weigh: (value: V) => number };

const one = () => 1;

/** Values are never undefined: `undefined` means nothing is kept. */
export class BoundedMap<K, V extends NonNullable<unknown>> {
  // Only the values are stored, so a read is one Map lookup: weights are asked again when an entry goes.
  private readonly values = new Map<K, V>();
  private readonly maxWeight: number;
  private readonly weigh: (value: V) => number;
  private total = 0;

  constructor(bound: Bound<V>) {
    if ('maxEntries' in bound) {
      this.maxWeight = bound.maxEntries;
      this.weigh = one;
    } else {
      this.maxWeight = bound.maxWeight;
      this.weigh = bound.weigh;
    }
  }

  /** The value kept under `key`, which becomes the most recently used. */
  get(key: K): V | undefined {
    const value = this.values.get(key);
    if (value === undefined) return undefined;
    this.values.delete(key);
    this.values.set(key, value);
    return value;
  }

  /** The value kept under `key`, its recency untouched. */
  peek(key: K): V | undefined {
    return this.values.get(key);
  }

  /** Keeps `value` under `key` as the most recently used entry (unless it is heavier than the bound). */
  set(key: K, value: V): this {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return this;
    this.values.set(key, value);
    this.total += weight;
    this.evict();
    return this;
  }

  /**
   * Changes the value of an entry already kept, leaving its place in the recency order, and weighs
   * it again (it goes if now heavier than the bound). False when nothing is kept under `key`.
   */
  replace(key: K, value: V): boolean {
    const old = this.values.get(key);
    if (old === undefined) return false;
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return this.delete(key);
    this.values.set(key, value); // a key already in a Map keeps its place
    this.total += weight - this.weigh(old);
    this.evict();
    return true;
  }

  delete(key: K): boolean {
    const value = this.values.get(key);
    if (value === undefined) return false;
    this.values.delete(key);
    this.total -= this.weigh(value);
    return true;
  }

  clear(): void {
    this.values.clear();
    this.total = 0;
  }

  /** How many entries are kept. */
  get size(): number {
    return this.values.size;
  }

  /** The kept entries' total weight (their number when bounded by entries). */
  get weight(): number {
    return this.total;
  }

  /** Drops the least recently used entries (of some weight) until the total is within the bound. */
  private evict(): void {
    if (this.total <= this.maxWeight) return;
    for (const [key, value] of this.values) {
      const weight = this.weigh(value);
      if (weight > 0) {
        this.values.delete(key);
        this.total -= weight;
        if (this.total <= this.maxWeight) return;
      }
    }
  }
}
