// Exposed to the host as 'remote_pay/TaxYearPage'.
import { payTexts } from '../lib/messages';
import { taxYearTexts } from '../tax-year/messages';

export { default } from '../tax-year/TaxYearPage';

/** The page's texts in the page's language, before its first render (contract 1.8.0). */
export const loadMessages = () => Promise.all([payTexts.load(), taxYearTexts.load()]);
