// The page's side of the offline copy (docs/architecture.md "Offline"): the service worker stores a
// user's API answers only in a cache this page made for that user once the server said who is
// signed in, and the page deletes it at sign-out and when another user signs in.
import { userCacheName, userCachesToDelete } from './cache-rules';

/** Cache Storage, where this browser has it (not in unit tests' jsdom, nor on plain http off localhost). */
function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

async function deleteUserCaches(storage: CacheStorage, keepUserId: string | null): Promise<void> {
  const names = await storage.keys();
  await Promise.all(userCachesToDelete(names, keepUserId).map((name) => storage.delete(name)));
}

/** `userId` is signed in: only their cache may exist; it is made, so the worker fills it. */
export async function keepOfflineDataFor(userId: string, storage = cacheStorage()): Promise<void> {
  if (!storage) return;
  try {
    await deleteUserCaches(storage, userId);
    await storage.open(userCacheName(userId));
  } catch (error) {
    console.error('Could not prepare the offline copy.', error);
  }
}

/** Signing out: every user's offline copy on this browser is deleted. */
export async function forgetOfflineData(storage = cacheStorage()): Promise<void> {
  if (!storage) return;
  try {
    await deleteUserCaches(storage, null);
  } catch (error) {
    console.error('Could not delete the offline copy.', error);
  }
}
