// A host page from the host-pages chunk (host-pages.ts), loaded on first use or started at boot when
// the first route shows one (preload-first-page.ts). Rendered by how that load ended (started-load.ts),
// as the signed-in frames are: nothing until it has loaded. A failed load (the file down, a 404 after a
// redeploy) is kept, not tried again on every render, and shown as a remote page's is: the "section
// unavailable" panel inside the frame, whose Try again starts one new load.
import { createElement, useState } from 'react';
import { RemoteErrorBoundary } from '../remotes/RemoteErrorBoundary';
import type * as HostPages from './host-pages';
import { startLoad, useStartedLoad, type StartedLoad } from './started-load';

type Pages = typeof HostPages;
export type HostPageName = keyof Pages;
let pagesLoad: StartedLoad<Pages> | undefined;

/** Starts loading the host's pages (once; a failed load stays failed until `forgetFailedHostPages`). */
export function startHostPages(): StartedLoad<Pages> {
  pagesLoad ??= startLoad(() => import(/* webpackChunkName: "host-pages" */ './host-pages'));
  return pagesLoad;
}

/** Drops a failed load, so the next `startHostPages` tries again (Try again). */
export function forgetFailedHostPages(): void {
  if (pagesLoad?.outcome && 'error' in pagesLoad.outcome) pagesLoad = undefined;
}

function LoadedHostPage({ page }: { page: HostPageName }) {
  const pages = useStartedLoad(startHostPages());
  return pages ? createElement(pages[page]) : null;
}

export function HostPage({ page }: { page: HostPageName }) {
  // Each Try again mounts a fresh boundary and page, which start the new load.
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    forgetFailedHostPages();
    setAttempt((n) => n + 1);
  };
  return (
    <RemoteErrorBoundary key={attempt} remoteId="the host's pages" onRetry={retry}>
      <LoadedHostPage page={page} />
    </RemoteErrorBoundary>
  );
}

/** A route element for a host page, e.g. `hostPage('SupportPage')`. */
export function hostPage(page: HostPageName) {
  return <HostPage page={page} />;
}
