import { createAppConfig } from '../tools/rspack/create-config.mjs';

// remote-pay: exposes one module per page; the host mounts them (docs/architecture.md "Federation"); its
// federation name and port are its row of shared/src/remotes.json.
export default createAppConfig({
  appDir: import.meta.dirname,
  title: 'remote-pay (standalone)',
  exposes: {
    './HomePage': './src/exposed/HomePage.ts',
    './PayslipsPage': './src/exposed/PayslipsPage.ts',
    './PayslipDetailPage': './src/exposed/PayslipDetailPage.ts',
    './PayslipComparePage': './src/exposed/PayslipComparePage.ts',
    './TaxYearPage': './src/exposed/TaxYearPage.ts',
  },
});
