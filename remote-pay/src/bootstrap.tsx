// Standalone harness: this remote's pages on their own, for its team (`pnpm --filter remote-pay dev`).
import { startRemoteHarness } from '@portal/shared/react/remote-harness';
import HomePage from './home/HomePage';
import PayslipsPage from './payslips/PayslipsPage';
import PayslipDetailPage from './payslip-detail/PayslipDetailPage';
import PayslipComparePage from './payslip-compare/PayslipComparePage';
import TaxYearPage from './tax-year/TaxYearPage';

startRemoteHarness({
  title: 'remote-pay',
  pages: [
    { path: '/', label: 'HomePage', Component: HomePage },
    { path: '/payslips', label: 'PayslipsPage', Component: PayslipsPage },
    { path: '/payslips/compare', label: 'PayslipComparePage', Component: PayslipComparePage },
    { path: '/payslips/:id', label: 'PayslipDetailPage', Component: PayslipDetailPage },
    { path: '/tax-year', label: 'TaxYearPage', Component: TaxYearPage },
  ],
});
