// The page's side of the offline copy (docs/architecture.md "Offline"): the service worker keeps a
// user's API answers for the session /app/me/ named (offline-session.ts); the page deletes every other
// user's copy once the server said who is signed in, and at sign-out notes the sign-out (so an answer
// still on its way is not kept) and deletes every copy.
import { userCachesToDelete } from './cache-rules';
import { forgetOfflineCopy } from './offline-session';

/** Cache Storage, where this browser has it (not in unit tests' jsdom, nor on plain http off localhost). */
function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

/** `userId` is signed in: no other user's copy may stay on this browser. */
export async function keepOfflineDataFor(userId: string, storage = cacheStorage()): Promise<void> {
  if (!storage) return;
  try {
    const names = await storage.keys();
    await Promise.all(userCachesToDelete(names, userId).map((name) => storage.delete(name)));
  } catch (error) {
    console.error('Could not tidy the offline copy.', error);
  }
}

/** Signing out: the sign-out is noted for the worker, and every user's offline copy on this browser is deleted. */
export async function forgetOfflineData(storage = cacheStorage()): Promise<void> {
  if (!storage) return;
  try {
    await forgetOfflineCopy(storage, Date.now());
  } catch (error) {
    console.error('Could not delete the offline copy.', error);
  }
}
