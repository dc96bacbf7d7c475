// The pages this remote serves: the host routes to them and shows their menu items from this list,
// which the build publishes as pages.json (docs/architecture.md "Pages and routes"). Each `expose`
// is a module of src/exposed/.
import { paths } from '@portal/shared/paths';
import { definePages } from '@portal/shared/pages';

export default definePages([
  // Home's Latest Payslip card and Recent Updates (its largest paint) start with the app.
  { expose: './HomePage', paths: { signedIn: [paths.home.path] }, menu: { label: 'Home', labelCy: 'Hafan', order: 0 }, firstScreen: ['payslips', 'updates'] },
  { expose: './PayslipsPage', paths: { signedIn: [paths.payslips.path] }, menu: { label: 'Payslips', labelCy: 'Slipiau cyflog', order: 50, flag: 'Payslip' } },
  { expose: './PayslipComparePage', paths: { signedIn: [paths.payslipCompare.path] } },
  { expose: './ForecastPage', paths: { signedIn: [paths.payslipForecast.path] }, menuPath: paths.taxYear.path },
  { expose: './PayslipDetailPage', paths: { signedIn: [paths.payslipDetail.path] } },
  // Beyond the spec: the tax year at a glance, wherever there are payslips.
  { expose: './TaxYearPage', paths: { signedIn: [paths.taxYear.path] }, menu: { label: 'Tax year', labelCy: 'Blwyddyn dreth', order: 60, flag: 'Payslip' } },
]);
