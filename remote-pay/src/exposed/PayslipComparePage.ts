// Exposed to the host as 'remote_pay/PayslipComparePage'.
export { default } from '../payslip-compare/PayslipComparePage';
