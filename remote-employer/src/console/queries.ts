// The console's server data, through the portal's one QueryClient. Keys start with the signed-in user
// (as every portal query's), then the employer, so another user or employer never sees these answers.
import { useQuery, useQueryClient } from '@portal/shared/query';
import { useUserId } from '@portal/shared/contract';
import type { EmployeeListQuery } from '@portal/shared/api/employer-console';
import { fetchAdmins, fetchQuestions, fetchAuditPage, fetchConsoleAccess, fetchEmployeeHistory, fetchEmployees, fetchKeys, fetchRecordMessages } from './api';

/** ['portal', userId, 'employer-console', ...parts] */
function useConsoleKey() {
  const userId = useUserId();
  return (...parts: (string | number)[]) => ['portal', userId, 'employer-console', ...parts] as const;
}

export function useConsoleAccess() {
  const key = useConsoleKey();
  return useQuery({
    queryKey: key('access'),
    queryFn: ({ signal }) => fetchConsoleAccess(signal),
    meta: { errorMessage: 'The employer console could not be loaded' },
  });
}

export function useEmployees(employerId: string, query: EmployeeListQuery) {
  const key = useConsoleKey();
  const { q = '', state = '', sort = 'name', order = 'asc', page = 1, pageSize = 50 } = query;
  return useQuery({
    queryKey: key(employerId, 'employees', q, state, sort, order, page, pageSize),
    queryFn: ({ signal }) => fetchEmployees(employerId, query, signal),
    // The table keeps the last answer on screen while the next search or page loads.
    placeholderData: (previous) => previous,
    meta: { errorMessage: 'The employees could not be loaded' },
  });
}

export function useEmployeeHistory(employerId: string, employmentId: string) {
  const key = useConsoleKey();
  return useQuery({
    queryKey: key(employerId, 'history', employmentId),
    queryFn: ({ signal }) => fetchEmployeeHistory(employerId, employmentId, signal),
    meta: { errorMessage: 'The record could not be loaded' },
  });
}

export function useAuditFirstPage(employerId: string) {
  const key = useConsoleKey();
  return useQuery({
    queryKey: key(employerId, 'audit', ''),
    queryFn: ({ signal }) => fetchAuditPage(employerId, null, signal),
    meta: { errorMessage: 'The audit log could not be loaded' },
  });
}

/** Fetches the audit page before `cursor` (the previous page's `next`), through the cache. */
export function useAuditPageLoader(employerId: string) {
  const key = useConsoleKey();
  const client = useQueryClient();
  return (cursor: string) =>
    client.fetchQuery({ queryKey: key(employerId, 'audit', cursor), queryFn: ({ signal }) => fetchAuditPage(employerId, cursor, signal) });
}

export function useAdmins(employerId: string) {
  const key = useConsoleKey();
  return useQuery({
    queryKey: key(employerId, 'admins'),
    queryFn: ({ signal }) => fetchAdmins(employerId, signal),
    meta: { errorMessage: 'The admins could not be loaded' },
  });
}

export function useRecordMessages(employerId: string, employmentId: string) {
  const key = useConsoleKey();
  return useQuery({
    queryKey: key(employerId, 'messages', employmentId),
    queryFn: ({ signal }) => fetchRecordMessages(employerId, employmentId, signal),
    meta: { errorMessage: 'The messages could not be loaded' },
  });
}

export function useKeys(employerId: string) {
  const key = useConsoleKey();
  return useQuery({
    queryKey: key(employerId, 'keys'),
    queryFn: ({ signal }) => fetchKeys(employerId, signal),
    meta: { errorMessage: 'The API keys could not be loaded' },
  });
}

/** Marks an employer's answers stale (after a change), so what shows is asked for again. */
export function useRefreshEmployer() {
  const key = useConsoleKey();
  const client = useQueryClient();
  return (employerId: string, ...parts: string[]) => client.invalidateQueries({ queryKey: key(employerId, ...parts) });
}

export function useQuestions(employerId: string) {
  const key = useConsoleKey();
  return useQuery({
    queryKey: key(employerId, 'questions'),
    queryFn: ({ signal }) => fetchQuestions(employerId, signal),
    meta: { errorMessage: 'The questions could not be loaded' },
  });
}
