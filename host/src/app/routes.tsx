// The route table of each routing state (spec section 2). Kept as plain data so tests can mount
// exactly what the browser mounts, in a memory router.
import type { RouteObject } from '@portal/shared/router';
import { paths } from '@portal/shared/paths';
import { remotePage } from '../remotes/RemotePage';
import { ErrorPage } from '../pages/ErrorPage';
import { LoginTriggerPage } from '../pages/LoginTriggerPage';
import { RedirectHome } from '../pages/RedirectHome';
import type { RoutingState } from '../session/routing-state';
import { SignedInFrame } from './SignedInFrame';
import { hostPage } from './HostPage';

const onboarding = {
  setup: () => remotePage('remote_onboarding/SetupPage'),
  link: () => remotePage('remote_onboarding/LinkEmployerPage'),
  confirm: () => remotePage('remote_onboarding/ConfirmAccountPage'),
  notifications: () => remotePage('remote_onboarding/NotificationsPage'),
  picker: () => remotePage('remote_onboarding/SelectCompanyPage'),
};

const supportRoutes: RouteObject[] = [
  { path: paths.support.path, element: hostPage('SupportPage') },
  { path: paths.faqs.path, element: hostPage('FaqsPage') },
  { path: paths.contactDetails.path, element: hostPage('ContactDetailsPage') },
];

const signedOutRoutes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      { path: paths.landing.path, element: hostPage('LandingPage') },
      { path: paths.homeAlias.path, element: hostPage('LandingPage') },
      { path: paths.login.path, element: <LoginTriggerPage action="login" /> },
      { path: paths.signUp.path, element: <LoginTriggerPage action="register" /> },
      { path: '*', element: <RedirectHome /> },
    ],
  },
];

const signUpIncompleteRoutes: RouteObject[] = [
  {
    element: <SignedInFrame frame="SignUpFrame" />,
    errorElement: <ErrorPage />,
    children: [
      { path: paths.setup.path, element: onboarding.setup() },
      { path: paths.setupLink.path, element: onboarding.link() },
      { path: paths.setupConfirm.path, element: onboarding.confirm() },
      { path: paths.setupNotifications.path, element: onboarding.notifications() },
      { path: paths.setupSelectCompany.path, element: onboarding.picker() },
      ...supportRoutes,
      // Any other path shows the account picker.
      { path: '*', element: onboarding.picker() },
    ],
  },
];

const signedInRoutes: RouteObject[] = [
  {
    element: <SignedInFrame frame="ShellFrame" />,
    errorElement: <ErrorPage />,
    children: [
      { path: paths.home.path, element: remotePage('remote_pay/HomePage') },
      { path: paths.documents.path, element: remotePage('remote_documents/DocumentsPage') },
      { path: paths.profile.path, element: remotePage('remote_profile/ProfilePage') },
      { path: paths.p60.path, element: remotePage('remote_documents/PayDocumentsPage') },
      { path: paths.p11d.path, element: remotePage('remote_documents/PayDocumentsPage') },
      { path: paths.p45.path, element: remotePage('remote_documents/PayDocumentsPage') },
      { path: paths.pensionLetters.path, element: remotePage('remote_documents/PayDocumentsPage') },
      { path: paths.payslips.path, element: remotePage('remote_pay/PayslipsPage') },
      { path: paths.payslipCompare.path, element: remotePage('remote_pay/PayslipComparePage') },
      { path: paths.payslipDetail.path, element: remotePage('remote_pay/PayslipDetailPage') },
      { path: paths.taxYear.path, element: remotePage('remote_pay/TaxYearPage') },
      { path: paths.settings.path, element: remotePage('remote_profile/SettingsPage') },
      { path: paths.setup.path, element: onboarding.setup() },
      { path: paths.setupLink.path, element: onboarding.link() },
      { path: paths.setupConfirm.path, element: onboarding.confirm() },
      ...supportRoutes,
      { path: paths.selectCompany.path, element: onboarding.picker() },
      // Any other path redirects to /, keeping the token parameter.
      { path: '*', element: <RedirectHome /> },
    ],
  },
];

export function routesFor(state: Exclude<RoutingState, 'fetching'>): RouteObject[] {
  if (state === 'signedOut') return signedOutRoutes;
  if (state === 'signUpIncomplete') return signUpIncompleteRoutes;
  return signedInRoutes;
}
