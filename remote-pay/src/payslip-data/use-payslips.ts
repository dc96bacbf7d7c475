// The payslips of the selected employment. The request is aborted when the user or employment
// changes or the page closes; cancelled requests are dropped silently (useApiRequest).
import type { Payslip } from '@portal/shared/api/types';
import { useApiRequest } from '@portal/shared/react/use-api-request';
import { useEmploymentId, useUserId } from '@portal/shared/contract';
import { fetchPayslips } from './api';

export type UsePayslipsResult = {
  /** The list, or undefined until it has loaded (or when it failed). */
  payslips: Payslip[] | undefined;
  error: unknown;
  isLoading: boolean;
  /** The employment the list belongs to (null when none is chosen). */
  employmentId: string | null;
  reload: () => void;
};

function logFailure(error: unknown) {
  console.error('Loading the payslips failed.', error);
}

export function usePayslips(): UsePayslipsResult {
  const userId = useUserId();
  const employmentId = useEmploymentId();
  const { data, error, isLoading, reload } = useApiRequest(
    (signal) => fetchPayslips(employmentId ?? '', signal),
    [userId, employmentId],
    { enabled: Boolean(employmentId), onError: logFailure },
  );
  return { payslips: data, error, isLoading, employmentId, reload };
}
