import type { DocumentTypeFlags } from '@portal/shared/api/types';
import { REMOTES } from '@portal/shared/remotes';
import { testRuntimeConfig } from '@portal/shared/testing/render';
import { composePages } from '../app/compose-pages';
import { PORTAL_PAGE_LISTS } from '../testing/portal-pages';
import { companyLink, isCurrentItem, navItemsFor } from './nav-items';

/** The menu the remotes' page lists make. */
const { menu, menuPathOf } = composePages({ ...testRuntimeConfig, pages: PORTAL_PAGE_LISTS });

const none: DocumentTypeFlags = { Payslip: false, Documents: false, P45: false, P60: false, P11d: false, PensionLetter: false };

describe('navigation entries', () => {
  it("shows the employer console's item to an employer admin only, after the pay items", () => {
    const admins = composePages({ ...testRuntimeConfig, pages: PORTAL_PAGE_LISTS }, REMOTES, ['employer-admin']);
    expect(navItemsFor(none, admins.menu).map((item) => `${item.label} ${item.to}`)).toEqual(['Home /', 'Employer console /employer']);
    expect(isCurrentItem('/employer', '/employer/employees/emp-1', admins.menuPathOf)).toBe(true);
    expect(isCurrentItem('/employer', '/employer/audit', admins.menuPathOf)).toBe(true);
    expect(navItemsFor(none, menu).map((item) => item.label)).not.toContain('Employer console');
  });

  it('always has Home, even before the flags load', () => {
    expect(navItemsFor(null, menu).map((item) => item.label)).toEqual(['Home']);
    expect(navItemsFor(none, menu).map((item) => item.label)).toEqual(['Home']);
  });

  it('shows each document type only when its flag says it exists', () => {
    const labels = navItemsFor({ ...none, Payslip: true, P60: true, PensionLetter: true }, menu).map((item) => item.label);
    expect(labels).toEqual(['Home', 'P60s', 'Payslips', 'Tax year', 'Pension Letters']);
  });

  it('shows an item with no flag always, and orders the items of every remote by their order', () => {
    const extra = [...menu, { label: 'Pay rise', to: '/pay-rise', order: 55 }];
    expect(navItemsFor(none, extra).map((item) => item.label)).toEqual(['Home', 'Pay rise']);
    const pay = REMOTES.filter(({ key }) => key === 'pay');
    const pages = {
      pay: [
        { expose: './B', paths: { signedIn: ['/b'] }, menu: { label: 'B', order: 2 } },
        { expose: './A', paths: { signedIn: ['/a'] }, menu: { label: 'A', order: 1 } },
      ],
    };
    expect(composePages({ ...testRuntimeConfig, pages }, pay).menu.map((item) => item.label)).toEqual(['A', 'B']);
  });

  it('lists every entry in the spec order when all exist', () => {
    const all: DocumentTypeFlags = { Payslip: true, Documents: true, P45: true, P60: true, P11d: true, PensionLetter: true };
    expect(navItemsFor(all, menu).map((item) => `${item.label} ${item.to}`)).toEqual([
      'Home /',
      'Documents /documents',
      'P60s /P60',
      'P11Ds /P11d',
      'P45s /P45',
      'Payslips /payslips',
      'Tax year /tax-year',
      'Pension Letters /pension-letters',
    ]);
  });

  it("says 'Add company' with one employment and 'Change company' with more", () => {
    expect(companyLink(1)).toEqual({ label: 'Add company', to: '/setup' });
    expect(companyLink(0).label).toBe('Add company');
    expect(companyLink(2)).toEqual({ label: 'Change company', to: '/select-company' });
  });
});

describe('the current menu item', () => {
  const itemsAt = (pathname: string) =>
    ['/', '/payslips', '/documents', '/settings', '/select-company', '/setup', '/support'].filter((to) => isCurrentItem(to, pathname, menuPathOf));

  it("is the screen's own item, and Home on / and /home only", () => {
    expect(itemsAt('/')).toEqual(['/']);
    expect(itemsAt('/home')).toEqual(['/']);
    expect(itemsAt('/documents')).toEqual(['/documents']);
    expect(itemsAt('/payslips/42')).toEqual(['/payslips']);
  });

  it('is Settings on /profile and Help (Support) on the support pages', () => {
    expect(itemsAt('/profile')).toEqual(['/settings']);
    expect(itemsAt('/settings/notifications')).toEqual(['/settings']);
    expect(itemsAt('/support')).toEqual(['/support']);
    expect(itemsAt('/FAQs')).toEqual(['/support']);
    expect(itemsAt('/contact-details')).toEqual(['/support']);
  });
});
