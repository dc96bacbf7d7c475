// The employment's pay documents as one cached query: every screen that reads them (the four
// document lists, the tax-year check) shares one answer.
import type { UseQueryResult } from '@portal/shared/query';
import { fetchPayDocuments } from '@portal/shared/api/pay-documents';
import type { PayDocument } from '@portal/shared/api/types';
import { useEmploymentQuery } from '@portal/shared/react/portal-query';

export function usePayDocumentsQuery(): UseQueryResult<PayDocument[]> {
  return useEmploymentQuery({ key: ['documents'], fetch: fetchPayDocuments, errorMessage: 'Loading the pay documents failed.' });
}
