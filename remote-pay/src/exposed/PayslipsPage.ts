// Exposed to the host as 'remote_pay/PayslipsPage'.
export { default } from '../payslips/PayslipsPage';
