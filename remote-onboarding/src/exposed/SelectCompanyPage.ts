// Exposed to the host as 'remote_onboarding/SelectCompanyPage'.
import { policyTexts } from '../privacy-policy/messages';
import { pickerTexts } from '../select-company/messages';

export { default } from '../select-company/SelectCompanyPage';

/** The page's texts (with the privacy-policy panel's) in the page's language, before its first render (contract 1.8.0). */
export const loadMessages = () => Promise.all([pickerTexts.load(), policyTexts.load()]);
