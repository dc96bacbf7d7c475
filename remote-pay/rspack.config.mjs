import { createAppConfig } from '../tools/rspack/create-config.mjs';

// remote-pay: exposes one module per page; the host mounts them (see docs/architecture.md).
export default createAppConfig({
  appDir: import.meta.dirname,
  name: 'remote_pay',
  port: 3002,
  title: 'remote-pay (standalone)',
  exposes: {
    './HomePage': './src/exposed/HomePage.ts',
    './PayslipsPage': './src/exposed/PayslipsPage.ts',
    './PayslipDetailPage': './src/exposed/PayslipDetailPage.ts',
  },
  devProxy: { '/api': 'http://localhost:4000', '/app': 'http://localhost:4000', '/account': 'http://localhost:4000' },
});
