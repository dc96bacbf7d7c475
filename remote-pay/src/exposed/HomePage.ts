// Exposed to the host as 'remote_pay/HomePage'.
import { homeTexts } from '../home/messages';
import { summaryTexts } from '../payslip-summary/messages';

export { default } from '../home/HomePage';

/** The page's texts in the page's language, before its first render (contract 1.8.0). */
export const loadMessages = () => Promise.all([homeTexts.load(), summaryTexts.load()]);
