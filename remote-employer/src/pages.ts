// The pages this remote serves: the host routes to them and shows the menu item from this list, which
// the build publishes as pages.json (docs/architecture.md "Pages and routes"). Each `expose` is a
// module of src/exposed/. The console is for employer admins only (`role`), in both signed-in
// states, since an admin may be no employee anywhere; accepting an admin invitation is open to any
// signed-in user (the invited one is not an admin yet).
import { definePages } from '@portal/shared/pages';
import { consolePaths } from './console/paths';

const bothStates = (path: string) => ({ signedIn: [path], signUpIncomplete: [path] });

export default definePages([
  {
    expose: './EmployeesPage',
    paths: bothStates(consolePaths.employees),
    menu: { label: 'Employer console', labelCy: 'Consol y cyflogwr', order: 90 },
    role: 'employer-admin',
  },
  { expose: './EmployeeRecordPage', paths: bothStates(consolePaths.record), menuPath: consolePaths.employees, role: 'employer-admin' },
  { expose: './AuditLogPage', paths: bothStates(consolePaths.audit), menuPath: consolePaths.employees, role: 'employer-admin' },
  { expose: './AdminsPage', paths: bothStates(consolePaths.admins), menuPath: consolePaths.employees, role: 'employer-admin' },
  { expose: './KeysPage', paths: bothStates(consolePaths.keys), menuPath: consolePaths.employees, role: 'employer-admin' },
  { expose: './PublishPage', paths: bothStates(consolePaths.publish), menuPath: consolePaths.employees, role: 'employer-admin' },
  { expose: './QuestionsPage', paths: bothStates(consolePaths.questions), menuPath: consolePaths.employees, role: 'employer-admin' },
  { expose: './UpdatesPage', paths: bothStates(consolePaths.updates), menuPath: consolePaths.employees, role: 'employer-admin' },
  { expose: './AcceptInvitationPage', paths: bothStates(consolePaths.accept) },
]);
