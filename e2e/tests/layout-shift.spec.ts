// While the signed-in user and the remotes load, the shell shows the right menu
// and nothing jumps. Each page is loaded afresh with the API ~300 ms late (the signed-in user 1.2 s
// late) and the remotes' files 300 ms late, so the loading states show; the page records its layout
// shifts (CLS, as web-vitals counts it) and every menu it showed.
import type { Browser, BrowserContext } from '@playwright/test';
import { PORTAL_URL } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { demoSession } from '../support/session';

const API_DELAY_MS = 300;
// The signed-in user answers later still: the pages are drawn before the shell knows the account.
const AUTHORISED_USER_DELAY_MS = 1200;
const CLS_LIMIT = 0.1;
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];
// Each page, and what shows once its data is in.
const PAGES = [
  { path: '/', heading: 'Home', loaded: { role: 'heading', name: 'Recent Updates' } },
  { path: '/payslips', heading: 'Payslips', loaded: { role: 'table', name: 'Your payslips, newest first' } },
] as const;

type Recorded = { cls: number; shifts: { value: number; sources: string[] }[]; menus: string[][] };

declare global {
  interface Window {
    __recorded: Recorded;
  }
}

/** Runs in the page before its own scripts: layout shifts (buffered) and every menu the shell shows. */
function recordLoad() {
  const recorded: Recorded = { cls: 0, shifts: [], menus: [] };
  window.__recorded = recorded;
  // web-vitals' CLS: the largest session window (shifts under 1 s apart, 5 s at most).
  let windowValue = 0;
  let windowStart = 0;
  let lastShift = 0;
  type Rect = { y: number; height: number };
  type Shift = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources?: { node?: Node | null; previousRect: Rect; currentRect: Rect }[];
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      if (entry.hadRecentInput) continue;
      const fresh = entry.startTime - lastShift > 1000 || entry.startTime - windowStart > 5000;
      if (fresh) {
        windowValue = 0;
        windowStart = entry.startTime;
      }
      windowValue += entry.value;
      lastShift = entry.startTime;
      recorded.cls = Math.max(recorded.cls, windowValue);
      const sources = (entry.sources ?? []).map((source) => {
        const node = source.node;
        const name = node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName ?? '?');
        // Where it moved (an empty rect: out of view), to tell what pushed it.
        const { previousRect: from, currentRect: to } = source;
        return `${name} y ${Math.round(from.y)}+${Math.round(from.height)} → ${Math.round(to.y)}+${Math.round(to.height)}`;
      });
      recorded.shifts.push({ value: entry.value, sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });

  const menuNow = () =>
    Array.from(document.querySelectorAll('nav[aria-label="Main"] a, nav[aria-label="Main"] button')).map((item) => item.textContent?.trim() ?? '');
  new MutationObserver(() => {
    const menu = menuNow();
    const last = recorded.menus[recorded.menus.length - 1];
    if (menu.length > 0 && menu.join('|') !== last?.join('|')) recorded.menus.push(menu);
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

async function slowContext(browser: Browser, storageState: Awaited<ReturnType<typeof demoSession>>, viewport: { width: number; height: number }) {
  // The service worker is kept out: the context's routes would not see what it answers from its cache.
  const context = await browser.newContext({ storageState, viewport, serviceWorkers: 'block' });
  await context.route('**/api/**', async (route) => {
    const late = new URL(route.request().url()).pathname === '/api/users/authorised';
    await new Promise((resolve) => setTimeout(resolve, late ? AUTHORISED_USER_DELAY_MS : API_DELAY_MS));
    await route.fallback();
  });
  // The remotes' own files (served from their own ports) come late too: the page area waits for them.
  const portalPort = new URL(PORTAL_URL).port;
  await context.route(
    (url) => url.port !== portalPort,
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
      await route.fallback();
    },
  );
  await context.addInitScript(recordLoad);
  return context;
}

test.describe('journeys: loading without layout shift', () => {
  for (const viewport of VIEWPORTS) {
    test(`Home and Payslips load on a ${viewport.name} (${viewport.width}×${viewport.height}) with the right menu throughout and CLS under ${CLS_LIMIT}`, async ({
      browser,
      baseURL,
    }) => {
      const storageState = await demoSession(browser, baseURL!);
      let context: BrowserContext | undefined;
      try {
        context = await slowContext(browser, storageState, viewport);
        const page = await context.newPage();
        for (const { path, heading, loaded } of PAGES) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          await expect(page.getByRole(loaded.role, { name: loaded.name })).toBeVisible();
          await page.waitForLoadState('networkidle');
          // Shifts are reported after the frame that made them.
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          const recorded = await page.evaluate(() => window.__recorded);
          console.log(`CLS ${viewport.name} ${path}: ${recorded.cls.toFixed(4)} (${recorded.shifts.length} shifts)`);
          for (const shift of recorded.shifts) console.log(`  shift ${shift.value.toFixed(4)} ${shift.sources.join(', ')}`);

          // Soft: every page's figures print before the test fails. Two employments: 'Change company' is the company item; 'Add company' must never show.
          const final = recorded.menus[recorded.menus.length - 1] ?? [];
          expect.soft(final, `the menu once loaded on ${path}`).toContain('Change company');
          for (const menu of recorded.menus) {
            expect.soft(menu, `a menu shown while ${path} loaded`).not.toContain('Add company');
            // Nothing shown while loading that the loaded menu does not have.
            expect
              .soft(
                menu.filter((item) => !final.includes(item)),
                `items shown while ${path} loaded: ${menu.join(', ')}`,
              )
              .toEqual([]);
          }
          expect.soft(recorded.cls, `CLS of ${path} on a ${viewport.name}`).toBeLessThan(CLS_LIMIT);
        }
      } finally {
        await context?.close();
      }
    });
  }
});
