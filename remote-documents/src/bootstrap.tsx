// Standalone harness: this remote's pages on their own, for its team (`pnpm --filter remote-documents dev`).
import { startRemoteHarness } from '@portal/shared/react/remote-harness';
import { paths, payDocumentRoutes } from '@portal/shared/paths';
import DocumentsPage from './documents/DocumentsPage';
import PayDocumentsPage from './pay-documents/PayDocumentsPage';

startRemoteHarness({
  title: 'remote-documents',
  pages: [
    { path: paths.documents.path, label: 'Documents', Component: DocumentsPage },
    // One list screen on four paths: the path decides which fileType it lists.
    ...payDocumentRoutes.map((route) => ({ path: route.path, label: route.navLabel, Component: PayDocumentsPage })),
  ],
});
