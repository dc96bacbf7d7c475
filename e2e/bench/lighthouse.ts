// `pnpm bench --only=lighthouse`: Lighthouse (mobile defaults: simulated 150 ms RTT, 1.6 Mbps, 4x
// CPU) in Debian's Chromium, median of 3 runs, on the floor page, the federated floor, the landing
// page (signed out) and Home (the demo user signed in first in the same browser; the audit keeps that
// session and clears only the HTTP cache before each run). Needs the portal running as `pnpm start`
// runs it and the floors built (tools/bench.mjs does both). Writes bench/results/lighthouse.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { demoSession } from '../support/session';
import { serveFederatedFloor, serveFloor } from './floor-server';

const ROOT = path.resolve(__dirname, '..', '..');
const PORTAL = 'http://localhost:8080';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

type Run = { score: number; lcpMs: number; tbtMs: number; cls: number; fcpMs: number; requests: number; transferBytes: number };
/** What ran on the main thread in one run (Lighthouse's own audits), to say where TBT comes from. */
type MainThread = {
  scripts: { url: string; totalMs: number; scriptingMs: number; parseMs: number }[];
  work: { group: string; ms: number }[];
  longTasks: { url: string; startMs: number; durationMs: number }[];
  /** The LCP element and Lighthouse's split of its time (TTFB, load delay, load time, render delay). */
  lcp: { element: string; phases: { phase: string; ms: number }[] };
};
type Items = { items?: Record<string, unknown>[] } | undefined;

const shortUrl = (url: unknown) => String(url).replace(PORTAL, '');
const ms = (value: unknown) => Math.round(Number(value));

function mainThread(audits: Record<string, { details?: unknown }>): MainThread {
  const items = (id: string) => (audits[id]?.details as Items)?.items ?? [];
  return {
    scripts: items('bootup-time')
      .slice(0, 8)
      .map((i) => ({ url: shortUrl(i.url), totalMs: ms(i.total), scriptingMs: ms(i.scripting), parseMs: ms(i.scriptParseCompile) })),
    work: items('mainthread-work-breakdown').map((i) => ({ group: String(i.groupLabel ?? i.group), ms: ms(i.duration) })),
    longTasks: items('long-tasks')
      .slice(0, 10)
      .map((i) => ({ url: shortUrl(i.url), startMs: ms(i.startTime), durationMs: ms(i.duration) })),
    lcp: lcpElement(audits),
  };
}

function lcpElement(audits: Record<string, { details?: unknown }>): MainThread['lcp'] {
  const tables = (audits['largest-contentful-paint-element']?.details as Items)?.items ?? [];
  const [element, phases] = tables.map((table) => (table as Items)?.items ?? []);
  const node = element?.[0]?.node as { selector?: string; snippet?: string } | undefined;
  return {
    element: node ? `${node.selector ?? ''} ${node.snippet ?? ''}`.trim() : 'none',
    phases: (phases ?? []).map((i) => ({ phase: String(i.phase), ms: ms(i.timing) })),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Chromium with a profile of its own and a DevTools port, for Lighthouse and Playwright to share. */
async function launchChromium(): Promise<{ port: number; browser: Browser; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'));
  const child: ChildProcess = spawn(
    chromiumPath(),
    [...chromiumArgs, '--headless=new', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  let browser: Browser | undefined;
  for (let attempt = 0; attempt < 100 && !browser; attempt++) {
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`).catch(async () => {
      await delay(200);
      return undefined;
    });
  }
  if (!browser) throw new Error('Chromium did not open its DevTools port');
  return {
    port,
    browser,
    async stop() {
      await browser.close().catch(() => undefined);
      const exited = child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, delay(5000)]);
      // Chromium's helper processes can still be writing to the profile just after the browser
      // exits (ENOTEMPTY): retry, and never let a leftover temporary folder fail the bench.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (err) {
        console.warn(`lighthouse: could not remove ${profile}: ${(err as Error).message}`);
      }
    },
  };
}

/** Puts a session into the browser's default context, where Lighthouse opens its tab. */
async function bringSession(context: BrowserContext, state: Awaited<ReturnType<BrowserContext['storageState']>>) {
  await context.addCookies(state.cookies);
  const page = await context.newPage();
  for (const origin of state.origins) {
    await page.goto(origin.origin);
    await page.evaluate((items) => items.forEach(({ name, value }) => localStorage.setItem(name, value)), origin.localStorage);
  }
  await page.close();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The Lighthouse the figures were measured with, as installed. */
function lighthouseVersion(): string {
  return (JSON.parse(readFileSync(path.join(ROOT, 'e2e', 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string }).version;
}

async function audit(url: string, { signedIn }: { signedIn: boolean }): Promise<{ runs: Run[]; median: Run; mainThread: MainThread[] }> {
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launchChromium();
  try {
    const context = chrome.browser.contexts()[0]!;
    const page = context.pages()[0] ?? (await context.newPage());
    if (signedIn) await bringSession(context, await demoSession(chrome.browser, PORTAL));
    const cdp = await context.newCDPSession(page);
    const runs: Run[] = [];
    const threads: MainThread[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A first visit: nothing cached. Lighthouse's own storage reset would also end the session.
      await cdp.send('Network.clearBrowserCache');
      const options = {
        port: chrome.port,
        output: 'json' as const,
        logLevel: 'error' as const,
        onlyCategories: ['performance'],
        disableStorageReset: signedIn,
      };
      let lhr = (await lighthouse(url, options))?.lhr;
      // On a busy machine the trace sometimes misses the navigation's start: that run is measured again.
      for (let retry = 0; retry < 2 && lhr?.runtimeError?.code === 'NO_NAVSTART'; retry++) {
        await cdp.send('Network.clearBrowserCache');
        lhr = (await lighthouse(url, options))?.lhr;
      }
      if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
      if (signedIn && !lhr.finalDisplayedUrl.startsWith(PORTAL)) throw new Error(`Lighthouse left the portal: ${lhr.finalDisplayedUrl}`);
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      runs.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(value('largest-contentful-paint')),
        tbtMs: Math.round(value('total-blocking-time')),
        cls: Number(value('cumulative-layout-shift').toFixed(3)),
        fcpMs: Math.round(value('first-contentful-paint')),
        requests: ((lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items ?? []).length,
        transferBytes: Math.round(value('total-byte-weight')),
      });
      threads.push(mainThread(lhr.audits));
    }
    const keys = Object.keys(runs[0]!) as (keyof Run)[];
    const medianRun = Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as Run;
    return { runs, median: medianRun, mainThread: threads };
  } finally {
    await chrome.stop();
  }
}

async function main() {
  const floor = await serveFloor();
  const federatedFloor = await serveFederatedFloor();
  try {
    const pages = {
      floor: await audit(floor.url, { signedIn: false }),
      federatedFloor: await audit(federatedFloor.url, { signedIn: false }),
      landing: await audit(`${PORTAL}/`, { signedIn: false }),
      home: await audit(`${PORTAL}/`, { signedIn: true }),
    };
    const figures = {
      measuredAt: new Date().toISOString(),
      settings: `Lighthouse ${lighthouseVersion()}, mobile defaults (simulated throttling), Debian Chromium`,
      runsPerPage: RUNS,
      pages,
    };
    const out = path.join(ROOT, 'bench', 'results', 'lighthouse.json');
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
    for (const [name, { median: m }] of Object.entries(pages)) {
      console.log(`lighthouse: ${name}: score ${m.score}, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, CLS ${m.cls}, ${m.requests} requests (median of ${RUNS})`);
    }
    for (const [name, { runs, mainThread: threads }] of Object.entries(pages)) {
      threads.forEach(({ lcp }, i) =>
        console.log(`lighthouse: ${name} run ${i + 1}: LCP ${runs[i]!.lcpMs} ms at ${lcp.element}; ${lcp.phases.map((p) => `${p.phase} ${p.ms}`).join(', ')}`),
      );
    }
  } finally {
    await Promise.all([floor.close(), federatedFloor.close()]);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
