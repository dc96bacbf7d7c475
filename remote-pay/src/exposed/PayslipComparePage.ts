// Exposed to the host as 'remote_pay/PayslipComparePage'.
import { loadPayInsightsTexts } from '@portal/shared/pay-insights/page-words';
import { payTexts } from '../lib/messages';
import { compareTexts } from '../payslip-compare/messages';
import { summaryTexts } from '../payslip-summary/messages';
import { whatChangedTexts } from '../what-changed/messages';

export { default } from '../payslip-compare/PayslipComparePage';

/** The page's texts in the page's language, before its first render (contract 1.8.0). */
export const loadMessages = () => Promise.all([compareTexts.load(), payTexts.load(), summaryTexts.load(), whatChangedTexts.load(), loadPayInsightsTexts()]);
