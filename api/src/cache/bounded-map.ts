// A Map that keeps only its most recently used entries, for the API's in-memory caches: bounded by a
// number of entries, or by a total weight (bytes, say) that `weigh` gives each value. Past the bound
// the least recently used entries go first; an entry heavier than the whole bound is not kept.
//
// Every operation is O(1) but eviction, which visits only the entries it drops (and any of weight 0
// before them): a Map iterates in insertion order, so moving an entry to the end (delete, then set)
// marks it most recently used.
// An entry of weight 0 counts nothing against the bound and is never dropped to make room (the PDF
// cache's drawings in progress, whose size is not known yet).

export type Bound<V> = { maxEntries: number } | { maxWeight: number; weigh: (value: V) => number };

type Slot<V> = { value: V; weight: number };

const one = () => 1;

export class BoundedMap<K, V> {
  private readonly slots = new Map<K, Slot<V>>();
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
    const slot = this.slots.get(key);
    if (slot === undefined) return undefined;
    this.slots.delete(key);
    this.slots.set(key, slot);
    return slot.value;
  }

  /** The value kept under `key`, its recency untouched. */
  peek(key: K): V | undefined {
    return this.slots.get(key)?.value;
  }

  /** Keeps `value` under `key` as the most recently used entry (unless it is heavier than the bound). */
  set(key: K, value: V): this {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return this;
    this.slots.set(key, { value, weight });
    this.total += weight;
    this.evict();
    return this;
  }

  /**
   * Changes the value of an entry already kept, leaving its place in the recency order, and weighs
   * it again (it goes if now heavier than the bound). False when nothing is kept under `key`.
   */
  replace(key: K, value: V): boolean {
    const slot = this.slots.get(key);
    if (slot === undefined) return false;
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return this.delete(key);
    this.total += weight - slot.weight;
    slot.value = value;
    slot.weight = weight;
    this.evict();
    return true;
  }

  delete(key: K): boolean {
    const slot = this.slots.get(key);
    if (slot === undefined) return false;
    this.slots.delete(key);
    this.total -= slot.weight;
    return true;
  }

  clear(): void {
    this.slots.clear();
    this.total = 0;
  }

  /** How many entries are kept. */
  get size(): number {
    return this.slots.size;
  }

  /** The kept entries' total weight (their number when bounded by entries). */
  get weight(): number {
    return this.total;
  }

  /** Drops the least recently used entries (of some weight) until the total is within the bound. */
  private evict(): void {
    if (this.total <= this.maxWeight) return;
    for (const [key, slot] of this.slots) {
      if (slot.weight > 0) {
        this.slots.delete(key);
        this.total -= slot.weight;
        if (this.total <= this.maxWeight) return;
      }
    }
  }
}
