import { parsePageList } from '@portal/shared/pages';
import { PORTAL_PAGE_LISTS } from '../testing/portal-pages';

describe("the remotes' page lists", () => {
  it('name every menu item in Welsh as well as English', () => {
    const items = Object.entries(PORTAL_PAGE_LISTS).flatMap(([remote, list]) =>
      parsePageList(list, remote).flatMap((page) => (page.menu ? [{ remote, expose: page.expose, ...page.menu }] : [])),
    );
    expect(items.length).toBeGreaterThan(5);
    expect(items.filter((item) => !item.labelCy?.trim()).map((item) => `${item.remote} ${item.expose} ${item.label}`)).toEqual([]);
  });
});
