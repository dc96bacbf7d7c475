// The request waterfall of a first visit to Home (the demo user signed in): when each request starts
// and ends, under a fixed added latency per request (default 150 ms, Lighthouse's mobile RTT), so
// the chain's depth shows as time. With WATERFALL_MOBILE=1 the network and CPU are throttled as
// Lighthouse's mobile settings say (1.6 Mbps down, 750 kbps up, 4x CPU), applied rather than simulated,
// and the page's LCP (time and element) is printed: an A/B figure for levers on a busy machine, where
// Lighthouse's simulation follows each run's CPU noise. A tool for finding the levers (bench/results/levers.md),
// not a figure of the table. Needs the portal running as `pnpm start` runs it, under the port lock:
//   flock /tmp/portal-ports.lock sh -c '...start the portal...; pnpm --filter e2e exec tsx bench/waterfall.ts [path]'
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { demoSession } from '../support/session';
import { pageLcp, throttleLikeMobile } from './mobile-page';

const PORTAL = 'http://localhost:8080';
const LATENCY_MS = Number(process.env.WATERFALL_LATENCY_MS ?? 150);
const MOBILE = process.env.WATERFALL_MOBILE === '1';

async function main() {
  const path = process.argv[2] ?? '/';
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const context = await browser.newContext({ storageState: await demoSession(browser, PORTAL), serviceWorkers: 'block' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (MOBILE) await throttleLikeMobile(cdp, LATENCY_MS);
    else await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY_MS, downloadThroughput: -1, uploadThroughput: -1 });
    const rows: { url: string; start: number; end: number }[] = [];
    page.on('requestfinished', (request) => {
      const timing = request.timing();
      rows.push({ url: request.url(), start: timing.startTime, end: timing.startTime + timing.responseEnd });
    });
    await page.goto(`${PORTAL}${path}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const origin = Math.min(...rows.map((row) => row.start));
    rows.sort((a, b) => a.start - b.start);
    for (const row of rows) {
      const { host, pathname } = new URL(row.url);
      console.log(`${String(Math.round(row.start - origin)).padStart(6)} → ${String(Math.round(row.end - origin)).padStart(6)} ms  ${host}${pathname}`);
    }
    console.log(`${rows.length} requests; last ends at ${Math.round(Math.max(...rows.map((row) => row.end)) - origin)} ms`);
    const lcp = await pageLcp(page, 80);
    console.log(`LCP ${lcp.ms} ms (from navigation start) at ${lcp.element}`);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
