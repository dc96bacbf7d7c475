// The document-type flags of the chosen employment, for the navigation: one cached answer for the
// sidebar and the drawer, asked again when the user or employment changes (a 401/403 signs out).
import type { DocumentTypeFlags } from '@portal/shared/api/types';
import { useEmploymentQuery } from '@portal/shared/react/portal-query';
import { fetchDocumentTypes } from './authorised-user-api';

export function useDocumentTypes(): DocumentTypeFlags | null {
  const { data } = useEmploymentQuery({ key: ['document-types'], fetch: fetchDocumentTypes, errorMessage: 'Loading the document types failed.' });
  return data ?? null;
}
