// Exposed to the host as 'remote_onboarding/ConfirmAccountPage'.
import { errorTexts } from '@portal/shared/api/user-message';
import { loadFormPartsTexts } from '@portal/shared/ui/form-parts-texts';
import { confirmTexts } from '../confirm-account/messages';

export { default } from '../confirm-account/ConfirmAccountPage';

/** The page's texts, its form parts' and its failure notices' in the page's language, before its first render (contract 1.8.0). */
export const loadMessages = () => Promise.all([confirmTexts.load(), loadFormPartsTexts(), errorTexts.load()]);
