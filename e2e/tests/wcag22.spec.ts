// The criteria WCAG 2.2 added at level AA, checked on every screen at a desktop and a phone size:
// - 2.4.11 Focus not obscured: Tab through the page; each control that takes focus is at least partly
//   visible, not under the sticky header, the phone's menu bar or the footer.
// - 2.5.8 Target size: axe's target-size rule (24 by 24 CSS pixels, or spaced as if it were) on top of
//   the WCAG 2.1 rules every journey runs.
// - 3.2.6 Consistent help: Help is in the header, in the same place among its links, on every page.
// - 3.3.8 Accessible authentication: signing in asks for no puzzle; the password can be pasted and
//   filled by a password manager, and a code can be pasted into the code boxes (onboarding.spec.ts).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { secondUser } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { signIn } from '../support/session';

const SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Enough presses to reach every control of the longest screen once (the walk stops when focus comes back round). */
const MAX_TABS = 80;

type Obscured = { control: string; by: string };

/**
 * Tabs round the whole page and returns each focused control that is hidden entirely: none
 * of five points inside it (its centre and near each corner) reaches it when asked what is on top.
 */
async function controlsHiddenWhenFocused(page: Page): Promise<{ reached: number; hidden: Obscured[] }> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const hidden: Obscured[] = [];
  const seen = new Set<string>();
  // Tab starts from wherever the page last put focus (a heading after a route change), so the walk
  // goes on past the page's end and round from its top until it meets a control it has seen.
  let leftThePage = 0;
  for (let press = 0; press < MAX_TABS; press++) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement | null;
      // Past the last control focus leaves the page; the next Tab starts again at its top.
      if (!focused || focused === document.body) return { done: true as const };
      const path: string[] = [];
      for (let node: Element | null = focused; node && node !== document.body; node = node.parentElement) {
        path.unshift(`${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}:${Array.prototype.indexOf.call(node.parentElement?.children ?? [], node)}`);
      }
      const name = `${focused.tagName.toLowerCase()} "${(focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 40)}"`;
      const box = focused.getBoundingClientRect();
      // A control drawn with no area (a visually hidden input whose label is drawn instead) is
      // judged by its label.
      const target =
        box.width < 1 || box.height < 1 ? (focused.closest('label') ?? (focused.id ? document.querySelector(`label[for="${focused.id}"]`) : null)) : focused;
      if (!target) return { done: false as const, key: path.join('/'), name, by: null };
      const r = target.getBoundingClientRect();
      const inset = (size: number) => Math.min(2, size / 2);
      const points = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + inset(r.width), r.top + inset(r.height)],
        [r.right - inset(r.width), r.top + inset(r.height)],
        [r.left + inset(r.width), r.bottom - inset(r.height)],
        [r.right - inset(r.width), r.bottom - inset(r.height)],
      ];
      let on: Element | null = null;
      for (const [x, y] of points) {
        on = document.elementFromPoint(x!, y!);
        if (on && (target.contains(on) || on.contains(target) || focused.contains(on))) return { done: false as const, key: path.join('/'), name, by: null };
      }
      const what = on ? `${on.tagName.toLowerCase()}${on.className ? `.${String(on.className).split(' ')[0]}` : ''}` : 'outside the window';
      return { done: false as const, key: path.join('/'), name, by: what };
    });
    if (found.done) {
      if (++leftThePage > 1) break;
      continue;
    }
    // Round the page once: focus is back where it started.
    if (seen.has(found.key)) break;
    seen.add(found.key);
    if (found.by) hidden.push({ control: found.name, by: found.by });
  }
  return { reached: seen.size, hidden };
}

async function targetSizeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`));
}

/**
 * Where Help stands among the header's links, counted from the end (the landing page's header has
 * no link to the portal's front page before it): the same on every page.
 */
async function helpPlace(page: Page): Promise<string> {
  const names = (await page.getByRole('banner').getByRole('link').allInnerTexts()).map((name) => name.trim());
  const at = names.indexOf('Help');
  return at === -1 ? `no Help link in the header (${names.join(', ')})` : `Help with ${names.length - at - 1} of the header's links after it`;
}

async function checkScreen(page: Page, path: string, ready: () => Promise<void>): Promise<{ help: string[] }> {
  const help: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto(path);
    await ready();
    await page.waitForLoadState('networkidle');
    const { reached, hidden } = await controlsHiddenWhenFocused(page);
    // The walk went round the page: at least the skip link, Help and a control of the page's own.
    expect(reached, `controls reached by Tab on ${path} (${size.name})`).toBeGreaterThanOrEqual(3);
    test.info().annotations.push({ type: 'controls reached by Tab', description: `${path} (${size.name}): ${reached}` });
    expect(hidden, `controls hidden when focused on ${path} (${size.name})`).toEqual([]);
    expect(await targetSizeViolations(page), `targets too small on ${path} (${size.name})`).toEqual([]);
    help.push(`${size.name}: ${await helpPlace(page)}`);
  }
  return { help };
}

test('signed out: focus never hidden, targets large enough, Help in one place', async ({ page }) => {
  const screens: [string, string][] = [
    ['/', 'Your pay, in one place'],
    ['/support', 'Support'],
    ['/FAQs', 'Frequently asked questions'],
    ['/contact-details', 'Contact details'],
    ['/accessibility', 'Accessibility statement for the pay portal'],
    ['/privacy', 'Privacy and cookies'],
  ];
  const places = new Set<string>();
  for (const [path, title] of screens) {
    const { help } = await checkScreen(page, path, () => expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible());
    help.forEach((place) => places.add(place));
  }
  expect(places.size, `Help's place on the signed-out pages: ${[...places].join('; ')}`).toBe(2);
});

test('the sign-in page: no puzzle, a password that can be pasted and filled, focus never hidden', async ({ page }) => {
  await page.goto('/login');
  const password = page.getByLabel(/^password/i);
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  await expect(page.getByLabel(/email/i)).toHaveAttribute('autocomplete', /username|email/);
  // Pasted as a password manager or a person would: the text arrives whole.
  await password.focus();
  await page.evaluate(() => {
    const input = document.activeElement as HTMLInputElement;
    const data = new DataTransfer();
    data.setData('text/plain', 'Pasted-password-2026');
    const allowed = input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    if (allowed) input.setRangeText('Pasted-password-2026');
  });
  await expect(password).toHaveValue('Pasted-password-2026');
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    const { reached, hidden } = await controlsHiddenWhenFocused(page);
    expect(reached, `controls reached by Tab on the sign-in page (${size.name})`).toBeGreaterThanOrEqual(3);
    expect(hidden, `controls hidden when focused on the sign-in page (${size.name})`).toEqual([]);
    expect(await targetSizeViolations(page), `targets too small on the sign-in page (${size.name})`).toEqual([]);
  }
});

test('signed in: every screen at both sizes, focus never hidden, targets large enough, Help in one place', async ({ page }) => {
  // Twenty Tab walks of one to three dozen presses each: more than the default minute.
  test.slow();
  await signIn(page, secondUser.email, secondUser.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const main = page.getByRole('main');
  const screens: [string, () => Promise<void>][] = [
    ['/', () => expect(main.getByText('Recent Updates')).toBeVisible()],
    ['/payslips', () => expect(main.getByRole('table').getByRole('link').first()).toBeVisible()],
    ['/payslips/compare', () => expect(main.getByRole('table')).toBeVisible()],
    ['/tax-year', () => expect(main.getByRole('table')).toBeVisible()],
    ['/P60', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
    ['/documents', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
    ['/profile', () => expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()],
    ['/settings', () => expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()],
    ['/support', () => expect(main.getByRole('link', { name: 'Contact details' })).toBeVisible()],
    ['/FAQs', () => expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible()],
  ];
  const places = new Set<string>();
  for (const [path, ready] of screens) {
    const { help } = await checkScreen(page, path, ready);
    help.forEach((place) => places.add(place));
  }
  expect(places.size, `Help's place on the signed-in pages: ${[...places].join('; ')}`).toBe(2);

  // The phone's menu, open: every link in it can be reached and seen.
  await page.setViewportSize({ width: SIZES[1].width, height: SIZES[1].height });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  const { reached, hidden } = await controlsHiddenWhenFocused(page);
  expect(reached, 'controls reached by Tab in the open menu').toBeGreaterThanOrEqual(5);
  expect(hidden, 'controls hidden when focused in the open menu').toEqual([]);
  expect(await targetSizeViolations(page), 'targets too small in the open menu').toEqual([]);
});
