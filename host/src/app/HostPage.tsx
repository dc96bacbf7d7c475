// A host page from the host-pages chunk (host-pages.ts), loaded on first use or started at boot when
// the first route shows one (preload-first-page.ts). Rendered by how that load ended (started-load.ts),
// as the signed-in frames are: nothing until it has loaded, a failed load thrown to the route's error page.
import { createElement } from 'react';
import type * as HostPages from './host-pages';
import { startLoad, useStartedLoad, type StartedLoad } from './started-load';

type Pages = typeof HostPages;
export type HostPageName = keyof Pages;
let pagesLoad: StartedLoad<Pages> | undefined;

/** Starts loading the host's pages (once; a failed load is tried again by the next page that needs it). */
export function startHostPages(): StartedLoad<Pages> {
  if (pagesLoad?.outcome && 'error' in pagesLoad.outcome) pagesLoad = undefined;
  pagesLoad ??= startLoad(() => import(/* webpackChunkName: "host-pages" */ './host-pages'));
  return pagesLoad;
}

export function HostPage({ page }: { page: HostPageName }) {
  const pages = useStartedLoad(startHostPages());
  return pages ? createElement(pages[page]) : null;
}

/** A route element for a host page, e.g. `hostPage('SupportPage')`. */
export function hostPage(page: HostPageName) {
  return <HostPage page={page} />;
}
