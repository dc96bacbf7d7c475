// The portal's service worker (docs/architecture.md "Offline"), built into host/dist/sw.js by
// tools/rspack/offline-plugin.mjs. It keeps the host's shell (precached at install), the remotes'
// hashed chunks (cache-first: they never change) and the last copy of the manifests, remote entries
// and config.json (served only when the browser is offline, so a redeployed or stopped remote is
// seen as it is on the next online load), and the signed-in user's API answers and the PDFs they
// opened in a cache of their own, kept and shown only for the session /app/me/ last named, until its
// absolute end, never after a sign-out or a refusal of the session (offline-session.ts). Every cache
// that can grow has a limit (cache-rules.ts CACHE_LIMITS).
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { CACHE_LIMITS, IMMUTABLE_CACHE, LIVE_CACHE, OFFLINE_ANSWER_MESSAGE, cacheRuleFor, fileCacheKey, offlineDisposition } from './cache-rules';
import { OfflineCopy } from './offline-session';

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

const offline = new OfflineCopy(caches);

// A new build takes over at once: its shell is the one the server now serves. No user's copy
// outlives its session, nor stays from an older worker that kept it without one.
void worker.skipWaiting();
worker.addEventListener('activate', (event) => event.waitUntil(Promise.all([worker.clients.claim(), offline.tidy()])));

cleanupOutdatedCaches();
// Exact URLs only: a page load ('/', '/payslips') is the navigation rule's, network first, so a
// new shell is seen at once; the precached index.html stands in for it only offline.
precacheAndRoute(__PORTAL_PRECACHE__, { directoryIndex: '', cleanURLs: false });

const isOffline = () => worker.navigator.onLine === false;

/**
 * Tells the page it sees a copy, and when the request that got it was asked: a request asked before
 * the page came back online can be answered, and told of, after it.
 */
async function tellPage(clientId: string, askedAtMs: number) {
  const client = clientId ? await worker.clients.get(clientId) : undefined;
  client?.postMessage({ type: OFFLINE_ANSWER_MESSAGE, atMs: askedAtMs });
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
  const askedAtMs = Date.now();
  const cache = await caches.open(LIVE_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok || response.type === 'opaque') await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const copy = isOffline() ? await cache.match(request, { ignoreVary: true }) : undefined;
    if (!copy) throw error;
    void tellPage(clientOf(event), askedAtMs);
    return copy;
  }
}

const isJson = (response: Response) => (response.headers.get('Content-Type') ?? '').includes('json');

/** The live session's copy, when the network failed; the page is told it sees a copy. */
async function offlineCopyOr(error: unknown, key: Request | string, event: unknown, askedAtMs: number): Promise<Response> {
  const copy = await offline.copyOf(key);
  if (!copy) throw error;
  void tellPage(clientOf(event), askedAtMs);
  return copy;
}

/** An API answer about the signed-in user: the network first; their session's copy when it fails. */
async function userData({ request, event }: Asked): Promise<Response> {
  const asked = await offline.ask();
  try {
    const response = await fetch(request);
    if (response.ok && isJson(response)) await offline.keep(asked, request, response.clone());
    return response;
  } catch (error) {
    return offlineCopyOr(error, request, event, asked.atMs);
  }
}

/**
 * Who is signed in (/app/me/): the answer names the session the copy belongs to, and is kept like
 * the rest. A 401 is the server saying the session is over (signed out elsewhere, ended, expired):
 * the copy goes.
 */
async function claims({ request, event }: Asked): Promise<Response> {
  const askedAtMs = Date.now();
  try {
    const response = await fetch(request);
    if (response.status === 401) await offline.forget();
    else if (response.ok && isJson(response)) {
      const session = await offline.recordSession(await response.clone().json(), askedAtMs);
      if (session) await offline.keep({ atMs: askedAtMs, session }, request, response.clone());
    }
    return response;
  } catch (error) {
    return offlineCopyOr(error, request, event, askedAtMs);
  }
}

/** The SDK's refresh: it moves the session's idle end on; refused (400, 401), the session cannot go on, nor its copy. */
async function refresh({ request }: Asked): Promise<Response> {
  const askedAtMs = Date.now();
  const response = await fetch(request);
  if (response.status === 400 || response.status === 401) await offline.forget();
  else if (response.ok && isJson(response)) await offline.recordRefresh(await response.clone().json(), askedAtMs);
  return response;
}

/**
 * A PDF the user opened: the network first (its no-store answer reaches the page as sent), a copy
 * kept in their own cache; offline, that copy, saved or shown inline as the request asks.
 */
async function userFile({ request, event }: Asked): Promise<Response> {
  const asked = await offline.ask();
  const key = fileCacheKey(request.url);
  try {
    const response = await fetch(request);
    const isPdf = (response.headers.get('Content-Type') ?? '').includes('application/pdf');
    if (response.ok && isPdf) await offline.keep(asked, key, response.clone());
    return response;
  } catch (error) {
    const copy = await offlineCopyOr(error, key, event, asked.atMs);
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
registerRoute((options) => ruleOf(options) === 'claims', claims);
registerRoute((options) => ruleOf(options) === 'refresh', refresh, 'POST');
registerRoute((options) => ruleOf(options) === 'user-file', userFile);
registerRoute((options) => ruleOf(options) === 'immutable', immutable);
