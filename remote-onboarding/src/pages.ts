// The pages this remote serves: the host routes to them from this list, which the build publishes
// as pages.json (docs/architecture.md "Pages and routes"). Each `expose` is a module of src/exposed/.
// Linking serves both states: a signed-up user adds an employer through the same steps.
import { paths } from '@portal/shared/paths';
import { definePages } from '@portal/shared/pages';

const bothStates = (path: string) => ({ signedIn: [path], signUpIncomplete: [path] });

export default definePages([
  { expose: './SetupPage', paths: bothStates(paths.setup.path) },
  { expose: './LinkEmployerPage', paths: bothStates(paths.setupLink.path) },
  { expose: './ConfirmAccountPage', paths: bothStates(paths.setupConfirm.path) },
  // Signed up, the same preferences stay reachable from Settings.
  {
    expose: './NotificationsPage',
    paths: { signUpIncomplete: [paths.setupNotifications.path], signedIn: [paths.settingsNotifications.path] },
    menuPath: paths.settings.path,
  },
  // Before sign-up is complete, any other path shows the account picker (spec section 2).
  { expose: './SelectCompanyPage', paths: { signUpIncomplete: [paths.setupSelectCompany.path, '*'], signedIn: [paths.selectCompany.path] } },
]);
