import { findPayDocumentRoute, matchesFileType, paths, payDocumentRoutes } from './paths';

describe('paths', () => {
  it('lists every route of spec section 2', () => {
    expect(Object.fromEntries(Object.entries(paths).map(([key, entry]) => [key, entry.path]))).toEqual({
      landing: '/',
      home: '/',
      homeAlias: '/home',
      login: '/login',
      signUp: '/sign-up',
      setup: '/setup',
      setupLink: '/setup/link',
      setupConfirm: '/setup/confirm-account',
      setupNotifications: '/setup/notifications',
      setupSelectCompany: '/setup/select-company',
      selectCompany: '/select-company',
      support: '/support',
      faqs: '/FAQs',
      contactDetails: '/contact-details',
      documents: '/documents',
      profile: '/profile',
      p60: '/P60',
      p11d: '/P11d',
      p45: '/P45',
      pensionLetters: '/pension-letters',
      payslips: '/payslips',
      payslipCompare: '/payslips/compare',
      payslipForecast: '/payslips/forecast',
      payslipDetail: '/payslips/:id',
      settings: '/settings',
      accessibility: '/accessibility',
      privacy: '/privacy',
      settingsNotifications: '/settings/notifications',
      taxYear: '/tax-year',
    });
  });

  it('gives static hrefs equal to their path', () => {
    expect(paths.home.getHref()).toBe('/');
    expect(paths.faqs.getHref()).toBe('/FAQs');
    expect(paths.contactDetails.getHref()).toBe('/contact-details');
  });

  it('builds the compare href with the two payslips chosen', () => {
    expect(paths.payslipCompare.getHref()).toBe('/payslips/compare');
    expect(paths.payslipCompare.getHref('p 1', 'p&2')).toBe('/payslips/compare?first=p+1&second=p%262');
  });

  it('builds and encodes the payslip detail href', () => {
    expect(paths.payslipDetail.getHref('42')).toBe('/payslips/42');
    expect(paths.payslipDetail.getHref('a/b c')).toBe('/payslips/a%2Fb%20c');
  });
});

describe('payDocumentRoutes', () => {
  it('maps each list route to its fileType, nav label and flag', () => {
    expect(payDocumentRoutes.map(({ path, fileType, navLabel, flag }) => ({ path, fileType, navLabel, flag }))).toEqual([
      { path: '/P60', fileType: 'P60', navLabel: 'P60s', flag: 'P60' },
      { path: '/P11d', fileType: 'P11D', navLabel: 'P11Ds', flag: 'P11d' },
      { path: '/P45', fileType: 'P45', navLabel: 'P45s', flag: 'P45' },
      { path: '/pension-letters', fileType: 'Pension Letter', navLabel: 'Pension Letters', flag: 'PensionLetter' },
    ]);
    expect(payDocumentRoutes[0]?.getHref()).toBe('/P60');
  });

  it('finds a route by pathname, case-insensitively and ignoring a trailing slash', () => {
    expect(findPayDocumentRoute('/P11d')?.fileType).toBe('P11D');
    expect(findPayDocumentRoute('/p11D/')?.fileType).toBe('P11D');
    expect(findPayDocumentRoute('/pension-letters')?.fileType).toBe('Pension Letter');
    expect(findPayDocumentRoute('/payslips')).toBeUndefined();
    expect(findPayDocumentRoute('/')).toBeUndefined();
  });

  it('matches file types case-insensitively', () => {
    expect(matchesFileType('P11D', 'P11d')).toBe(true);
    expect(matchesFileType('pension letter', 'Pension Letter')).toBe(true);
    expect(matchesFileType('P45', 'P60')).toBe(false);
  });
});
