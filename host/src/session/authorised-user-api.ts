// The host's own calls: the authenticated user and the document-type flags for the nav.
import { apiGet, employmentApiPath } from '@portal/shared/api/client';
import type { EmploymentScope } from '@portal/shared/api/client';
import type { AuthorisedUser, DocumentTypeFlags } from '@portal/shared/api/types';

export async function fetchAuthorisedUser(signal?: AbortSignal): Promise<AuthorisedUser> {
  const envelope = await apiGet<AuthorisedUser[]>('/api/users/authorised', { signal });
  const [user] = envelope.data ?? [];
  if (!user) throw new Error('The server returned no user.');
  return user;
}

export async function fetchDocumentTypes(scope: EmploymentScope, signal?: AbortSignal): Promise<DocumentTypeFlags | null> {
  const envelope = await apiGet<DocumentTypeFlags[]>(employmentApiPath(scope, 'document_types'), { signal });
  return envelope.data?.[0] ?? null;
}
