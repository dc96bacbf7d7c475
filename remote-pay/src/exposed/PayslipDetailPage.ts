// Exposed to the host as 'remote_pay/PayslipDetailPage'.
export { default } from '../payslip-detail/PayslipDetailPage';
