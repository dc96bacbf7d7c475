// Exposed to the host as 'remote_profile/SettingsPage'.
import { errorTexts } from '@portal/shared/api/user-message';
import { loadFormPartsTexts } from '@portal/shared/ui/form-parts-texts';
import { languageTexts } from '../settings/language/messages';
import { settingsTexts } from '../settings/messages';

export { default } from '../settings/SettingsPage';

/** The page's texts, its form parts' and its errors' words in the page's language, before its first render (contract 1.8.0). */
export const loadMessages = () => Promise.all([settingsTexts.load(), languageTexts.load(), loadFormPartsTexts(), errorTexts.load()]);
