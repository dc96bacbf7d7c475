// Remotes own their pages (docs/architecture.md "Pages and routes"): a remote released with a new page
// shows it at its path and in the menu, with no host build; a remote whose page list does not come is
// contained to its own paths.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { demoUser } from '../support/accounts';
import { test, expect } from '../support/fixtures';
import { buildPayWithExtraPage, copyWithoutPageList } from '../support/remote-release';
import { pointRemoteAt } from '../support/runtime-config';
import { chooseEmployment, signIn } from '../support/session';
import { startRemoteServer } from '../../tools/serve.mjs';

const hostDist = path.resolve(__dirname, '..', '..', 'host', 'dist');

test('remote-pay released with one more page: the page shows at its path and in the menu, with no host build', async ({ page, checkA11y }) => {
  test.setTimeout(240_000);
  const hostFiles = readdirSync(hostDist).sort();
  const dist = buildPayWithExtraPage({ name: 'PayRisePage', path: '/pay-rise', menuLabel: 'Pay rise', menuOrder: 55, heading: 'Your pay rise' });
  const server = await startRemoteServer({ root: dist, port: 3105 });
  const restore = pointRemoteAt('pay', 'http://localhost:3105/remoteEntry.js');
  try {
    await signIn(page, demoUser.email, demoUser.password);
    await chooseEmployment(page, demoUser.activeEmployer);
    const menu = page.getByRole('navigation', { name: 'Main' });
    // In the menu where its order puts it: after Payslips (50), before Tax year (60).
    const labels = await menu.getByRole('listitem').allInnerTexts();
    expect(labels.slice(labels.indexOf('Payslips'), labels.indexOf('Tax year') + 1)).toEqual(['Payslips', 'Pay rise', 'Tax year']);
    await menu.getByRole('link', { name: 'Pay rise' }).click();
    await expect(page).toHaveURL(/\/pay-rise$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your pay rise' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Pay rise' })).toHaveAttribute('aria-current', 'page');
    await checkA11y('a page released with its remote');
    // At its address directly too, and the remote's other pages as before.
    await page.goto('/pay-rise');
    await expect(page.getByRole('heading', { level: 1, name: 'Your pay rise' })).toBeVisible();
    await menu.getByRole('link', { name: 'Payslips' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payslips' })).toBeVisible();
    expect(readdirSync(hostDist).sort(), 'the host was not built again').toEqual(hostFiles);
  } finally {
    restore();
    await server.close();
  }
});

test('a remote whose page list does not come: its paths show the unavailable panel, the rest of the portal works', async ({ page, checkA11y }) => {
  const server = await startRemoteServer({ root: copyWithoutPageList('remote-documents'), port: 3106 });
  const restore = pointRemoteAt('documents', 'http://localhost:3106/remoteEntry.js');
  try {
    await signIn(page, demoUser.email, demoUser.password);
    await chooseEmployment(page, demoUser.activeEmployer);
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu.getByRole('link', { name: 'Payslips' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Documents' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'P60s' })).toHaveCount(0);

    await page.goto('/documents');
    await expect(page.getByRole('heading', { level: 1, name: 'This section is unavailable' })).toBeVisible();
    await checkA11y('a path of a remote whose page list did not come');
    await menu.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await menu.getByRole('link', { name: 'Payslips' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payslips' })).toBeVisible();
  } finally {
    restore();
    await server.close();
  }
});
