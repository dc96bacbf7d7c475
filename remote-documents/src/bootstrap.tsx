// Standalone harness: this remote's pages on their own, for its team (`pnpm --filter remote-documents dev`).
import { startRemoteHarness } from '@portal/shared/react/remote-harness';
import DocumentsPage from './documents/DocumentsPage';
import PayDocumentsPage from './pay-documents/PayDocumentsPage';

startRemoteHarness({
  title: 'remote-documents',
  pages: [
    { path: '/documents', label: 'DocumentsPage', Component: DocumentsPage },
    { path: '/P60', label: 'PayDocumentsPage', Component: PayDocumentsPage },
  ],
});
