// Every route of the application API with valid ids for a given user, so the ownership and
// bad-input tests can go through all of them. A test fails if the app has a route this table lacks.
import { DEMO } from '../db/seed';

export type RouteCase = {
  method: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE';
  /** The route as registered (Fastify's form). */
  route: string;
  url: (ids: Ids) => string;
  body?: unknown;
  /** The answer to a request without a valid session: 401, except where the protocol says otherwise. */
  signedOutStatus?: number;
};

export type Ids = { userId: string; employmentId: string; payFileId: string; intranetFileId: string; email: string; passkeyId: string };

/** A passkey of Sam's, which the access matrix gives him (api/src/ownership.test.ts): attackers name it. */
export const SAM_PASSKEY_ID = 'pk_sam_phone';

export const alexIds: Ids = {
  userId: DEMO.alex.id,
  employmentId: DEMO.employments.alexNorthwind,
  payFileId: 'doc_alex_nw_p60_2526',
  intranetFileId: 'int_nw_handbook',
  email: 'starter1@example.com',
  passkeyId: 'pk_alex_none',
};

export const samIds: Ids = {
  userId: DEMO.sam.id,
  employmentId: DEMO.employments.samBrightwater,
  payFileId: 'doc_sam_bw_p60_2526',
  intranetFileId: 'int_bw_benefits',
  email: 'starter2@example.com',
  passkeyId: SAM_PASSKEY_ID,
};

export const FINALIZE_BODY = { NINumber: 'AB100001C', bankAccount: '4321', dob: '05/14/1990', externalEmploymentID: 'em_starter1', code: '123456' };

/** A closing that never closes: no account has this password. */
export const CLOSE_BODY = { password: 'not the password of any account', code: '123456' };

export const apiRoutes: RouteCase[] = [
  { method: 'GET', route: '/api/users/authorised', url: () => '/api/users/authorised' },
  { method: 'PATCH', route: '/api/users/:userId', url: (i) => `/api/users/${i.userId}`, body: { privacyPolicyAccepted: true } },
  { method: 'PATCH', route: '/api/users/:userId/:id', url: (i) => `/api/users/${i.userId}/${i.userId}`, body: { privacyPolicyAccepted: true } },
  { method: 'GET', route: '/api/users/:userId/privacy_policy_text', url: (i) => `/api/users/${i.userId}/privacy_policy_text` },
  { method: 'GET', route: '/api/users/:userId/notification-preferences', url: (i) => `/api/users/${i.userId}/notification-preferences` },
  {
    method: 'PUT',
    route: '/api/users/:userId/notification-preferences',
    url: (i) => `/api/users/${i.userId}/notification-preferences`,
    body: { email: true, sms: false, whatsApp: false },
  },
  { method: 'GET', route: '/api/users/:userId/payslips/:payslipId/questions', url: (i) => `/api/users/${i.userId}/payslips/ps_none/questions` },
  {
    method: 'POST',
    route: '/api/users/:userId/payslips/:payslipId/questions',
    url: (i) => `/api/users/${i.userId}/payslips/ps_none/questions`,
    body: { lineName: 'Income Tax', linePence: 100, question: 'Why?' },
  },
  { method: 'GET', route: '/api/users/:userId/two-step', url: (i) => `/api/users/${i.userId}/two-step` },
  { method: 'POST', route: '/api/users/:userId/two-step/set-up', url: (i) => `/api/users/${i.userId}/two-step/set-up`, body: {} },
  { method: 'POST', route: '/api/users/:userId/two-step/confirm', url: (i) => `/api/users/${i.userId}/two-step/confirm`, body: { code: '123456' } },
  {
    method: 'POST',
    route: '/api/users/:userId/two-step/recovery-codes',
    url: (i) => `/api/users/${i.userId}/two-step/recovery-codes`,
    body: { code: '123456' },
  },
  {
    method: 'POST',
    route: '/api/users/:userId/two-step/turn-off',
    url: (i) => `/api/users/${i.userId}/two-step/turn-off`,
    body: { password: 'not-the-password' },
  },
  { method: 'GET', route: '/api/users/:userId/sessions', url: (i) => `/api/users/${i.userId}/sessions` },
  { method: 'POST', route: '/api/users/:userId/sessions/:sessionId/end', url: (i) => `/api/users/${i.userId}/sessions/ses_not_a_live_one/end`, body: {} },
  { method: 'POST', route: '/api/users/:userId/sessions/end-others', url: (i) => `/api/users/${i.userId}/sessions/end-others`, body: {} },
  { method: 'GET', route: '/api/users/:userId/sign-ins', url: (i) => `/api/users/${i.userId}/sign-ins` },
  {
    method: 'POST',
    route: '/api/users/:userId/password',
    url: (i) => `/api/users/${i.userId}/password`,
    body: { currentPassword: 'not-the-password', newPassword: 'Mulberry-payslip-ledger-7431', confirmPassword: 'Mulberry-payslip-ledger-7431' },
  },
  {
    method: 'GET',
    route: '/api/users/:userId/linking_code_email/:email',
    url: (i) => `/api/users/${i.userId}/linking_code_email/${encodeURIComponent(i.email)}`,
  },
  {
    method: 'GET',
    route: '/api/users/:userId/linking_code_id/:token/:phoneNumber',
    url: (i) => `/api/users/${i.userId}/linking_code_id/INVITE-2026-DEMO/07700900123`,
  },
  { method: 'GET', route: '/api/users/:userId/linking_code_request', url: (i) => `/api/users/${i.userId}/linking_code_request` },
  { method: 'GET', route: '/api/users/:userId/linking_code/:code', url: (i) => `/api/users/${i.userId}/linking_code/123456` },
  { method: 'POST', route: '/api/users/:userId/linking_code/:code', url: (i) => `/api/users/${i.userId}/linking_code/123456`, body: FINALIZE_BODY },
  {
    method: 'GET',
    route: '/api/users/:userId/employments/:employmentId/document_types',
    url: (i) => `/api/users/${i.userId}/employments/${i.employmentId}/document_types`,
  },
  {
    method: 'GET',
    route: '/api/users/:userId/employments/:employmentId/payslips',
    url: (i) => `/api/users/${i.userId}/employments/${i.employmentId}/payslips`,
  },
  {
    method: 'GET',
    route: '/api/users/:userId/employments/:employmentId/documents',
    url: (i) => `/api/users/${i.userId}/employments/${i.employmentId}/documents`,
  },
  { method: 'GET', route: '/api/users/:userId/employments/:employmentId/updates', url: (i) => `/api/users/${i.userId}/employments/${i.employmentId}/updates` },
  {
    method: 'GET',
    route: '/api/users/:userId/employments/:employmentId/intranet',
    url: (i) => `/api/users/${i.userId}/employments/${i.employmentId}/intranet`,
  },
  {
    method: 'GET',
    route: '/api/users/:userId/employments/:employmentId/forecast',
    url: (i) => `/api/users/${i.userId}/employments/${i.employmentId}/forecast`,
  },
  {
    method: 'GET',
    route: '/api/users/:userId/employments/:employmentId/tax-years/:taxYear/archive',
    url: (i) => `/api/users/${i.userId}/employments/${i.employmentId}/tax-years/2025-26/archive`,
  },
  {
    method: 'GET',
    route: '/api/users/:userId/employments/:employmentId/proof-of-income',
    url: (i) => `/api/users/${i.userId}/employments/${i.employmentId}/proof-of-income`,
  },
  {
    method: 'GET',
    route: '/api/users/:userId/file/:fileId/employment/:employmentId',
    url: (i) => `/api/users/${i.userId}/file/${i.payFileId}/employment/${i.employmentId}`,
  },
  {
    method: 'GET',
    route: '/api/users/:userId/file/intranet/:fileId/employment/:employmentId',
    url: (i) => `/api/users/${i.userId}/file/intranet/${i.intranetFileId}/employment/${i.employmentId}`,
  },
  { method: 'GET', route: '/api/users/:userId/passkeys', url: (i) => `/api/users/${i.userId}/passkeys` },
  { method: 'POST', route: '/api/users/:userId/passkeys/options', url: (i) => `/api/users/${i.userId}/passkeys/options`, body: {} },
  {
    method: 'POST',
    route: '/api/users/:userId/passkeys',
    url: (i) => `/api/users/${i.userId}/passkeys`,
    body: {
      name: 'Phone',
      credential: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: 'e30', attestationObject: 'AAAA' },
      },
    },
  },
  {
    method: 'PATCH',
    route: '/api/users/:userId/passkeys/:passkeyId',
    url: (i) => `/api/users/${i.userId}/passkeys/${i.passkeyId}`,
    body: { name: 'Mine now' },
  },
  { method: 'DELETE', route: '/api/users/:userId/passkeys/:passkeyId', url: (i) => `/api/users/${i.userId}/passkeys/${i.passkeyId}`, body: {} },
  { method: 'GET', route: '/api/users/:userId/my-data/archive', url: (i) => `/api/users/${i.userId}/my-data/archive` },
  { method: 'GET', route: '/api/users/:userId/close-account', url: (i) => `/api/users/${i.userId}/close-account` },
  { method: 'POST', route: '/api/users/:userId/close-account/code', url: (i) => `/api/users/${i.userId}/close-account/code`, body: {} },
  { method: 'POST', route: '/api/users/:userId/close-account', url: (i) => `/api/users/${i.userId}/close-account`, body: CLOSE_BODY },
  { method: 'GET', route: '/api/user/:sub', url: (i) => `/api/user/${i.userId}` },
  // The employer console's routes name no user: their own matrix is employer-console/access.test.ts.
  ...consoleRoutes(DEMO.employers.northwind, 'em_nw_casey'),
  { method: 'PATCH', route: '/api/user/:sub', url: (i) => `/api/user/${i.userId}`, body: { user: { firstName: 'Changed' } } },
];

/**
 * The application API's public routes: they name no user and need no session (a lender's check of a
 * proof-of-income pack, an invitation link's employer), so the access matrix has no one to refuse;
 * pack-checks/pack-checks.test.ts and linking/invitation-route.test.ts show what they give away (a
 * result and a date; an employer's name and a date; nothing of the person).
 */
export const publicApiRoutes = ['POST /api/verify-pack', 'GET /api/invitations/{token}'];

/**
 * The sign-in service's JSON routes that answer with (or renew) a user's session: the rest of it are
 * browser pages and redirects. /app/refresh/ answers 400 without a usable refresh token, as the
 * hosted-backend protocol of the sign-in SDK has it.
 */
export const sessionRoutes: RouteCase[] = [
  { method: 'GET', route: '/app/me/', url: () => '/app/me/' },
  { method: 'POST', route: '/app/refresh/', url: () => '/app/refresh/?client_id=portal-web', signedOutStatus: 400 },
];

/**
 * The employer console's routes, naming this employer, record, API key and question (a POST or DELETE with a
 * JSON body, as every change needs).
 */
export function consoleRoutes(
  employerId: string,
  employmentId: string,
  token = 'not-a-live-invitation-token',
  keyId = 'ek_000000000000000000',
  questionId = 'pq_000000000000000000',
): RouteCase[] {
  const e = `/api/employers/${employerId}`;
  const r = `${e}/employees/${employmentId}`;
  const at = (method: RouteCase['method'], route: string, url: string, body?: unknown): RouteCase => ({
    method,
    route,
    url: () => url,
    ...(body !== undefined ? { body } : method === 'GET' ? {} : { body: {} }),
  });
  return [
    at('GET', '/api/employer-console', '/api/employer-console'),
    at('POST', '/api/admin-invitations/:token', `/api/admin-invitations/${token}`),
    at('GET', '/api/employers/:employerId/employees', `${e}/employees?q=a&sort=state`),
    at('GET', '/api/employers/:employerId/employees/:employmentId/history', `${r}/history`),
    at('POST', '/api/employers/:employerId/invitations', `${e}/invitations`, { channel: 'email', employmentIds: [employmentId] }),
    at('POST', '/api/employers/:employerId/employees/:employmentId/invitation/resend', `${r}/invitation/resend`),
    at('DELETE', '/api/employers/:employerId/employees/:employmentId/invitation', `${r}/invitation`),
    at('POST', '/api/employers/:employerId/employees/:employmentId/unlock', `${r}/unlock`, { identityChecked: true, reason: 'Checked in person' }),
    at('GET', '/api/employers/:employerId/employees/:employmentId/messages', `${r}/messages`),
    at('GET', '/api/employers/:employerId/keys', `${e}/keys`),
    at('POST', '/api/employers/:employerId/keys', `${e}/keys`, { name: 'Payroll' }),
    at('DELETE', '/api/employers/:employerId/keys/:keyId', `${e}/keys/${keyId}`),
    at('POST', '/api/employers/:employerId/updates', `${e}/updates`, { header: 'Office closed on Friday', from: 'HR team' }),
    at('GET', '/api/employers/:employerId/questions', `${e}/questions`),
    at('POST', '/api/employers/:employerId/questions/:questionId/answer', `${e}/questions/${questionId}/answer`, { answer: 'Your tax code changed.' }),
    at('GET', '/api/employers/:employerId/audit', `${e}/audit`),
    at('GET', '/api/employers/:employerId/audit.csv', `${e}/audit.csv`),
    at('GET', '/api/employers/:employerId/admins', `${e}/admins`),
    at('POST', '/api/employers/:employerId/admins', `${e}/admins`, { email: 'new.admin@example.com' }),
    at('POST', '/api/employers/:employerId/pay-runs/preview', `${e}/pay-runs/preview`, { payRun: { payRunId: 'ROUTES-1', payslips: [] } }),
    at('POST', '/api/employers/:employerId/pay-runs/publish', `${e}/pay-runs/publish`, { uploadId: 'upl_not_an_upload' }),
    at('POST', '/api/employers/:employerId/documents/preview', `${e}/documents/preview`),
    at('POST', '/api/employers/:employerId/documents/publish', `${e}/documents/publish`, { uploadId: 'upl_not_an_upload' }),
  ];
}
