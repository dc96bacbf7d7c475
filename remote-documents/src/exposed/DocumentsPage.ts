// Exposed to the host as 'remote_documents/DocumentsPage'.
import { documentsTexts } from '../documents/messages';

export { default } from '../documents/DocumentsPage';

/** The page's texts in the page's language, before its first render (contract 1.8.0). */
export const loadMessages = () => documentsTexts.load();
