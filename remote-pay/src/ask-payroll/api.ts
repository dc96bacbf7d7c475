// Plain fetchers of the employee's questions about a payslip (/api/users/{userId}/payslips/{payslipId}/questions).
import { apiGet, apiPost, userApiPath } from '@portal/shared/api/client';
import type { UserScope } from '@portal/shared/api/client';
import type { PayrollQuestion, PayrollQuestionInput } from '@portal/shared/api/payroll-questions';

export async function fetchPayslipQuestions(scope: UserScope, payslipId: string, signal?: AbortSignal): Promise<PayrollQuestion[]> {
  return (await apiGet<PayrollQuestion[]>(userApiPath(scope.userId, 'payslips', payslipId, 'questions'), { signal })).data;
}

export async function askPayroll(scope: UserScope, payslipId: string, input: PayrollQuestionInput): Promise<PayrollQuestion> {
  return (await apiPost<PayrollQuestion>(userApiPath(scope.userId, 'payslips', payslipId, 'questions'), input)).data;
}
