// Exposed to the host as 'remote_documents/DocumentsPage'.
export { default } from '../documents/DocumentsPage';
