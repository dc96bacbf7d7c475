// Which navigation entries show (spec section 2 "Navigation shell"): the remotes' menu items
// (compose-pages.ts), each shown when the chosen employment's document-type flag it names is set.
import type { DocumentTypeFlags } from '@portal/shared/api/types';
import { paths } from '@portal/shared/paths';
import type { MenuItem } from '../app/compose-pages';
import { frame } from '../messages';

export type NavItem = { label: string; to: string };

export function navItemsFor(flags: DocumentTypeFlags | null, menu: readonly MenuItem[]): NavItem[] {
  return menu.filter((item) => item.flag === undefined || flags?.[item.flag] === true).map(({ label, to }) => ({ label, to }));
}

/** 'Change company', or 'Add company' when the user has only one employment. */
export function companyLink(employmentCount: number): NavItem {
  return employmentCount > 1 ? { label: frame.t('changeCompany'), to: paths.selectCompany.path } : { label: frame.t('addCompany'), to: paths.setup.path };
}

/**
 * The host's screens without a menu item of their own count as the item that leads to them: /home is
 * Home, the FAQs and Contact details are Support's (whose item is the Help link, host/src/support/HelpLink.tsx).
 * The remotes' pages say theirs in their page lists (`menuPath`).
 */
const HOST_ITEM_OF_SCREEN: ReadonlyMap<string, string> = new Map([
  [paths.homeAlias.path, paths.home.path],
  [paths.faqs.path.toLowerCase(), paths.support.path],
  [paths.contactDetails.path, paths.support.path],
]);

/** Whether the item leading to `to` is the current place at `pathname` (aria-current="page"). */
export function isCurrentItem(to: string, pathname: string, menuPathOf: ReadonlyMap<string, string> = new Map()): boolean {
  const path = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();
  const here = HOST_ITEM_OF_SCREEN.get(path) ?? menuPathOf.get(path) ?? path;
  if (to === paths.home.path) return here === to;
  return here.toLowerCase() === to.toLowerCase() || here.toLowerCase().startsWith(`${to.toLowerCase()}/`);
}
