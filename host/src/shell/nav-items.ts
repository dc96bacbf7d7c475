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
  // Beyond the spec (issue 14): the tax year at a glance, wherever there are payslips.
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
