import { createAppConfig } from '../tools/rspack/create-config.mjs';

// remote-documents: exposes one module per page; the host mounts them (docs/architecture.md "Federation"); its
// federation name and port are its row of shared/src/remotes.json.
export default createAppConfig({
  appDir: import.meta.dirname,
  title: 'remote-documents (standalone)',
  exposes: {
    './DocumentsPage': './src/exposed/DocumentsPage.ts',
    './PayDocumentsPage': './src/exposed/PayDocumentsPage.ts',
  },
});
