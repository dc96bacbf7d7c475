// The documents search: a case-insensitive "filename contains search" (spec, Documents).
import type { IntranetDocument } from '@portal/shared/api/types';

export function filterByFilename<T extends Pick<IntranetDocument, 'filename'>>(documents: readonly T[], search: string): T[] {
  const wanted = search.trim().toLocaleLowerCase('en-GB');
  if (!wanted) return [...documents];
  return documents.filter((document) => document.filename.toLocaleLowerCase('en-GB').includes(wanted));
}
