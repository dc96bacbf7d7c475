// The pay documents of the selected employment whose fileType matches the list being shown.
import { useMemo } from 'react';
import type { PayDocument, PayDocumentType } from '@portal/shared/api/types';
import { matchesFileType } from '@portal/shared/paths';
import { useApiRequest } from '@portal/shared/react/use-api-request';
import { useEmploymentId, useUserId } from '@portal/shared/contract';
import { fetchPayDocuments } from './api';

export function usePayDocuments(fileType: PayDocumentType) {
  const employmentId = useEmploymentId();
  const userId = useUserId();
  const request = useApiRequest((signal) => fetchPayDocuments(employmentId ?? '', signal), [employmentId, userId], {
    enabled: employmentId !== null,
    onError: (error) => console.error('Loading the pay documents failed.', error),
  });
  const documents = useMemo<PayDocument[] | undefined>(
    () => request.data?.filter((document) => matchesFileType(document.fileType, fileType)),
    [request.data, fileType],
  );
  return { ...request, documents, employmentId };
}
