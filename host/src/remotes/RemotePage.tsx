// Mounts one page exposed by a remote: loaded on first use with `loadRemote` inside React.lazy,
// wrapped in an error boundary so a remote that is down shows a panel, not a blank shell.
import { Suspense, createElement, lazy, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { Spinner } from '@portal/shared/ui/Spinner';
import { startLoad, useStartedLoad, type StartedLoad } from '../app/started-load';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { createUnavailableModule, type RemotePageModule } from './unavailable-module';
import { isUnavailableRemoteModule, type UnavailableRemoteModule } from './unavailable-marker';
import { getRemoteRetryCount, retryRemote, subscribeToRemoteRetries } from './register-remotes';

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();
/** Loads started before their page rendered, by id and attempt. */
const startedLoads = new Map<string, StartedLoad<RemotePageModule>>();

/** One load of a page: its id and the retry attempt it belongs to (Try again starts a new one). */
const loadKey = (id: string, attempt: number) => `${id}#${attempt}`;

async function importRemotePage(id: string): Promise<RemotePageModule> {
  // The offline plugin answers a failed load with a factory; a real remote gives the module itself.
  type Loaded = RemotePageModule | UnavailableRemoteModule;
  const loaded = await loadRemote<Loaded | (() => Loaded)>(id);
  const pageModule = typeof loaded === 'function' ? loaded() : loaded;
  if (isUnavailableRemoteModule(pageModule)) return createUnavailableModule(id, pageModule.reason);
  if (!pageModule || typeof pageModule.default !== 'function') {
    throw new Error(`The module ${id} has no page to show.`);
  }
  await pageModule.loadMessages?.();
  return pageModule;
}

function lazyRemotePage(id: string, attempt: number): LazyExoticComponent<ComponentType> {
  const key = loadKey(id, attempt);
  let page = lazyPages.get(key);
  if (!page) {
    page = lazy(() => importRemotePage(id));
    lazyPages.set(key, page);
  }
  return page;
}

/**
 * Starts loading a remote page now (its remoteEntry.js, then its chunks), before anything renders
 * it; the page's first render takes this load instead of starting another (preload-first-page.ts).
 * A failure shows when the page renders (its error panel), not here.
 */
export function startRemotePageLoad(id: string): void {
  const key = loadKey(id, getRemoteRetryCount());
  if (startedLoads.has(key)) return;
  startedLoads.set(
    key,
    startLoad(() => importRemotePage(id)),
  );
}

/** A page whose load started before it rendered: the spinner until the load ends (started-load.ts). */
function StartedPage({ load }: { load: StartedLoad<RemotePageModule> }) {
  const pageModule = useStartedLoad(load);
  return pageModule ? createElement(pageModule.default) : <Spinner />;
}

export function RemotePage({ id }: { id: string }) {
  const attempt = useSyncExternalStore(subscribeToRemoteRetries, getRemoteRetryCount);
  const key = loadKey(id, attempt);
  const started = startedLoads.get(key);
  // lazyRemotePage caches by id and attempt, so Page keeps its identity between renders.
  const Page = started ? null : lazyRemotePage(id, attempt);
  return (
    // Keyed by page as well as attempt: routes reuse this element, and a failure stays with its page.
    <RemoteErrorBoundary key={key} remoteId={id} onRetry={() => retryRemote(id)}>
      {started ? (
        <StartedPage load={started} />
      ) : (
        <Suspense fallback={<Spinner />}>
          {/* eslint-disable-next-line react-hooks/static-components -- cached per id and attempt, see above */}
          {Page && <Page />}
        </Suspense>
      )}
    </RemoteErrorBoundary>
  );
}

/** A route element for a remote page, e.g. `remotePage('remote_pay/HomePage')`. */
export function remotePage(id: string) {
  return <RemotePage id={id} />;
}
