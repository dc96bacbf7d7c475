// Exposed to the host as 'remote_onboarding/LinkEmployerPage'.
import { errorTexts } from '@portal/shared/api/user-message';
import { loadFormPartsTexts } from '@portal/shared/ui/form-parts-texts';
import { linkTexts } from '../link-employer/messages';

export { default } from '../link-employer/LinkEmployerPage';

/** The page's texts, its form parts' and its code notices' in the page's language, before its first render (contract 1.8.0). */
export const loadMessages = () => Promise.all([linkTexts.load(), loadFormPartsTexts(), errorTexts.load()]);
