// The console's calls to the API (the employer console contract), through the portal's one API client.
// Plain fetchers: given what they ask for and a signal, they read no store.
import axios from 'axios';
import { apiGet, apiPost, getApiClient, getApiErrorMessage } from '@portal/shared/api/client';
import type {
  AcceptedAdminInvitation,
  AdminInvitationResult,
  AuditPage,
  CreatedKey,
  CreateKeyRequest,
  DocumentsPreview,
  DocumentsPublished,
  EmployeeHistory,
  EmployeeListQuery,
  EmployeePage,
  EmployerAdmins,
  EmployerApiKeys,
  EmployerConsoleAccess,
  EmployerConsoleErrorCode,
  InvitationRequest,
  InvitationResult,
  PayRunPreview,
  PayRunPublished,
  RecordMessages,
  ResendResult,
  RevokedKey,
  RevokeResult,
  StaffUpdatePosted,
  StaffUpdateRequest,
  UnlockRequest,
  UnlockResult,
} from '@portal/shared/api/employer-console';
import type { AnswerInput, EmployerQuestion, EmployerQuestionList } from '@portal/shared/api/payroll-questions';
import { unwrapEnvelope } from '@portal/shared/api/envelope';

const segment = (value: string) => encodeURIComponent(value);

/** `/api/employers/{employerId}/...` */
export function employerApiPath(employerId: string, ...segments: string[]): string {
  return ['/api/employers', segment(employerId), ...segments.map(segment)].join('/');
}

/** The address of the audit log as CSV (a plain link: the browser downloads it with the session's cookies). */
export function auditCsvUrl(apiBaseUrl: string, employerId: string): string {
  return `${apiBaseUrl}${employerApiPath(employerId)}/audit.csv`;
}

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export async function fetchConsoleAccess(signal?: AbortSignal): Promise<EmployerConsoleAccess> {
  return (await apiGet<EmployerConsoleAccess>('/api/employer-console', { signal })).data;
}

export async function fetchEmployees(employerId: string, query: EmployeeListQuery, signal?: AbortSignal): Promise<EmployeePage> {
  const { q, state, sort, order, page, pageSize } = query;
  return (await apiGet<EmployeePage>(withQuery(employerApiPath(employerId, 'employees'), { q, state, sort, order, page, pageSize }), { signal })).data;
}

export async function fetchEmployeeHistory(employerId: string, employmentId: string, signal?: AbortSignal): Promise<EmployeeHistory> {
  return (await apiGet<EmployeeHistory>(employerApiPath(employerId, 'employees', employmentId, 'history'), { signal })).data;
}

export async function sendInvitations(employerId: string, request: InvitationRequest): Promise<InvitationResult> {
  return (await apiPost<InvitationResult>(employerApiPath(employerId, 'invitations'), request)).data;
}

export async function resendInvitation(employerId: string, employmentId: string): Promise<ResendResult> {
  // The API takes changes as JSON only (its Origin guard refuses any other body): an empty object.
  return (await apiPost<ResendResult>(employerApiPath(employerId, 'employees', employmentId, 'invitation', 'resend'), {})).data;
}

export async function revokeInvitation(employerId: string, employmentId: string): Promise<RevokeResult> {
  // The client has no DELETE helper: the same instance, and the same envelope rules.
  const response = await getApiClient().delete<unknown>(employerApiPath(employerId, 'employees', employmentId, 'invitation'), { data: {} });
  return unwrapEnvelope<RevokeResult>(response.data, response.status).data;
}

export async function unlockRecord(employerId: string, employmentId: string, request: UnlockRequest): Promise<UnlockResult> {
  return (await apiPost<UnlockResult>(employerApiPath(employerId, 'employees', employmentId, 'unlock'), request)).data;
}

export async function fetchAuditPage(employerId: string, before: string | null, signal?: AbortSignal): Promise<AuditPage> {
  return (await apiGet<AuditPage>(withQuery(employerApiPath(employerId, 'audit'), { before: before ?? undefined }), { signal })).data;
}

export async function fetchQuestions(employerId: string, signal?: AbortSignal): Promise<EmployerQuestionList> {
  return (await apiGet<EmployerQuestionList>(employerApiPath(employerId, 'questions'), { signal })).data;
}

export async function answerQuestion(employerId: string, questionId: string, request: AnswerInput): Promise<EmployerQuestion> {
  return (await apiPost<EmployerQuestion>(employerApiPath(employerId, 'questions', questionId, 'answer'), request)).data;
}

export async function fetchAdmins(employerId: string, signal?: AbortSignal): Promise<EmployerAdmins> {
  return (await apiGet<EmployerAdmins>(employerApiPath(employerId, 'admins'), { signal })).data;
}

export async function inviteAdmin(employerId: string, email: string): Promise<AdminInvitationResult> {
  return (await apiPost<AdminInvitationResult>(employerApiPath(employerId, 'admins'), { email })).data;
}

export async function acceptAdminInvitation(token: string): Promise<AcceptedAdminInvitation> {
  return (await apiPost<AcceptedAdminInvitation>(`/api/admin-invitations/${segment(token)}`, {})).data;
}

export async function fetchRecordMessages(employerId: string, employmentId: string, signal?: AbortSignal): Promise<RecordMessages> {
  return (await apiGet<RecordMessages>(employerApiPath(employerId, 'employees', employmentId, 'messages'), { signal })).data;
}

export async function fetchKeys(employerId: string, signal?: AbortSignal): Promise<EmployerApiKeys> {
  return (await apiGet<EmployerApiKeys>(employerApiPath(employerId, 'keys'), { signal })).data;
}

export async function createKey(employerId: string, request: CreateKeyRequest): Promise<CreatedKey> {
  return (await apiPost<CreatedKey>(employerApiPath(employerId, 'keys'), request)).data;
}

export async function revokeKey(employerId: string, keyId: string): Promise<RevokedKey> {
  const response = await getApiClient().delete<unknown>(employerApiPath(employerId, 'keys', keyId), { data: {} });
  return unwrapEnvelope<RevokedKey>(response.data, response.status).data;
}

/** The content type a pay run file is sent with, from its name: browsers label CSV differently (Windows: 'application/vnd.ms-excel'). */
export function payRunContentType(fileName: string): 'application/json' | 'text/csv' | null {
  const name = fileName.toLowerCase();
  if (name.endsWith('.json')) return 'application/json';
  if (name.endsWith('.csv')) return 'text/csv';
  return null;
}

/** The file is the raw body, with its content type (JSON or CSV). */
export async function previewPayRun(employerId: string, file: File, contentType: 'application/json' | 'text/csv'): Promise<PayRunPreview> {
  const response = await getApiClient().post<unknown>(employerApiPath(employerId, 'pay-runs', 'preview'), file, {
    headers: { 'Content-Type': contentType },
  });
  return unwrapEnvelope<PayRunPreview>(response.data, response.status).data;
}

export async function publishPayRun(employerId: string, uploadId: string): Promise<PayRunPublished> {
  return (await apiPost<PayRunPublished>(employerApiPath(employerId, 'pay-runs', 'publish'), { uploadId })).data;
}

/** Multipart: each PDF as `file`, the manifest (if any) as `manifest`; the browser sets the boundary. */
export async function previewDocuments(employerId: string, files: readonly File[], manifest: File | null): Promise<DocumentsPreview> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  if (manifest) form.append('manifest', manifest, manifest.name);
  return (await apiPost<DocumentsPreview>(employerApiPath(employerId, 'documents', 'preview'), form)).data;
}

export async function publishDocuments(employerId: string, uploadId: string): Promise<DocumentsPublished> {
  return (await apiPost<DocumentsPublished>(employerApiPath(employerId, 'documents', 'publish'), { uploadId })).data;
}

export async function postStaffUpdate(employerId: string, request: StaffUpdateRequest): Promise<StaffUpdatePosted> {
  return (await apiPost<StaffUpdatePosted>(employerApiPath(employerId, 'updates'), request)).data;
}

/** The `code` of a console route's error answer, or null. */
export function consoleErrorCode(error: unknown): EmployerConsoleErrorCode | null {
  if (!axios.isAxiosError(error)) return null;
  let body: unknown = error.response?.data;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body) as unknown;
    } catch {
      return null;
    }
  }
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? (code as EmployerConsoleErrorCode) : null;
}

/** What the console tells an admin its answers' codes mean. */
const CODE_MESSAGES: Partial<Record<EmployerConsoleErrorCode, string>> = {
  'console.not_found': 'This employer is not in your console. Choose another employer, or reload the page.',
  'console.second_step_required': 'Sign in again with your authenticator app to use the employer console.',
  'console.no_invitation': 'This person has no invitation waiting. Invite them again from the employees list.',
  'console.resend_too_soon': 'An invitation was sent to this person less than a minute ago. Wait a minute, then resend it.',
  'console.not_locked': 'This record is not locked, so there is nothing to unlock. Reload the page to see its state.',
  'console.invitation_invalid':
    'This invitation link does not work: it has been used already, withdrawn, or is more than 14 days old. Ask the admin who invited you to send a new one.',
  'console.invitation_other_account':
    'This invitation was sent to another email address. Sign out, then sign in with the account of the address the invitation came to.',
  'console.key_revoked': 'This key has been revoked already. Reload the page to see the keys as they are.',
  'console.key_not_found': 'This key no longer exists. Reload the page to see the keys as they are.',
  'console.upload_too_large': 'The file is too large. A pay run file must be 20 MB or smaller; each PDF 5 MB or smaller, and 50 MB in all.',
  'console.not_publishable': 'This upload has problems, so nothing was published. Correct the file and upload it again.',
  'console.upload_not_found': 'This upload has expired: uploads are kept for an hour. Upload the file again, then publish.',
  'console.unsupported_upload': 'This kind of file cannot be read. Upload a pay run as a .json or .csv file, and documents as PDF files.',
  'console.question_not_found': 'This question is no longer in your console. Reload the page to see the questions as they are.',
  'console.question_answered': 'This question has already been answered. Reload the page to read the answer.',
};

/** Words for a failed console call: the code's, else the portal's one mapping of API errors. */
export function consoleErrorMessage(error: unknown): string {
  const code = consoleErrorCode(error);
  return (code && CODE_MESSAGES[code]) ?? getApiErrorMessage(error);
}
