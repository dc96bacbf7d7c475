// What the bench tools that trace a page under Lighthouse's mobile conditions share (waterfall.ts,
// home-trace.ts): the throttling itself, applied by DevTools, and the page's own LCP.
import type { CDPSession, Page } from '@playwright/test';

/** Lighthouse's mobile throttling: 1.6 Mbps down, 750 kbps up (bytes per second); the CPU 4x slower. */
export const MOBILE_NETWORK = { downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
export const MOBILE_CPU_SLOWDOWN = 4;

/** Applies the mobile network (with `latencyMs` per request) and CPU throttling to the page of `cdp`. */
export async function throttleLikeMobile(cdp: CDPSession, latencyMs: number): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: latencyMs, ...MOBILE_NETWORK });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_CPU_SLOWDOWN });
}

/** The page's last LCP entry: its time from navigation start and the start of its element's markup. */
export function pageLcp(page: Page, markupChars: number): Promise<{ ms: number; element: string }> {
  return page.evaluate(
    (chars) =>
      new Promise<{ ms: number; element: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
          resolve({ ms: Math.round(last?.startTime ?? Number.NaN), element: last?.element?.outerHTML.slice(0, chars) ?? 'none' });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
    markupChars,
  );
}
