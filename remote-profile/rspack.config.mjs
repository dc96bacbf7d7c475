import { createAppConfig } from '../tools/rspack/create-config.mjs';

// remote-profile: exposes one module per page; the host mounts them (docs/architecture.md "Federation"); its
// federation name and port are its row of shared/src/remotes.json.
export default createAppConfig({
  appDir: import.meta.dirname,
  title: 'remote-profile (standalone)',
  exposes: {
    './SettingsPage': './src/exposed/SettingsPage.ts',
    './ProfilePage': './src/exposed/ProfilePage.ts',
  },
});
