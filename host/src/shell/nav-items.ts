// Which navigation entries show, from the document-type flags of the selected employment
// (spec section 2 "Navigation shell"). Home is always there.
import type { DocumentTypeFlags } from '@portal/shared/api/types';
import { paths } from '@portal/shared/paths';

export type NavItem = { label: string; to: string };

const FLAGGED_ITEMS: { label: string; to: string; flag: keyof DocumentTypeFlags }[] = [
  { label: 'Documents', to: paths.documents.path, flag: 'Documents' },
  { label: 'P60s', to: paths.p60.path, flag: 'P60' },
  { label: 'P11Ds', to: paths.p11d.path, flag: 'P11d' },
  { label: 'P45s', to: paths.p45.path, flag: 'P45' },
  { label: 'Payslips', to: paths.payslips.path, flag: 'Payslip' },
  // Beyond the spec: the tax year at a glance, wherever there are payslips.
  { label: 'Tax year', to: paths.taxYear.path, flag: 'Payslip' },
  { label: 'Pension Letters', to: paths.pensionLetters.path, flag: 'PensionLetter' },
];

export function navItemsFor(flags: DocumentTypeFlags | null): NavItem[] {
  const home: NavItem = { label: 'Home', to: paths.home.path };
  return [home, ...FLAGGED_ITEMS.filter((item) => flags?.[item.flag] === true).map(({ label, to }) => ({ label, to }))];
}

/** 'Change company', or 'Add company' when the user has only one employment. */
export function companyLink(employmentCount: number): NavItem {
  return employmentCount > 1 ? { label: 'Change company', to: paths.selectCompany.path } : { label: 'Add company', to: paths.setup.path };
}

/**
 * Screens without a menu item of their own count as the item that leads to them, so one item is
 * always current: /home is Home, Profile is reached from Settings, the FAQs and Contact details
 * from Support (whose item is the Help link, host/src/support/HelpLink.tsx).
 */
const ITEM_OF_SCREEN: ReadonlyMap<string, string> = new Map([
  [paths.homeAlias.path, paths.home.path],
  [paths.profile.path, paths.settings.path],
  [paths.faqs.path.toLowerCase(), paths.support.path],
  [paths.contactDetails.path, paths.support.path],
]);

/** Whether the item leading to `to` is the current place at `pathname` (aria-current="page"). */
export function isCurrentItem(to: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const here = ITEM_OF_SCREEN.get(path.toLowerCase()) ?? path;
  if (to === paths.home.path) return here === to;
  return here.toLowerCase() === to.toLowerCase() || here.toLowerCase().startsWith(`${to.toLowerCase()}/`);
}
