// The pages this remote serves: the host routes to them from this list, which the build publishes
// as pages.json (docs/architecture.md "Pages and routes"). Each `expose` is a module of src/exposed/.
// Settings is reached from the shell's own link, not the main menu; Profile from Settings.
import { paths } from '@portal/shared/paths';
import { definePages } from '@portal/shared/pages';

export default definePages([
  { expose: './SettingsPage', paths: { signedIn: [paths.settings.path] } },
  { expose: './ProfilePage', paths: { signedIn: [paths.profile.path] }, menuPath: paths.settings.path },
]);
