// Home's main-thread tasks by CPU time (Home's TBT): a first visit to Home (the demo user
// signed in), unthrottled, traced N times (HOME_BLOCKING_RUNS, default 5, after one warm-up). For each
// load it prints the main thread's CPU time, an estimate of Lighthouse's blocking time and the tasks
// that count in it. Lighthouse's simulation scales each observed task's wall time by 4 (its mobile CPU)
// and counts what exceeds 50 ms; this estimate does the same with each task's thread (CPU) time, which
// other jobs on a shared machine disturb far less than wall time (printed beside it), and counts every
// task from navigation (the tasks before the first paint are the same in both trees of an A/B). A tool
// for comparing trees, interleaved (bench/results/levers.md), not a figure of the table. Needs the portal
// running as `pnpm start` runs it, under the port lock:
//   flock /tmp/portal-ports.lock sh -c '...start the portal...; pnpm --filter e2e exec tsx bench/home-blocking.ts'
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { demoSession } from '../support/session';
import { mainThreadOfLoad, startTrace } from './page-trace';

const PORTAL = 'http://localhost:8080';
const RUNS = Number(process.env.HOME_BLOCKING_RUNS ?? 5);
const CPU_SLOWDOWN = 4;
const BLOCKING_MS = 50;
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading', 'blink.user_timing'];
const WHAT_RAN = ['EvaluateScript', 'FunctionCall', 'TimerFire', 'Layout', 'UpdateLayoutTree', 'Paint', 'ParseHTML'];

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
type Load = { cpuMs: number; estimatedTbtMs: number; estimatedTbtWallMs: number; longTasks: string[] };

const blocking = (ms: number) => Math.max(0, CPU_SLOWDOWN * ms - BLOCKING_MS);

async function traceHome(browser: Browser, storageState: StorageState): Promise<Load> {
  const context = await browser.newContext({ storageState, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const endTrace = await startTrace(cdp, CATEGORIES);
    await page.goto(`${PORTAL}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await page.waitForLoadState('networkidle');
    const { navigationTs, onMain } = mainThreadOfLoad(await endTrace(), PORTAL);
    const tasks = onMain.filter((event) => event.name === 'RunTask' && event.ts >= navigationTs);
    const load: Load = { cpuMs: 0, estimatedTbtMs: 0, estimatedTbtWallMs: 0, longTasks: [] };
    for (const task of tasks) {
      const cpuMs = (task.tdur ?? task.dur ?? 0) / 1000;
      load.cpuMs += cpuMs;
      load.estimatedTbtMs += blocking(cpuMs);
      load.estimatedTbtWallMs += blocking((task.dur ?? 0) / 1000);
      if (blocking(cpuMs) === 0) continue;
      const end = task.ts + (task.dur ?? 0);
      const inside = onMain.filter((event) => event !== task && event.ts >= task.ts && event.ts < end && WHAT_RAN.includes(event.name));
      const top = inside.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
      const url = top?.args?.data?.url ? new URL(top.args.data.url, PORTAL).pathname : '';
      load.longTasks.push(`${Math.round((task.ts - navigationTs) / 1000)} ms: ${cpuMs.toFixed(0)} ms CPU ${top ? `${top.name} ${url}` : ''}`.trim());
    }
    return load;
  } finally {
    await context.close();
  }
}

async function main() {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const storageState = await demoSession(browser, PORTAL);
    await traceHome(browser, storageState); // warms the servers and the disk cache
    const loads: Load[] = [];
    for (let run = 0; run < RUNS; run++) {
      const load = await traceHome(browser, storageState);
      loads.push(load);
      console.log(
        `load ${run + 1}: main thread ${Math.round(load.cpuMs)} ms CPU; estimated TBT ${Math.round(load.estimatedTbtMs)} ms (by wall time ${Math.round(load.estimatedTbtWallMs)} ms); tasks over ${BLOCKING_MS / CPU_SLOWDOWN} ms CPU: ${load.longTasks.join('; ') || 'none'}`,
      );
    }
    const sorted = loads.map((load) => load.estimatedTbtMs).sort((a, b) => a - b);
    console.log(`estimated TBT, median of ${RUNS}: ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN)} ms`);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
