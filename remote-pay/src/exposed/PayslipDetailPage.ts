// Exposed to the host as 'remote_pay/PayslipDetailPage'.
import { loadPagePartsTexts } from '@portal/shared/react/page-parts-texts';

export { default } from '../payslip-detail/PayslipDetailPage';

/** The contract parts' texts it shows (view in browser) in the page's language, before its first render (contract 1.8.0). */
export const loadMessages = loadPagePartsTexts;
