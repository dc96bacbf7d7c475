// The payslips of the chosen employment: one cached list that Home, the payslips list and the
// payslip detail share, so moving between them asks for it once. The request is cancelled when
// the user or employment changes or the page closes; cancellations are dropped silently.
import type { Payslip } from '@portal/shared/api/types';
import { useEmploymentQuery } from '@portal/shared/react/portal-query';
import type { UseQueryResult } from '@portal/shared/query';
import { fetchPayslips } from './api';

export function usePayslips(): UseQueryResult<Payslip[]> {
  return useEmploymentQuery({ key: ['payslips'], fetch: fetchPayslips, errorMessage: 'Loading the payslips failed.' });
}
