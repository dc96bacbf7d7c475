// The `test` every journey uses: `visit` goes to a path, waits for the page and runs axe on it;
// `checkA11y` runs axe on whatever is showing now (after a click that changed the screen).
import { test as base, expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

type Fixtures = {
  visit: (path: string) => Promise<void>;
  checkA11y: (label?: string) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  visit: async ({ page }, use) => {
    await use(async (path: string) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page, path);
    });
  },
  checkA11y: async ({ page }, use) => {
    await use(async (label?: string) => {
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page, label ?? page.url());
    });
  },
});

export { expect };
export type { Page };
