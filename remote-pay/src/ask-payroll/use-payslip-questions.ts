// The questions asked about one payslip, with their answers: one cached list per user and payslip,
// added to when a question is sent.
import { useUserQuery, userQueryKey } from '@portal/shared/react/portal-query';
import type { PayrollQuestion } from '@portal/shared/api/payroll-questions';
import { useQueryClient } from '@portal/shared/query';
import { useRequestScope } from '@portal/shared/contract';
import { fetchPayslipQuestions } from './api';

const key = (payslipId: string) => ['payroll-questions', payslipId];

export function usePayslipQuestions(payslipId: string) {
  return useUserQuery({
    key: key(payslipId),
    fetch: (scope, signal) => fetchPayslipQuestions(scope, payslipId, signal),
    errorMessage: 'The questions about this payslip could not be loaded',
  });
}

/** Puts a question just asked at the end of its payslip's list, without asking the server again. */
export function useAddAskedQuestion() {
  const client = useQueryClient();
  const { userId } = useRequestScope();
  return (question: PayrollQuestion) =>
    client.setQueryData<PayrollQuestion[]>(userQueryKey({ userId }, ...key(question.payslipId)), (list) => [...(list ?? []), question]);
}
