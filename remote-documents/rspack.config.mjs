import { createAppConfig } from '../tools/rspack/create-config.mjs';

// remote-documents: exposes one module per page; the host mounts them (see docs/architecture.md).
export default createAppConfig({
  appDir: import.meta.dirname,
  name: 'remote_documents',
  port: 3003,
  title: 'remote-documents (standalone)',
  exposes: {
    './DocumentsPage': './src/exposed/DocumentsPage.ts',
    './PayDocumentsPage': './src/exposed/PayDocumentsPage.ts',
  },
  devProxy: { '/api': 'http://localhost:4000', '/app': 'http://localhost:4000', '/account': 'http://localhost:4000' },
});
