// The pay documents of the chosen employment whose fileType matches the list being shown. The four
// lists share one cached answer of the employment's documents.
import { useMemo } from 'react';
import type { PayDocument, PayDocumentType } from '@portal/shared/api/types';
import { matchesFileType } from '@portal/shared/paths';
import { usePayDocumentsQuery } from '@portal/shared/react/use-pay-documents-query';

export function usePayDocuments(fileType: PayDocumentType) {
  const query = usePayDocumentsQuery();
  const { data } = query;
  const documents = useMemo<PayDocument[] | undefined>(() => data?.filter((document) => matchesFileType(document.fileType, fileType)), [data, fileType]);
  return { query, documents };
}
