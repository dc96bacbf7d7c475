// The portal's service worker in a journey: waiting until it controls the page, so what follows is
// answered (or cached) by it.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Waits until the service worker is installed and answers this page's requests. A page whose load
 * raced the worker's activation can be left out of its `clients.claim()` (seen once in Chromium, a
 * run without retries); a user's next load is controlled, so the journey reloads once, as they would.
 */
export async function untilControlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  const claimed = await expect
    .poll(controlled, { timeout: 5_000 })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
  if (!claimed) await page.reload();
  await expect.poll(controlled).toBe(true);
}
