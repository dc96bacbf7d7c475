// Exposed to the host as 'remote_documents/PayDocumentsPage'.
export { default } from '../pay-documents/PayDocumentsPage';
