// The employer console's answers (the routes under /api/employer-console, /api/employers/:employerId
// and /api/admin-invitations): types only, written once for the console (remote-employer) and the
// API's routes. Errors on these routes carry a `code` besides `{ status, error }` (EmployerConsoleErrorCode).

/** Where an employment record stands with its employee, by precedence: ended, linked, locked, code sent, invited, not invited. */
export type LinkState = 'not_invited' | 'invited' | 'code_sent' | 'linked' | 'locked' | 'ended';

export const LINK_STATES: readonly LinkState[] = ['not_invited', 'invited', 'code_sent', 'linked', 'locked', 'ended'];

export type InvitationChannel = 'email' | 'sms';

export type ConsoleEmployer = { id: string; name: string };

/** GET /api/employer-console */
export type EmployerConsoleAccess = { employers: ConsoleEmployer[]; secondStep: boolean };

export type EmployeeRow = {
  id: string;
  externalId: string;
  name: string;
  email: string | null;
  /** Masked: '07••• •••123'. */
  mobile: string | null;
  hasMobile: boolean;
  state: LinkState;
  /** 'YYYY-MM-DD' */
  startDate: string;
  endDate: string | null;
  invitation: { channel: InvitationChannel; sentAt: string; expiresAt: string } | null;
  failedChecks: number;
};

export type EmployeeSort = 'name' | 'externalId' | 'state' | 'startDate';
export type SortOrder = 'asc' | 'desc';

/** The query of GET /api/employers/:employerId/employees. */
export type EmployeeListQuery = {
  q?: string;
  state?: LinkState;
  sort?: EmployeeSort;
  order?: SortOrder;
  page?: number;
  /** Default 50, at most 200. */
  pageSize?: number;
};

/** GET /api/employers/:employerId/employees */
export type EmployeePage = { employees: EmployeeRow[]; total: number; page: number; pageSize: number };

export type EmployeeEventKind =
  'invited' | 'invitation_resent' | 'invitation_revoked' | 'code_sent' | 'identity_check_failed' | 'locked' | 'linked' | 'unlocked';

export type EmployeeEvent = {
  at: string;
  kind: EmployeeEventKind;
  channel: InvitationChannel | null;
  by: { name: string; email: string } | null;
  reason: string | null;
};

/** GET /api/employers/:employerId/employees/:employmentId/history (events newest first). */
export type EmployeeHistory = { employee: EmployeeRow; events: EmployeeEvent[] };

/** POST /api/employers/:employerId/invitations: exactly one of `employmentIds` (1..500) and `everyoneNotLinked`. */
export type InvitationRequest =
  | { channel: InvitationChannel; employmentIds: string[]; everyoneNotLinked?: never }
  | { channel: InvitationChannel; everyoneNotLinked: true; employmentIds?: never };

export type InvitationSkipReason = 'no_mobile' | 'no_email' | 'linked' | 'ended' | 'locked' | 'already_invited';

export type InvitationResult = { invited: string[]; skipped: { id: string; reason: InvitationSkipReason }[] };

/** POST …/invitation/resend */
export type ResendResult = { sentAt: string };
/** DELETE …/invitation */
export type RevokeResult = { revoked: true };

/** POST …/unlock: `reason` 5 to 500 characters. */
export type UnlockRequest = { identityChecked: true; reason: string };
export type UnlockResult = { unlocked: true };

export const UNLOCK_REASON_MIN_LENGTH = 5;
export const UNLOCK_REASON_MAX_LENGTH = 500;

export type AuditAction =
  'invite' | 'resend' | 'revoke' | 'unlock' | 'publish' | 'upload' | 'key_created' | 'key_revoked' | 'admin_invited' | 'update_posted' | 'question_answered';

export type AuditEntry = {
  id: string;
  at: string;
  actor: { name: string; email: string };
  action: AuditAction;
  /** External ids of the records concerned. */
  records: string[];
  detail: string;
  address: string;
};

/** GET /api/employers/:employerId/audit?before=&limit= (newest first; `next` is the next `before`). */
export type AuditPage = { entries: AuditEntry[]; next: string | null };

/** GET /api/employers/:employerId/admins */
export type EmployerAdmins = {
  admins: { name: string; email: string; since: string }[];
  invitations: { email: string; sentAt: string; expiresAt: string }[];
};

/** POST /api/employers/:employerId/admins */
export type AdminInvitationRequest = { email: string };
export type AdminInvitationResult = { invited: true };

/** POST /api/admin-invitations/:token */
export type AcceptedAdminInvitation = { employer: ConsoleEmployer };

export type EmployerConsoleErrorCode =
  | 'console.not_found'
  | 'console.second_step_required'
  | 'console.no_invitation'
  | 'console.resend_too_soon'
  | 'console.not_locked'
  | 'console.invitation_invalid'
  | 'console.invitation_other_account'
  | 'console.key_revoked'
  | 'console.key_not_found'
  | 'console.upload_too_large'
  | 'console.not_publishable'
  | 'console.upload_not_found'
  | 'console.unsupported_upload'
  | 'console.question_not_found'
  | 'console.question_answered';

// The console's second part: keys for the employer's payroll software, publishing from the browser,
// updates to staff and each record's messages.

/** A key of the employer API (`/employer-api/v1`). `prefix`: the first 8 characters of the key as shown once. */
export type EmployerApiKey = {
  id: string;
  prefix: string;
  /** The name given when it was made, where the API returns one. */
  name?: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdBy: { name: string; email: string } | null;
};

/** GET /api/employers/:employerId/keys (newest first). */
export type EmployerApiKeys = { keys: EmployerApiKey[] };

/** POST /api/employers/:employerId/keys: `name` at most 60 characters. */
export type CreateKeyRequest = { name?: string };
/** `secret`: the whole key, shown once and never again. */
export type CreatedKey = { key: EmployerApiKey; secret: string };
/** DELETE /api/employers/:employerId/keys/:keyId */
export type RevokedKey = { revoked: true };

export const KEY_NAME_MAX_LENGTH = 60;

/** A problem of an upload, named by its row (1-based data row of a CSV, item index + 1 of JSON) and field. */
export type UploadProblem = { row: number | null; field: string | null; message: string };

/** POST /api/employers/:employerId/pay-runs/preview (the file as the raw body, JSON or CSV). Nothing is published. */
export type PayRunPreview = {
  uploadId: string;
  format: 'json' | 'csv';
  payRunId: string | null;
  totals: { employees: number; grossPence: number; netPence: number };
  problems: UploadProblem[];
  publishable: boolean;
  alreadyPublished: boolean;
};

/** POST …/pay-runs/publish and …/documents/publish */
export type PublishRequest = { uploadId: string };
/** POST …/pay-runs/publish: `unchanged` when the same content was published before. */
export type PayRunPublished = { payRunId: string; payslips: number; unchanged: boolean };

/** The largest pay run file the API reads (bytes). */
export const PAY_RUN_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

export type BulkDocumentType = 'P60' | 'P45' | 'P11D' | 'PensionLetter';

export const BULK_DOCUMENT_TYPES: readonly BulkDocumentType[] = ['P60', 'P45', 'P11D', 'PensionLetter'];

/** One file of a bulk upload as the API read it. */
export type DocumentPreviewFile = {
  name: string;
  employeeId: string | null;
  employeeName: string | null;
  type: BulkDocumentType | null;
  /** '2025-26' */
  taxYear: string | null;
  problem: string | null;
};

/** POST /api/employers/:employerId/documents/preview (multipart: `file` many times, optional `manifest`). */
export type DocumentsPreview = { uploadId: string; files: DocumentPreviewFile[]; publishable: boolean };
/** POST …/documents/publish (all or nothing). */
export type DocumentsPublished = { published: number; unchanged: number };

/** Each PDF of a bulk upload, and all of them together (bytes). */
export const DOCUMENT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENTS_UPLOAD_MAX_TOTAL_BYTES = 50 * 1024 * 1024;

/** POST /api/employers/:employerId/updates: `header` 3 to 120 characters, `from` 1 to 60. */
export type StaffUpdateRequest = { header: string; from: string };
export type StaffUpdatePosted = { id: string; createdAt: string };

export const UPDATE_HEADER_MIN_LENGTH = 3;
export const UPDATE_HEADER_MAX_LENGTH = 120;
export const UPDATE_FROM_MIN_LENGTH = 1;
export const UPDATE_FROM_MAX_LENGTH = 60;

export type MessageKind = 'invitation' | 'code' | 'unlocked' | 'notice';
export type MessageState = 'queued' | 'sent' | 'delivered' | 'failed_permanent' | 'failed_temporary';

/** One message sent about a record: never its body, code or token. */
export type RecordMessage = {
  at: string;
  channel: InvitationChannel;
  kind: MessageKind;
  state: MessageState;
  reason: string | null;
  provider: string;
};

/** GET /api/employers/:employerId/employees/:employmentId/messages (newest first). */
export type RecordMessages = { messages: RecordMessage[] };
