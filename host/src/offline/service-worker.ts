// The portal's service worker (docs/architecture.md "Offline"), built into host/dist/sw.js by
// tools/rspack/offline-plugin.mjs. It keeps the host's shell (precached at install), the remotes'
// hashed chunks (cache-first: they never change) and the last copy of the manifests, remote entries
// and config.json (served only when the browser is offline, so a redeployed or stopped remote is
// seen as it is on the next online load), and the signed-in user's API answers and the PDFs they
// opened in a cache of their own that the page creates at sign-in and deletes at sign-out
// (offline-data.ts). Every cache that can grow has a limit (cache-rules.ts CACHE_LIMITS).
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import {
  CACHE_LIMITS,
  IMMUTABLE_CACHE,
  LIVE_CACHE,
  OFFLINE_ANSWER_MESSAGE,
  cacheRuleFor,
  currentUserCache,
  entriesOverLimit,
  fileCacheKey,
  offlineDisposition,
} from './cache-rules';

/** The host's built files, put in by the build (the precache manifest). */
declare const __PORTAL_PRECACHE__: PrecacheEntry[];

/** What this file uses of the ServiceWorkerGlobalScope (the DOM library of the page types has none of it). */
type WorkerScope = {
  navigator: Navigator;
  registration: { scope: string };
  clients: { claim(): Promise<void>; get(id: string): Promise<{ postMessage(message: unknown): void } | undefined> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'activate', listener: (event: { waitUntil(promise: Promise<unknown>): void }) => void): void;
};
/** What a handler is given: the request, and the event naming the page that asked. */
type Asked = { request: Request; event: unknown };

const clientOf = (event: unknown) => (event as { clientId?: string }).clientId ?? '';

const worker = self as unknown as WorkerScope;
const scopeOrigin = new URL(worker.registration.scope).origin;

// A new build takes over at once: its shell is the one the server now serves.
void worker.skipWaiting();
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

cleanupOutdatedCaches();
// Exact URLs only: a page load ('/', '/payslips') is the navigation rule's, network first, so a
// new shell is seen at once; the precached index.html stands in for it only offline.
precacheAndRoute(__PORTAL_PRECACHE__, { directoryIndex: '', cleanURLs: false });

const isOffline = () => worker.navigator.onLine === false;

async function tellPage(clientId: string) {
  const client = clientId ? await worker.clients.get(clientId) : undefined;
  client?.postMessage({ type: OFFLINE_ANSWER_MESSAGE });
}

/** A page load: the network, else (no network at all) the precached shell. */
async function navigation({ request }: Asked): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await matchPrecache('/index.html');
    if (shell) return shell;
    throw error;
  }
}

/** A file that changes under its name: never stale while online; its last copy offline. */
async function live({ request, event }: Asked): Promise<Response> {
  const cache = await caches.open(LIVE_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok || response.type === 'opaque') await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const copy = isOffline() ? await cache.match(request, { ignoreVary: true }) : undefined;
    if (!copy) throw error;
    void tellPage(clientOf(event));
    return copy;
  }
}

/** Stores a copy in a user's cache, then deletes the oldest entries past its limit. */
async function keepForUser(cacheName: string, key: Request | string, response: Response): Promise<void> {
  const cache = await caches.open(cacheName);
  await cache.put(key, response);
  await Promise.all(entriesOverLimit(await cache.keys(), CACHE_LIMITS.userData.maxEntries).map((old) => cache.delete(old)));
}

/** An API answer about the signed-in user: the network first; their own cache when it fails. */
async function userData({ request, event }: Asked): Promise<Response> {
  const cacheName = currentUserCache(await caches.keys());
  try {
    const response = await fetch(request);
    const isJson = (response.headers.get('Content-Type') ?? '').includes('json');
    if (cacheName && response.ok && isJson) await keepForUser(cacheName, request, response.clone());
    return response;
  } catch (error) {
    const copy = cacheName ? await (await caches.open(cacheName)).match(request, { ignoreVary: true }) : undefined;
    if (!copy) throw error;
    void tellPage(clientOf(event));
    return copy;
  }
}

/**
 * A PDF the user opened: the network first (its no-store answer reaches the page as sent), a copy
 * kept in their own cache; offline, that copy, saved or shown inline as the request asks.
 */
async function userFile({ request, event }: Asked): Promise<Response> {
  const cacheName = currentUserCache(await caches.keys());
  const key = fileCacheKey(request.url);
  try {
    const response = await fetch(request);
    const isPdf = (response.headers.get('Content-Type') ?? '').includes('application/pdf');
    if (cacheName && response.ok && isPdf) await keepForUser(cacheName, key, response.clone());
    return response;
  } catch (error) {
    const copy = cacheName ? await (await caches.open(cacheName)).match(key, { ignoreVary: true }) : undefined;
    if (!copy) throw error;
    void tellPage(clientOf(event));
    const headers = new Headers(copy.headers);
    headers.set('Content-Disposition', offlineDisposition(request.url, copy.headers.get('Content-Disposition')));
    return new Response(copy.body, { status: copy.status, statusText: copy.statusText, headers });
  }
}

const immutable = new CacheFirst({
  cacheName: IMMUTABLE_CACHE,
  plugins: [
    // A remote's chunk loaded by a plain <script> is an opaque answer (status 0): keep it too.
    { cacheWillUpdate: async ({ response }) => (response.ok || response.type === 'opaque' ? response : null) },
    // Each redeploy of a remote adds chunks under new names: the least recently used go.
    new ExpirationPlugin({ ...CACHE_LIMITS.immutable, purgeOnQuotaError: true }),
  ],
});

const ruleOf = ({ request }: { request: Request }) => cacheRuleFor(request, scopeOrigin);
registerRoute((options) => ruleOf(options) === 'navigation', navigation);
registerRoute((options) => ruleOf(options) === 'live', live);
registerRoute((options) => ruleOf(options) === 'user-data', userData);
registerRoute((options) => ruleOf(options) === 'user-file', userFile);
registerRoute((options) => ruleOf(options) === 'immutable', immutable);
