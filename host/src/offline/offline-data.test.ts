import { userCacheName } from './cache-rules';
import { forgetOfflineData, keepOfflineDataFor } from './offline-data';

/** An in-memory CacheStorage: names only, which is all the page side uses. */
function fakeCacheStorage(initial: string[]) {
  const names = new Set(initial);
  const storage = {
    keys: async () => [...names],
    open: async (name: string) => {
      names.add(name);
      return {} as Cache;
    },
    delete: async (name: string) => names.delete(name),
  } as unknown as CacheStorage;
  return { storage, names: () => [...names].sort() };
}

describe('the offline copy on the page side', () => {
  it("at sign-in, makes the user's cache and deletes another user's", async () => {
    const { storage, names } = fakeCacheStorage(['portal-live-v1', userCacheName('alex')]);
    await keepOfflineDataFor('sam', storage);
    expect(names()).toEqual(['portal-live-v1', userCacheName('sam')].sort());
  });

  it("keeps the same user's cache when they come back", async () => {
    const { storage, names } = fakeCacheStorage([userCacheName('alex')]);
    await keepOfflineDataFor('alex', storage);
    expect(names()).toEqual([userCacheName('alex')]);
  });

  it('at sign-out, deletes every user cache and keeps the shell', async () => {
    const { storage, names } = fakeCacheStorage(['workbox-precache-v2', userCacheName('alex'), userCacheName('sam')]);
    await forgetOfflineData(storage);
    expect(names()).toEqual(['workbox-precache-v2']);
  });

  it('does nothing where the browser has no Cache Storage', async () => {
    await expect(forgetOfflineData(null)).resolves.toBeUndefined();
    await expect(keepOfflineDataFor('alex', null)).resolves.toBeUndefined();
  });
});
