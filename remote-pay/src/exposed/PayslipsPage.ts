// Exposed to the host as 'remote_pay/PayslipsPage'.
import { loadPagePartsTexts } from '@portal/shared/react/page-parts-texts';
import { proofOfIncomeTexts } from '../proof-of-income/messages';
import { payTexts } from '../lib/messages';
import { payslipsTexts } from '../payslips/messages';

export { default } from '../payslips/PayslipsPage';

/** The page's texts in the page's language, before its first render (contract 1.8.0). */
export const loadMessages = () => Promise.all([payTexts.load(), payslipsTexts.load(), proofOfIncomeTexts.load(), loadPagePartsTexts()]);
