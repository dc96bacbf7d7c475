import { createAppConfig } from '../tools/rspack/create-config.mjs';

// remote-profile: exposes one module per page; the host mounts them (see docs/architecture.md).
export default createAppConfig({
  appDir: import.meta.dirname,
  name: 'remote_profile',
  port: 3004,
  title: 'remote-profile (standalone)',
  exposes: {
    './SettingsPage': './src/exposed/SettingsPage.ts',
    './ProfilePage': './src/exposed/ProfilePage.ts',
  },
  devProxy: { '/api': 'http://localhost:4000', '/app': 'http://localhost:4000', '/account': 'http://localhost:4000' },
});
