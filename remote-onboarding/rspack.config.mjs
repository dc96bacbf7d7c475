import { createAppConfig } from '../tools/rspack/create-config.mjs';

// remote-onboarding: exposes one module per page; the host mounts them (docs/architecture.md "Federation"); its
// federation name and port are its row of shared/src/remotes.json.
export default createAppConfig({
  appDir: import.meta.dirname,
  title: 'remote-onboarding (standalone)',
  exposes: {
    './SetupPage': './src/exposed/SetupPage.ts',
    './LinkEmployerPage': './src/exposed/LinkEmployerPage.ts',
    './ConfirmAccountPage': './src/exposed/ConfirmAccountPage.ts',
    './NotificationsPage': './src/exposed/NotificationsPage.ts',
    './SelectCompanyPage': './src/exposed/SelectCompanyPage.ts',
  },
});
