import { memoryCacheStorage } from '../testing/memory-cache-storage';
import { userCacheName } from './cache-rules';
import { forgetOfflineData, keepOfflineDataFor } from './offline-data';
import { OFFLINE_SESSION_CACHE, OfflineCopy } from './offline-session';

/** Cache Storage holding these (empty) caches. */
async function storageWith(names: string[]) {
  const caches = memoryCacheStorage();
  for (const name of names) await caches.storage.open(name);
  return caches;
}

describe('the offline copy on the page side', () => {
  it("at sign-in, deletes another user's cache (the worker makes the user's own as it keeps their answers)", async () => {
    const { storage, names } = await storageWith(['portal-live-v1', userCacheName('alex'), userCacheName('sam')]);
    await keepOfflineDataFor('sam', storage);
    expect(names()).toEqual(['portal-live-v1', userCacheName('sam')].sort());
  });

  it('at sign-out, deletes every user cache, keeps the shell, and notes the sign-out for the worker', async () => {
    const { storage, names } = await storageWith(['workbox-precache-v2', userCacheName('alex'), userCacheName('sam')]);
    const worker = new OfflineCopy(storage);
    expect(
      await worker.recordSession({ sub: 'alex', session_expires_at: Date.now() / 1000 + 3600, session_ends_at: Date.now() / 1000 + 3600 }, Date.now() - 1000),
    ).not.toBeNull();
    const askedBefore = await worker.ask();
    await forgetOfflineData(storage);
    expect(names()).toEqual([OFFLINE_SESSION_CACHE, 'workbox-precache-v2']);
    // An answer asked before the sign-out and arriving after it is not kept.
    await worker.keep(askedBefore, 'http://localhost:8080/app/me/', new Response('{}', { headers: { 'Content-Type': 'application/json' } }));
    expect(names()).toEqual([OFFLINE_SESSION_CACHE, 'workbox-precache-v2']);
  });

  it('does nothing where the browser has no Cache Storage', async () => {
    await expect(forgetOfflineData(null)).resolves.toBeUndefined();
    await expect(keepOfflineDataFor('alex', null)).resolves.toBeUndefined();
  });
});
