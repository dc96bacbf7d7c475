// One table of every route of spec section 2. Every link and route definition uses it.

type StaticPath<P extends string> = { readonly path: P; readonly getHref: () => P };

function staticPath<P extends string>(path: P): StaticPath<P> {
  return { path, getHref: () => path };
}

export const paths = {
  landing: staticPath('/'),
  home: staticPath('/'),
  homeAlias: staticPath('/home'),
  login: staticPath('/login'),
  signUp: staticPath('/sign-up'),
  setup: staticPath('/setup'),
  setupLink: staticPath('/setup/link'),
  setupConfirm: staticPath('/setup/confirm-account'),
  setupNotifications: staticPath('/setup/notifications'),
  setupSelectCompany: staticPath('/setup/select-company'),
  selectCompany: staticPath('/select-company'),
  support: staticPath('/support'),
  faqs: staticPath('/FAQs'),
  contactDetails: staticPath('/contact-details'),
  documents: staticPath('/documents'),
  profile: staticPath('/profile'),
  p60: staticPath('/P60'),
  p11d: staticPath('/P11d'),
  p45: staticPath('/P45'),
  pensionLetters: staticPath('/pension-letters'),
  payslips: staticPath('/payslips'),
  /** Beyond the spec: two payslips side by side, chosen on the page ('?first=&second='). */
  payslipCompare: {
    path: '/payslips/compare',
    getHref: (first?: string, second?: string) => {
      const query = new URLSearchParams();
      if (first) query.set('first', first);
      if (second) query.set('second', second);
      const text = query.toString();
      return text ? `/payslips/compare?${text}` : '/payslips/compare';
    },
  },
  /** Beyond the spec: an estimate of the next payslip. */
  payslipForecast: staticPath('/payslips/forecast'),
  payslipDetail: {
    path: '/payslips/:id',
    getHref: (id: string) => `/payslips/${encodeURIComponent(id)}`,
  },
  settings: staticPath('/settings'),
  /** Beyond the spec: the accessibility statement, signed in and out (the footer links to it). */
  accessibility: staticPath('/accessibility'),
  /** Beyond the spec: privacy and the cookies the portal sets, signed in and out (the footer links to it). */
  privacy: staticPath('/privacy'),
  /** Beyond the spec: the set-up step's notification preferences, kept within reach from Settings. */
  settingsNotifications: staticPath('/settings/notifications'),
  /** Beyond the spec: a tax year at a glance ('?year=2025-26'). */
  taxYear: staticPath('/tax-year'),
} as const;

export type PathKey = keyof typeof paths;

/** The document-type flag (see DocumentTypeFlags) that says whether a pay document list exists. */
export type PayDocumentFlag = 'P60' | 'P11d' | 'P45' | 'PensionLetter';
/** The fileType of a pay document on the wire. */
export type PayDocumentFileType = 'P60' | 'P11D' | 'P45' | 'Pension Letter';

export type PayDocumentRoute = {
  readonly key: 'p60' | 'p11d' | 'p45' | 'pensionLetters';
  readonly path: string;
  readonly getHref: () => string;
  /** Documents whose fileType matches this (case-insensitively) are listed on the route. */
  readonly fileType: PayDocumentFileType;
  /** Side navigation label, and in Welsh. */
  readonly navLabel: string;
  readonly navLabelCy: string;
  /** Document-type flag name that shows the navigation entry. */
  readonly flag: PayDocumentFlag;
};

/** The four pay-information list routes that share one list screen. */
export const payDocumentRoutes: readonly PayDocumentRoute[] = [
  { key: 'p60', ...paths.p60, fileType: 'P60', navLabel: 'P60s', navLabelCy: 'Ffurflenni P60', flag: 'P60' },
  { key: 'p11d', ...paths.p11d, fileType: 'P11D', navLabel: 'P11Ds', navLabelCy: 'Ffurflenni P11D', flag: 'P11d' },
  { key: 'p45', ...paths.p45, fileType: 'P45', navLabel: 'P45s', navLabelCy: 'Ffurflenni P45', flag: 'P45' },
  {
    key: 'pensionLetters',
    ...paths.pensionLetters,
    fileType: 'Pension Letter',
    navLabel: 'Pension Letters',
    navLabelCy: 'Llythyrau pensiwn',
    flag: 'PensionLetter',
  },
];

/** The pay document route for a pathname (case-insensitive), or undefined. */
export function findPayDocumentRoute(pathname: string): PayDocumentRoute | undefined {
  const wanted = pathname.replace(/\/+$/, '').toLowerCase();
  return payDocumentRoutes.find((route) => route.path.toLowerCase() === wanted);
}

/** Whether a pay document's fileType matches a route's fileType (case-insensitive, as the contract says). */
export function matchesFileType(documentFileType: string, routeFileType: string): boolean {
  return documentFileType.trim().toLowerCase() === routeFileType.trim().toLowerCase();
}
