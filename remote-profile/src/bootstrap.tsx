// Standalone harness: this remote's pages on their own, for its team (`pnpm --filter remote-profile dev`).
import { startRemoteHarness } from '@portal/shared/react/remote-harness';
import SettingsPage from './settings/SettingsPage';
import ProfilePage from './profile/ProfilePage';

startRemoteHarness({
  title: 'remote-profile',
  pages: [
    { path: '/settings', label: 'SettingsPage', Component: SettingsPage },
    { path: '/profile', label: 'ProfilePage', Component: ProfilePage },
  ],
});
