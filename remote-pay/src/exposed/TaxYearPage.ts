// Exposed to the host as 'remote_pay/TaxYearPage'.
export { default } from '../tax-year/TaxYearPage';
