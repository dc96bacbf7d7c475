// Exposed to the host as 'remote_pay/PayslipDetailPage'.
import { loadPagePartsTexts } from '@portal/shared/react/page-parts-texts';
import { summaryTexts } from '../payslip-summary/messages';

export { default } from '../payslip-detail/PayslipDetailPage';

/** The texts it shows (its summary, the contract's view-in-browser link) in the page's language, before its first render (contract 1.8.0). */
export const loadMessages = () => Promise.all([summaryTexts.load(), loadPagePartsTexts()]);
