// The payslip list's answer kept in memory, per employment, with the database's version of that
// list (migration 011: triggers raise it on every insert, update and delete of a payslip). A
// request whose ownership query (auth/ownership.ts) read the same version gets the same bytes
// without asking for the list again; any other version is a miss, and the list is read afresh.
//
// Why this never serves a stale or someone else's list:
// - an entry is only ever read after the route's checks (live session, own user, own employment),
//   under the employment id those checks found: a user reaches only their own employments' entries;
// - the version is read before the list, so a stored list is at least as new as its version; and
//   versions only rise, so a request that reads version v again sees a database with no change to
//   that list since the list was read. On several API instances each keeps its own entries and
//   asks the same database.
//
// Memory: each entry holds its answer's bytes (about 0.85 KB per payslip: 10.3 KB for a year of
// 12) and ENTRY_OVERHEAD for the key, the record, the Buffer object and the map's slot (measured:
// ~420 bytes of JS heap per entry, 20,000 entries); least recently used entries go once `maxBytes`
// is reached, and an answer larger than `maxEntryBytes` is not kept. 16 MiB: ~1,500 employments'
// years of 12 payslips.

import { BoundedMap } from '../cache/bounded-map';

/** Map slot, key string (~30 characters), the record and the Buffer object, rounded up. */
export const ENTRY_OVERHEAD = 512;

type Entry = { version: number; body: Buffer };

export class PayslipListCache {
  private readonly entries: BoundedMap<string, Entry>;

  constructor(
    maxBytes = 16 * 1024 * 1024,
    private readonly maxEntryBytes = 1024 * 1024,
  ) {
    this.entries = new BoundedMap({ maxWeight: maxBytes, weigh: (entry) => entry.body.length + ENTRY_OVERHEAD });
  }

  /** The answer kept for this employment at exactly this version, else undefined. */
  get(employmentId: string, version: number): Buffer | undefined {
    const entry = this.entries.peek(employmentId);
    if (!entry || entry.version !== version) return undefined;
    this.entries.get(employmentId); // now the most recently used
    return entry.body;
  }

  /** Keeps `body` as this employment's answer at `version` (replacing an older one); returns it. */
  set(employmentId: string, version: number, body: Buffer): Buffer {
    if (body.length > this.maxEntryBytes) this.entries.delete(employmentId);
    else this.entries.set(employmentId, { version, body });
    return body;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.weight };
  }
}
