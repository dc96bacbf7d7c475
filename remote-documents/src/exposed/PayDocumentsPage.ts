// Exposed to the host as 'remote_documents/PayDocumentsPage'.
import { loadPagePartsTexts } from '@portal/shared/react/page-parts-texts';
import { payDocumentsTexts } from '../pay-documents/messages';

export { default } from '../pay-documents/PayDocumentsPage';

/** The page's texts in the page's language, before its first render (contract 1.8.0). */
export const loadMessages = () => Promise.all([payDocumentsTexts.load(), loadPagePartsTexts()]);
