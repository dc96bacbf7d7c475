// The intranet documents shared with the employee by the chosen employment.
import type { IntranetDocument } from '@portal/shared/api/types';
import { useEmploymentQuery } from '@portal/shared/react/portal-query';
import type { UseQueryResult } from '@portal/shared/query';
import { fetchIntranetDocuments } from './api';

export function useIntranetDocuments(): UseQueryResult<IntranetDocument[]> {
  return useEmploymentQuery({ key: ['intranet'], fetch: fetchIntranetDocuments, errorMessage: 'Loading the shared documents failed.' });
}
