import { createAppConfig } from '../tools/rspack/create-config.mjs';

// remote-onboarding: exposes one module per page; the host mounts them (see docs/architecture.md).
export default createAppConfig({
  appDir: import.meta.dirname,
  name: 'remote_onboarding',
  port: 3001,
  title: 'remote-onboarding (standalone)',
  exposes: {
    './SetupPage': './src/exposed/SetupPage.ts',
    './LinkEmployerPage': './src/exposed/LinkEmployerPage.ts',
    './ConfirmAccountPage': './src/exposed/ConfirmAccountPage.ts',
    './NotificationsPage': './src/exposed/NotificationsPage.ts',
    './SelectCompanyPage': './src/exposed/SelectCompanyPage.ts',
  },
  devProxy: { '/api': 'http://localhost:4000', '/app': 'http://localhost:4000', '/account': 'http://localhost:4000' },
});
