// Standalone harness: this remote's pages on their own, for its team (`pnpm --filter remote-onboarding dev`).
import { startRemoteHarness } from '@portal/shared/react/remote-harness';
import SetupPage from './setup/SetupPage';
import LinkEmployerPage from './link-employer/LinkEmployerPage';
import ConfirmAccountPage from './confirm-account/ConfirmAccountPage';
import NotificationsPage from './notifications/NotificationsPage';
import SelectCompanyPage from './select-company/SelectCompanyPage';

startRemoteHarness({
  title: 'remote-onboarding',
  pages: [
    { path: '/setup', label: 'SetupPage', Component: SetupPage },
    { path: '/setup/link', label: 'LinkEmployerPage', Component: LinkEmployerPage },
    { path: '/setup/confirm-account', label: 'ConfirmAccountPage', Component: ConfirmAccountPage },
    { path: '/setup/notifications', label: 'NotificationsPage', Component: NotificationsPage },
    { path: '/select-company', label: 'SelectCompanyPage', Component: SelectCompanyPage },
  ],
});
