// The intranet documents shared with the employee by the selected employment.
import { useApiRequest } from '@portal/shared/react/use-api-request';
import { useEmploymentId, useUserId } from '@portal/shared/contract';
import { fetchIntranetDocuments } from './api';

export function useIntranetDocuments() {
  const employmentId = useEmploymentId();
  const userId = useUserId();
  const request = useApiRequest((signal) => fetchIntranetDocuments(employmentId ?? '', signal), [employmentId, userId], {
    enabled: employmentId !== null,
    onError: (error) => console.error('Loading the shared documents failed.', error),
  });
  return { ...request, employmentId };
}
