import type { DocumentTypeFlags } from '@portal/shared/api/types';
import { companyLink, isCurrentItem, navItemsFor } from './nav-items';

const none: DocumentTypeFlags = { Payslip: false, Documents: false, P45: false, P60: false, P11d: false, PensionLetter: false };

describe('navigation entries', () => {
  it('always has Home, even before the flags load', () => {
    expect(navItemsFor(null).map((item) => item.label)).toEqual(['Home']);
    expect(navItemsFor(none).map((item) => item.label)).toEqual(['Home']);
  });

  it('shows each document type only when its flag says it exists', () => {
    const labels = navItemsFor({ ...none, Payslip: true, P60: true, PensionLetter: true }).map((item) => item.label);
    expect(labels).toEqual(['Home', 'P60s', 'Payslips', 'Tax year', 'Pension Letters']);
  });

  it('lists every entry in the spec order when all exist', () => {
    const all: DocumentTypeFlags = { Payslip: true, Documents: true, P45: true, P60: true, P11d: true, PensionLetter: true };
    expect(navItemsFor(all).map((item) => `${item.label} ${item.to}`)).toEqual([
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
    ['/', '/payslips', '/documents', '/settings', '/select-company', '/setup', '/support'].filter((to) => isCurrentItem(to, pathname));

  it("is the screen's own item, and Home on / and /home only", () => {
    expect(itemsAt('/')).toEqual(['/']);
    expect(itemsAt('/home')).toEqual(['/']);
    expect(itemsAt('/documents')).toEqual(['/documents']);
    expect(itemsAt('/payslips/42')).toEqual(['/payslips']);
  });

  it('is Settings on /profile and Help (Support) on the support pages', () => {
    expect(itemsAt('/profile')).toEqual(['/settings']);
    expect(itemsAt('/support')).toEqual(['/support']);
    expect(itemsAt('/FAQs')).toEqual(['/support']);
    expect(itemsAt('/contact-details')).toEqual(['/support']);
  });
});
