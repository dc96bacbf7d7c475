// Cache Storage in memory, as the browser keeps it for the page and its service worker alike: named
// caches of responses by URL, in the order stored. `onOpen` lets a test act at the moment a cache is
// opened (another party deleting it, say), as a real browser could between two awaits.
type Entries = Map<string, Response>;

const keyOf = (key: RequestInfo | URL) => (typeof key === 'string' ? key : key instanceof URL ? key.href : key.url);

function memoryCache(entries: Entries): Cache {
  const cache = {
    async put(key: RequestInfo | URL, response: Response) {
      entries.delete(keyOf(key));
      entries.set(keyOf(key), response);
    },
    async match(key: RequestInfo | URL) {
      return entries.get(keyOf(key))?.clone();
    },
    async delete(key: RequestInfo | URL) {
      return entries.delete(keyOf(key));
    },
    async keys() {
      return [...entries.keys()].map((url) => new Request(new URL(url, 'http://localhost:8080')));
    },
  };
  return cache as unknown as Cache;
}

export function memoryCacheStorage(options: { onOpen?: (name: string) => Promise<void> | void } = {}) {
  const caches = new Map<string, Entries>();
  const storage = {
    async open(name: string) {
      await options.onOpen?.(name);
      let entries = caches.get(name);
      if (!entries) caches.set(name, (entries = new Map()));
      return memoryCache(entries);
    },
    async has(name: string) {
      return caches.has(name);
    },
    async delete(name: string) {
      return caches.delete(name);
    },
    async keys() {
      return [...caches.keys()];
    },
    async match(key: RequestInfo | URL) {
      for (const entries of caches.values()) {
        const hit = entries.get(keyOf(key));
        if (hit) return hit.clone();
      }
      return undefined;
    },
  };
  return {
    storage: storage as unknown as CacheStorage,
    /** The URLs in cache `name`, or null when there is no such cache. */
    urlsIn: (name: string) => (caches.has(name) ? [...caches.get(name)!.keys()] : null),
    names: () => [...caches.keys()].sort(),
  };
}
