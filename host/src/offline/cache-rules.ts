// Which request the service worker answers how (docs/architecture.md "Offline"). Pure functions:
// the worker (service-worker.ts), the page (offline-data.ts) and the tests share them.

/** Hashed build output (Rspack's `[contenthash:10]`): never changes under its name. */
const HASHED_FILE = /\.[0-9a-f]{10}\.(js|css)$/;

/** Files whose content changes under the same name: a redeploy must be seen on the next online load. */
const LIVE_FILES = /\/(mf-manifest\.json|remoteEntry\.js|config\.json)$/;

/** API files (PDFs, ZIPs, packs) are not JSON answers; a linking code is a one-off check. */
const NOT_USER_DATA = /\/(file|archive|proof-of-income|linking_code)(\/|$)/;

/** A payslip's or document's PDF (`/api/users/:id/file/...`, saved or `?disposition=inline`). */
const USER_FILE = /^\/api\/users\/[^/]+\/file\//;

export type CacheRule =
  /** Not handled by the worker: straight to the network, as without it. */
  | 'network'
  /** A page load: the network, else the precached shell (index.html). */
  | 'navigation'
  /** Manifests, remote entries and config.json: the network while online; the last copy only when offline. */
  | 'live'
  /** A hashed remote or host chunk: the cache first (it never changes), else the network. */
  | 'immutable'
  /** An API answer the user saw: the network first; the user's own cache when the network fails. */
  | 'user-data'
  /**
   * The sign-in server's user info (`/app/me/`): as 'user-data', and it names the session the copy
   * belongs to (its user and absolute end); a 401 while online means the session is over.
   */
  | 'claims'
  /** The SDK's refresh (POST `/app/refresh/`): straight to the network; refused, the session is over. */
  | 'refresh'
  /**
   * A PDF the user opened (downloaded or viewed in the browser): the network first, then a copy in
   * the user's own cache for offline. The server still sends `Cache-Control: private, no-store`:
   * no HTTP cache on the way keeps it; this copy is the one exception, the offline copy of a file
   * the user chose to open, removed at sign-out with the rest of their data.
   * ZIPs and proof-of-income packs are made on demand and never kept ('network').
   */
  | 'user-file';

export type RequestFacts = { url: string; method: string; mode: RequestMode | string };

/** The rule for a request made under `scopeOrigin` (the portal's own origin). */
export function cacheRuleFor({ url, method, mode }: RequestFacts, scopeOrigin: string): CacheRule {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'network';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'network';
  const sameOrigin = parsed.origin === scopeOrigin;
  const { pathname } = parsed;
  if (sameOrigin && method === 'POST' && (pathname === '/app/refresh/' || pathname === '/app/refresh')) return 'refresh';
  if (method !== 'GET') return 'network';
  if (sameOrigin && isApiPath(pathname)) {
    if (pathname === '/app/me' || pathname === '/app/me/') return 'claims';
    if (isUserFilePath(pathname)) return 'user-file';
    return isUserDataPath(pathname) ? 'user-data' : 'network';
  }
  if (mode === 'navigate') return sameOrigin ? 'navigation' : 'network';
  if (LIVE_FILES.test(pathname)) return 'live';
  if (HASHED_FILE.test(pathname)) return 'immutable';
  return 'network';
}

function isApiPath(pathname: string): boolean {
  return (
    pathname.startsWith('/api/') ||
    pathname.startsWith('/app/') ||
    pathname.startsWith('/account/') ||
    pathname === '/api' ||
    pathname === '/app' ||
    pathname === '/account'
  );
}

/**
 * What a signed-in user saw and may read again offline: the application API's answers about them
 * (`/api/users/...`, JSON; the sign-in server's user info is the 'claims' rule's). Never a file
 * download, never the sign-in pages (`/account`, the rest of `/app`).
 */
export function isUserDataPath(pathname: string): boolean {
  return pathname.startsWith('/api/users/') && !NOT_USER_DATA.test(pathname);
}

/**
 * Whose data an answer to `url` is, when that can be read from the answer itself: the user a
 * `/api/users/{id}/…` path names (the API serves a user only their own), or the `userID` of
 * `/api/users/authorised`'s envelope. Null when the answer names no user.
 */
export function ownerOfAnswer(url: string, body: unknown): string | null {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return null;
  }
  const named = /^\/api\/users\/([^/]+)\/./.exec(pathname)?.[1];
  if (named) return decodeURIComponent(named);
  if (pathname !== '/api/users/authorised') return null;
  // The envelope: `{ data: "<JSON text of { status, error, data: [user] }>" }`.
  const outer = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  let parsed: unknown;
  try {
    parsed = typeof outer === 'string' ? JSON.parse(outer) : undefined;
  } catch {
    return null;
  }
  const data = typeof parsed === 'object' && parsed !== null ? (parsed as { data?: unknown }).data : undefined;
  const first = Array.isArray(data) ? (data[0] as { userID?: unknown } | undefined) : undefined;
  return typeof first?.userID === 'string' && first.userID !== '' ? first.userID : null;
}

export function isUserFilePath(pathname: string): boolean {
  return USER_FILE.test(pathname);
}

/**
 * The key a file's offline copy is kept under: its address without `?disposition`, so a PDF saved
 * online can be viewed offline and the other way round (the bytes are the same).
 */
export function fileCacheKey(url: string): string {
  const parsed = new URL(url);
  parsed.search = '';
  return parsed.href;
}

/** The Content-Disposition an offline copy is served with: the one the request asked for. */
export function offlineDisposition(requestUrl: string, stored: string | null): string {
  const inline = new URL(requestUrl).searchParams.get('disposition') === 'inline';
  const params = (stored ?? '').replace(/^\s*(inline|attachment)\s*;?\s*/i, '');
  const type = inline ? 'inline' : 'attachment';
  return params ? `${type}; ${params}` : type;
}

/**
 * How big the worker's runtime caches may grow. The remotes' hashed chunks pile up with each
 * redeploy (workbox-expiration: the least recently used go first, and any older than 30 days). A
 * user cache holds JSON answers and the PDFs they opened: past the limit the least recently stored
 * go first (trimmed by the worker itself, see entriesOverLimit: workbox-expiration would keep each
 * URL, with the user's id in it, in an IndexedDB that sign-out does not clear). The live cache
 * needs no limit: it holds one copy per manifest, remote entry and config.json, a fixed few.
 */
export const CACHE_LIMITS = {
  immutable: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 },
  userData: { maxEntries: 200 },
} as const;

/**
 * The entries to delete so that at most `maxEntries` stay. Cache Storage lists entries in the order
 * they were stored (a new copy of an address moves it to the end), so the first are the oldest.
 */
export function entriesOverLimit<T>(entries: readonly T[], maxEntries: number): T[] {
  return entries.slice(0, Math.max(0, entries.length - maxEntries));
}

/** Every per-user data cache is named with this prefix. */
export const USER_CACHE_PREFIX = 'portal-user-data-v1:';

/** Other caches of the worker: the remotes' hashed chunks, and the last copy of the live files. */
export const IMMUTABLE_CACHE = 'portal-immutable-v1';
export const LIVE_CACHE = 'portal-live-v1';

export function userCacheName(userId: string): string {
  return `${USER_CACHE_PREFIX}${encodeURIComponent(userId)}`;
}

/** The user a data cache belongs to, or null when the name is not a user cache. */
export function userOfCache(cacheName: string): string | null {
  if (!cacheName.startsWith(USER_CACHE_PREFIX)) return null;
  try {
    return decodeURIComponent(cacheName.slice(USER_CACHE_PREFIX.length));
  } catch {
    return null;
  }
}

/**
 * The user caches to delete: all of them at sign-out (`keepUserId` null), else all but the
 * signed-in user's (another user of this browser must never be shown them).
 */
export function userCachesToDelete(cacheNames: readonly string[], keepUserId: string | null): string[] {
  const keep = keepUserId === null ? null : userCacheName(keepUserId);
  return cacheNames.filter((name) => userOfCache(name) !== null && name !== keep);
}

/** The message the worker posts to its pages when it answered from its offline copy: `{ type, atMs }`, atMs when the request was asked. */
export const OFFLINE_ANSWER_MESSAGE = 'offline-copy';
