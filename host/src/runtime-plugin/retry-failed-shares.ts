// A shared module the host provides lazily (from its own chunk, tools/rspack/shared-dependencies.mjs)
// whose chunk did not load must be fetched again by the next page that asks for it. The federation
// runtime keeps the failed load on the module's entry in the share scope (`loading`) and hands every
// later load the same failure, so a page's Try again showed "section unavailable" until a reload.
// Each entry's `get` is wrapped once: a failure clears `loading` (the module was not loaded), so the
// next load calls `get` again, and the bundler, which forgets a failed chunk, asks for it again.
// This file must import nothing shared (React, @portal/shared): it runs before they exist.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type ShareEntry = { get?: () => unknown; loading?: unknown; loaded?: boolean };
type ShareScopeMap = Record<string, Record<string, Record<string, ShareEntry>>>;

const wrapped = new WeakSet<ShareEntry>();

/** Makes a failed `get` of this entry forgettable (once per entry). */
export function retryFailedLoads(entry: ShareEntry): void {
  const get = entry.get;
  if (typeof get !== 'function' || wrapped.has(entry)) return;
  wrapped.add(entry);
  entry.get = () =>
    Promise.resolve(get()).catch((error: unknown) => {
      if (!entry.loaded) entry.loading = null;
      throw error;
    });
}

export function retryFailedLoadsIn(shareScopeMap: ShareScopeMap): void {
  for (const modules of Object.values(shareScopeMap))
    for (const versions of Object.values(modules)) for (const entry of Object.values(versions)) retryFailedLoads(entry);
}

export default function retryFailedSharesPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-retry-failed-shares',
    // The host's provided modules are in the share scope once its options are registered.
    init({ origin }) {
      retryFailedLoadsIn(origin.shareScopeMap as unknown as ShareScopeMap);
    },
    // And any registered later, before the host loads one.
    beforeLoadShare(args) {
      retryFailedLoadsIn(args.origin.shareScopeMap as unknown as ShareScopeMap);
      return args;
    },
  };
}
