// The payslips of the chosen employment: one cached list that Home, the payslips list and the
// payslip detail share, so moving between them asks for it once. The request is cancelled when
// the user or employment changes or the page closes; cancellations are dropped silently.
import type { Payslip } from '@portal/shared/api/types';
import { useEmploymentQuery } from '@portal/shared/react/portal-query';
import { payslipsQuery } from '@portal/shared/react/pay-queries';
import type { UseQueryResult } from '@portal/shared/query';

export function usePayslips(): UseQueryResult<Payslip[]> {
  return useEmploymentQuery(payslipsQuery);
}
