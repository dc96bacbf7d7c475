// The runtime config as the host reads it: the operator's file, with each remote's page list added
// from the pages.json it publishes beside its remoteEntry.js (docs/architecture.md "Pages and routes").
// The browser then routes every remote's pages from the one file it already fetches: no request per
// remote on the first page. A remote ships a page by publishing a new list: the next config carries it.

/** The page list's address: pages.json beside the remote's entry (a relative entry is read against `base`). */
export function pageListUrl(entry, base) {
  return new URL('pages.json', new URL(entry, base)).href;
}

/**
 * Adds the remotes' page lists to runtime configs. Each list is fetched at most once per `maxAgeMs`
 * (a config is asked for on every visit); a list that cannot be fetched keeps its last copy, and with
 * none the config carries no list for that remote: the host shows its pages as unavailable.
 * @param {{ fetchList?: (url: string) => Promise<unknown>, maxAgeMs?: number, timeoutMs?: number, now?: () => number }} [options]
 */
export function createPageLists({ fetchList, maxAgeMs = 10_000, timeoutMs = 2_000, now = Date.now } = {}) {
  const fetchJson =
    fetchList ??
    (async (url) => {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response.json();
    });
  /** By address: the last list fetched, when, and the fetch under way. */
  const lists = new Map();

  async function listAt(url) {
    let known = lists.get(url);
    if (!known) lists.set(url, (known = { list: undefined, fetchedAt: -Infinity, pending: null }));
    if (now() - known.fetchedAt < maxAgeMs) return known.list;
    known.pending ??= fetchJson(url)
      .then((list) => Object.assign(known, { list, fetchedAt: now() }))
      .catch(() => Object.assign(known, { fetchedAt: now() - maxAgeMs / 2 }))
      .finally(() => (known.pending = null));
    await known.pending;
    return known.list;
  }

  /** `config` with `pages` holding each remote's list (a list the file itself holds is kept). */
  return async function withPageLists(config, base) {
    if (!config || typeof config.remotes !== 'object' || config.remotes === null) return config;
    const own = typeof config.pages === 'object' && config.pages !== null ? config.pages : {};
    const entries = await Promise.all(
      Object.entries(config.remotes).map(async ([key, entry]) => {
        if (own[key] !== undefined) return [key, own[key]];
        if (typeof entry !== 'string') return [key, undefined];
        let url;
        try {
          url = pageListUrl(entry, base);
        } catch {
          return [key, undefined];
        }
        return [key, await listAt(url)];
      }),
    );
    return { ...config, pages: Object.fromEntries(entries.filter(([, list]) => list !== undefined)) };
  };
}
