// The pages this remote serves: the host routes to them and shows their menu items from this list,
// which the build publishes as pages.json (docs/architecture.md "Pages and routes"). Each `expose`
// is a module of src/exposed/.
import { paths, payDocumentRoutes } from '@portal/shared/paths';
import { definePages, type RemotePageDeclaration } from '@portal/shared/pages';

/** The menu's places of the pay document lists: P60s, P11Ds and P45s before Payslips, Pension Letters after Tax year. */
const PAY_DOCUMENT_ORDER = { p60: 20, p11d: 30, p45: 40, pensionLetters: 70 } as const;

/** One list screen serves the four pay document routes, each with its own menu item. */
const payDocumentPages: RemotePageDeclaration[] = payDocumentRoutes.map((route) => ({
  expose: './PayDocumentsPage',
  paths: { signedIn: [route.path] },
  menu: { label: route.navLabel, labelCy: route.navLabelCy, order: PAY_DOCUMENT_ORDER[route.key], flag: route.flag },
}));

export default definePages([
  { expose: './DocumentsPage', paths: { signedIn: [paths.documents.path] }, menu: { label: 'Documents', labelCy: 'Dogfennau', order: 10, flag: 'Documents' } },
  ...payDocumentPages,
]);
