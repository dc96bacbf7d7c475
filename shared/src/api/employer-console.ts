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

export type AuditAction = 'invite' | 'resend' | 'revoke' | 'unlock' | 'publish' | 'upload' | 'key_created' | 'key_revoked' | 'admin_invited';

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
  | 'console.invitation_other_account';

/** A problem a preview found: `row` is the 1-based data row of a CSV (item index + 1 in JSON); either may be null. */
export type UploadProblem = { row: number | null; field: string | null; message: string };

/**
 * POST /api/employers/:employerId/pay-runs/preview, the file as the body (Content-Type:
 * application/json for the import command's JSON, text/csv for a payroll export), at most 20 MB.
 */
export type PayRunPreview = {
  uploadId: string;
  format: 'json' | 'csv';
  payRunId: string | null;
  totals: { employees: number; grossPence: number; netPence: number };
  problems: UploadProblem[];
  publishable: boolean;
  alreadyPublished: boolean;
};

/** POST /api/employers/:employerId/pay-runs/publish and …/documents/publish: the preview's upload. */
export type PublishRequest = { uploadId: string };
export type PayRunPublished = { payRunId: string; payslips: number; unchanged: boolean };

export type ConsoleDocumentType = 'P60' | 'P45' | 'P11D' | 'PensionLetter';

/**
 * POST /api/employers/:employerId/documents/preview, multipart/form-data: `file` parts (PDFs, each at
 * most 10 MB, all at most 50 MB), named `<employeeId>_<type>_<taxYear>.pdf` unless a `manifest` part
 * (CSV `file,employeeId,type,taxYear,issuedOn`) says.
 */
export type DocumentsPreview = {
  uploadId: string;
  files: {
    name: string;
    employeeId: string | null;
    employeeName: string | null;
    type: ConsoleDocumentType | null;
    taxYear: string | null;
    problem: string | null;
  }[];
  publishable: boolean;
};
export type DocumentsPublished = { published: number; unchanged: number };

export type EmployerPublishErrorCode = 'console.upload_too_large' | 'console.upload_not_found' | 'console.not_publishable' | 'console.unsupported_upload';
