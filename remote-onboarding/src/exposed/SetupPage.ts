// Exposed to the host as 'remote_onboarding/SetupPage'.
import { setupTexts } from '../setup/messages';

export { default } from '../setup/SetupPage';

/** The page's texts in the page's language, before its first render (contract 1.8.0). */
export const loadMessages = () => setupTexts.load();
