// Loads the document-type flags of the selected employment for the navigation.
import { useEffect } from 'react';
import { isCancelledRequest, signOutOnAuthError } from '@portal/shared/api/client';
import { useAccountStore } from '@portal/shared/stores/account';
import { useSessionStore } from '@portal/shared/stores/session';
import { fetchDocumentTypes } from './authorised-user-api';

export function useDocumentTypes() {
  const employmentId = useSessionStore((state) => state.employmentId);
  const userId = useSessionStore((state) => state.userId);
  useEffect(() => {
    const { setDocumentTypes } = useAccountStore.getState();
    setDocumentTypes(null);
    if (!employmentId) return undefined;
    const controller = new AbortController();
    fetchDocumentTypes(employmentId, controller.signal)
      .then(setDocumentTypes)
      .catch((error: unknown) => {
        if (isCancelledRequest(error) || signOutOnAuthError(error)) return;
        console.error('Loading the document types failed.', error);
      });
    return () => controller.abort();
  }, [employmentId, userId]);
}
