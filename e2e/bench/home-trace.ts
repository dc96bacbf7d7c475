// Home's main thread before its LCP: a performance trace of a first visit to Home (the demo
// user signed in) under Lighthouse's mobile throttling applied by DevTools (150 ms per request,
// 1.6 Mbps, 4x CPU). Prints the LCP, the React commits before it, the main thread's busy time before
// it and its tasks of 20 ms or more with what each ran. A tool for finding levers (bench/results/levers.md),
// not a figure of the table. Needs the portal running as `pnpm start` runs it, under the port lock:
//   flock /tmp/portal-ports.lock sh -c '...start the portal...; pnpm --filter e2e exec tsx bench/home-trace.ts [path]'
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { demoSession } from '../support/session';
import { pageLcp, throttleLikeMobile } from './mobile-page';
import { mainThreadOfLoad, startTrace, type TraceEvent } from './page-trace';

const PORTAL = 'http://localhost:8080';
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading', 'blink.user_timing'];
const LONG_TASK_MS = Number(process.env.TRACE_TASK_MS ?? 20);

// A stand-in for React DevTools' hook: React (also in production) calls it on every commit. A string,
// not a function: tsx adds helpers to a function's text that the page does not have.
const COUNT_COMMITS = `
  window.portalCommits = [];
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberRoot: () => window.portalCommits.push(performance.now()),
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
  };`;

/** What a task ran: the script (or the rendering step) that took most of it. */
function whatRan(task: TraceEvent, inside: TraceEvent[]): string {
  const byWhat = new Map<string, number>();
  for (const event of inside) {
    const url = event.args?.data?.url;
    const what = url ? `${event.name} ${new URL(url, PORTAL).pathname}` : event.name;
    byWhat.set(what, (byWhat.get(what) ?? 0) + (event.dur ?? 0));
  }
  const top = [...byWhat].sort((a, b) => b[1] - a[1]).slice(0, 2);
  return top.map(([what, dur]) => `${what} ${Math.round(dur / 1000)}`).join('; ') || task.name;
}

async function main() {
  const path = process.argv[2] ?? '/';
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const context = await browser.newContext({ storageState: await demoSession(browser, PORTAL), serviceWorkers: 'block' });
    await context.addInitScript(COUNT_COMMITS);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await throttleLikeMobile(cdp, 150);
    const endTrace = await startTrace(cdp, CATEGORIES);
    await page.goto(`${PORTAL}${path}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const lcp = await pageLcp(page, 60);
    const commits = await page.evaluate(() => (window as unknown as { portalCommits: number[] }).portalCommits);
    const { navigationTs, onMain } = mainThreadOfLoad(await endTrace(), PORTAL);
    const lcpAt = navigationTs + lcp.ms * 1000;
    const tasks = onMain.filter((event) => event.name === 'RunTask' && event.ts >= navigationTs && event.ts < lcpAt);
    const busy = tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0);
    const before = commits.filter((at) => at <= lcp.ms);
    console.log(`LCP ${lcp.ms} ms at ${lcp.element}`);
    console.log(`React commits before LCP: ${before.length} (at ${before.map(Math.round).join(', ')} ms); after: ${commits.length - before.length}`);
    console.log(`main thread busy before LCP: ${Math.round(busy / 1000)} ms in ${tasks.length} tasks`);
    for (const task of tasks.filter((event) => (event.dur ?? 0) >= LONG_TASK_MS * 1000)) {
      const end = task.ts + (task.dur ?? 0);
      const inside = onMain.filter(
        (event) =>
          event !== task &&
          event.ts >= task.ts &&
          event.ts < end &&
          event.name !== 'RunTask' &&
          [
            'EvaluateScript',
            'v8.compile',
            'FunctionCall',
            'ParseHTML',
            'Layout',
            'UpdateLayoutTree',
            'Paint',
            'TimerFire',
            'FireAnimationFrame',
            'v8.compileModule',
            'EventDispatch',
          ].includes(event.name),
      );
      console.log(
        `  ${String(Math.round((task.ts - navigationTs) / 1000)).padStart(5)} ms  ${String(Math.round((task.dur ?? 0) / 1000)).padStart(4)} ms  ${whatRan(task, inside)}`,
      );
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
