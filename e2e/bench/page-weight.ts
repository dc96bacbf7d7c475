// What a first visit to a page costs the browser: every request it makes until the network is idle,
// and the JavaScript and CSS it downloads as transferred (compressed body bytes). Used by `pnpm bench`
// (e2e/bench/front-end.ts) and the budgets journey (e2e/tests/budgets.spec.ts).
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';

export type Transfer = { url: string; kind: 'js' | 'css' | 'other'; bytes: number; encoding: string | null };

export type PageWeight = {
  url: string;
  requests: number;
  jsBytes: number;
  cssBytes: number;
  jsFiles: number;
  transfers: Transfer[];
};

function kindOf(url: string): Transfer['kind'] {
  const { pathname } = new URL(url);
  if (pathname.endsWith('.js')) return 'js';
  if (pathname.endsWith('.css')) return 'css';
  return 'other';
}

/** Starts counting a page's requests and recording what each finished one transferred. */
export function recordTransfers(page: Page): { requests: () => number; taken: () => Promise<Transfer[]> } {
  let requests = 0;
  const transfers: Promise<Transfer>[] = [];
  page.on('request', () => {
    requests += 1;
  });
  page.on('requestfinished', (request) => {
    transfers.push(
      (async () => {
        const sizes = await request.sizes();
        const response = await request.response();
        return {
          url: request.url(),
          kind: kindOf(request.url()),
          bytes: sizes.responseBodySize,
          encoding: (await response?.headerValue('content-encoding')) ?? null,
        };
      })(),
    );
  });
  return { requests: () => requests, taken: async () => Promise.all(transfers.splice(0)) };
}

const sum = (transfers: Transfer[], kind: Transfer['kind']) => transfers.filter((t) => t.kind === kind).reduce((total, t) => total + t.bytes, 0);

/**
 * Opens `url` in a fresh context (empty cache; `storageState` for a signed-in visit) asking for gzip
 * only — the figures and budgets are in gzip, and the static servers would otherwise pick Brotli —
 * waits for `ready` and for the network to be idle, and answers what it cost.
 */
export async function measurePage(
  browser: Browser,
  url: string,
  { storageState, ready }: { storageState?: BrowserContextOptions['storageState']; ready?: (page: Page) => Promise<void> } = {},
): Promise<PageWeight> {
  // The service worker is kept out: a file it answers shows the page no transfer size, and on a real
  // first visit the worker fetches those same bytes from the network (its precache is counted apart).
  const context = await browser.newContext({ storageState, extraHTTPHeaders: { 'Accept-Encoding': 'gzip' }, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const recorder = recordTransfers(page);
    await page.goto(url, { waitUntil: 'networkidle' });
    if (ready) await ready(page);
    await page.waitForLoadState('networkidle');
    const transfers = await recorder.taken();
    return {
      url,
      requests: recorder.requests(),
      jsBytes: sum(transfers, 'js'),
      cssBytes: sum(transfers, 'css'),
      jsFiles: transfers.filter((t) => t.kind === 'js').length,
      transfers,
    };
  } finally {
    await context.close();
  }
}
