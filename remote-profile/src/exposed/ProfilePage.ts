// Exposed to the host as 'remote_profile/ProfilePage'.
import { loadFormPartsTexts } from '@portal/shared/ui/form-parts-texts';
import { profileTexts } from '../profile/messages';

export { default } from '../profile/ProfilePage';

/** The page's texts and its form parts' in the page's language, before its first render (contract 1.8.0). */
export const loadMessages = () => Promise.all([profileTexts.load(), loadFormPartsTexts()]);
