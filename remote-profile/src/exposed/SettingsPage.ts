// Exposed to the host as 'remote_profile/SettingsPage'.
import { loadFormPartsTexts } from '@portal/shared/ui/form-parts-texts';
import { languageTexts } from '../settings/language/messages';

export { default } from '../settings/SettingsPage';

/** The page's texts in the page's language, before its first render (contract 1.8.0). */
export const loadMessages = () => Promise.all([languageTexts.load(), loadFormPartsTexts()]);
