// Row types of every table, as Kysely sees them. Booleans, timestamps and JSON differ between
// SQLite and PostgreSQL on the wire; the `convert` helpers turn them into one shape when read.
import type { ColumnType, Generated } from 'kysely';

/** A column added later that inserts may leave out (it stays null). */
export type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** 0/1 on SQLite, true/false on PostgreSQL; written as a JS boolean (the SQLite driver maps it). */
export type DbBool = boolean | number;
/** ISO text on SQLite, Date from PostgreSQL; written as ISO text. */
export type DbTimestamp = string | Date;
/** JSON text on SQLite, parsed value from PostgreSQL (jsonb); written as JSON text. */
export type DbJson = string | unknown;

export interface IdentityUserTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  mobile_phone: string | null;
  birth_date: string | null;
  ni_number: string | null;
  created_at: DbTimestamp;
  updated_at: DbTimestamp;
}

export interface UserTable {
  id: string;
  email: string | null;
  privacy_policy_accepted: DbBool;
  privacy_policy_accepted_at: DbTimestamp | null;
  created_at: DbTimestamp;
  /** Version 32: the portal's language the person chose ('en' or 'cy'); null until they choose. */
  language: string | null;
}

export interface EmployerTable {
  id: string;
  name: string;
  /** Version 27: years an ended employment's pay records stay readable after its end date (default 6). */
  retention_years: Generated<number>;
  /** Version 28: postal address (lines joined by newlines) and employer PAYE reference ('123/AB45678'). */
  address: Optional<string>;
  paye_reference: Optional<string>;
}

/** An employer's payroll record of one employee; linking attaches it to a user. */
export interface EmploymentTable {
  id: string;
  employer_id: string;
  user_id: string | null;
  employee_name: string;
  contact_email: string | null;
  mobile_phone: string | null;
  invitation_token_hash: string | null;
  ni_number: string;
  bank_last4: string;
  birth_date: string;
  tax_code: string;
  active: DbBool;
  start_date: string;
  end_date: string | null;
  failed_checks: number;
  locked_at: DbTimestamp | null;
  linked_at: DbTimestamp | null;
  /** The employer's own id for this record (version 7), unique per employer. */
  external_id: Optional<string>;
  /** Version 28: the employer's payroll number for the employee, and the student loan plan it deducts (null: none). */
  payroll_number: Optional<string>;
  student_loan_plan: Optional<string>;
}

export interface LinkingCodeTable {
  id: string;
  user_id: string;
  employment_id: string;
  code_hash: string;
  channel: string;
  created_at: DbTimestamp;
  expires_at: DbTimestamp;
  used_at: DbTimestamp | null;
  failed_tries: number;
}

/** One row per send request (matched or not): the server side of the 30-second resend lockout. */
export interface LinkRequestTable {
  id: string;
  user_id: string;
  created_at: DbTimestamp;
  // Version 7 (null on requests made before it): 'email' or 'sms'.
  channel: string | null;
  /** Wrong codes and failed identity checks against this request's code (at most maxTriesPerCode). */
  wrong_tries: Generated<number>;
}

/** One row per wrong code or failed identity check: the per-user hourly limit. */
export interface LinkFailureTable {
  id: string;
  user_id: string;
  kind: string;
  created_at: DbTimestamp;
}

export interface PayslipTable {
  id: string;
  employment_id: string;
  pay_date: string;
  gross_pence: number;
  total_deductions_pence: number;
  net_pence: number;
  deductions: DbJson;
  other: DbJson;
  // Version 5 (null on payslips published before it):
  tax_code: string | null;
  ni_category: string | null;
  tax_period: number | null;
  earnings: DbJson | null;
  taxable_pence: number | null;
  year_to_date: DbJson | null;
  // Version 7, set on payslips published through the employer API: the employer's own id (unique
  // per employer), the pay run that brought it and a hash of what was sent, to tell a retry from a change.
  employer_id: Optional<string>;
  external_id: Optional<string>;
  pay_run_id: Optional<string>;
  content_hash: Optional<string>;
  // Version 31: 'weekly', 'fortnightly', 'four-weekly' or 'monthly' (the default).
  pay_frequency: Generated<string>;
}

export interface PayDocumentTable {
  id: string;
  employment_id: string;
  file_type: string;
  tax_year: string;
  filename: string;
  issued_on: string;
  details: DbJson;
  /** A P60's figures (version 5); null for other documents and older P60s. */
  figures: DbJson | null;
  // Version 7, set on documents an employer uploaded as a PDF (kept in pay_document_files): the
  // employer's own id and a hash of what was sent.
  employer_id: Optional<string>;
  external_id: Optional<string>;
  content_hash: Optional<string>;
}

/**
 * A version number per employment's payslip list (version 11), raised by triggers on `payslips` at
 * every insert, update and delete; no row means version 0. The API's list cache keys on it.
 */
export interface PayslipListVersionTable {
  employment_id: string;
  version: number;
}

/** The PDF of a pay document an employer uploaded (version 7). */
export interface PayDocumentFileTable {
  document_id: string;
  content: Buffer;
  size_bytes: number;
}

export interface IntranetDocumentTable {
  id: string;
  employer_id: string;
  filename: string;
  title: string;
  published_on: string;
  body: string;
  /** Version 7, on documents published through the employer API: its own id and a hash of what was sent. */
  external_id: Optional<string>;
  content_hash: Optional<string>;
}

export interface UpdateTable {
  id: string;
  employer_id: string;
  header: string;
  from_text: string;
  created_at: DbTimestamp;
  /** Version 7, on updates published through the employer API: its own id and a hash of what was sent. */
  external_id: Optional<string>;
  content_hash: Optional<string>;
}

export interface RefreshTokenTable {
  id: string;
  token_hash: string;
  family_id: string;
  user_id: string;
  client_id: string;
  /** The access-token expiry (epoch seconds) last issued in this family, so a refresh always moves it forward. */
  access_expires_at: number | string;
  created_at: DbTimestamp;
  expires_at: DbTimestamp;
  used_at: DbTimestamp | null;
  revoked_at: DbTimestamp | null;
}

/** One sign-in: its refresh tokens share its id as family_id, its access tokens carry it as `sid`. */
export interface SessionTable {
  id: string;
  user_id: string;
  created_at: DbTimestamp;
  /** When the session ends unless refreshed (moved forward by each refresh, never past ends_at). */
  expires_at: DbTimestamp;
  /** When the session ends however often it is refreshed: its sign-in plus SESSION_MAX_SECONDS. */
  ends_at: DbTimestamp;
  /** Set when the session is ended: sign-out, password change, or a stolen refresh token. */
  revoked_at: DbTimestamp | null;
  /** When this sign-in passed its second step (version 18); null: a password alone. */
  second_step_at: Optional<DbTimestamp>;
  /** The browser's User-Agent at sign-in (version 25), cut to 500 characters. */
  user_agent: Optional<string>;
  /** The client address at sign-in (version 25). */
  ip_address: Optional<string>;
  /** When a request last used the session, to the minute (version 25); null: not since sign-in. */
  last_used_at: Optional<DbTimestamp>;
}

/** Single-use codes handed from the sign-in page to /app/callback/. */
export interface AuthCodeTable {
  code_hash: string;
  user_id: string;
  client_id: string;
  redirect_uri: string;
  expires_at: DbTimestamp;
  used_at: DbTimestamp | null;
  /** Keyed hash of the CSRF cookie of the browser that signed in; the callback must come from it. */
  browser_hash: string | null;
  /** When the sign-in passed its second step (version 20); null: a password alone. */
  second_step_at: Optional<DbTimestamp>;
}

/** A counter of attempts (sign-in, registration) in a fixed window; taken atomically, one row per key. */
export interface ThrottleCounterTable {
  key: string;
  count: number;
  /** Epoch milliseconds; bigint text from PostgreSQL. */
  window_ends_ms: number | string;
}

/** A registration waiting for its e-mail link (token stored hashed, 30 minutes, single use). */
export interface PendingRegistrationTable {
  token_hash: string;
  email: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  mobile_phone: string | null;
  birth_date: string | null;
  client_id: string;
  redirect_uri: string;
  state: string | null;
  created_at: DbTimestamp;
  expires_at: DbTimestamp;
  used_at: DbTimestamp | null;
}

/** A 'Forgot your password?' link (token stored hashed, 30 minutes, single use). */
export interface PasswordResetTable {
  token_hash: string;
  user_id: string;
  client_id: string;
  redirect_uri: string;
  state: string | null;
  created_at: DbTimestamp;
  expires_at: DbTimestamp;
  used_at: DbTimestamp | null;
}

/**
 * An address waiting for its owner to open the link sent to it (token stored hashed, single use):
 * a new sign-in or notification address (30 minutes), or the undo of a completed sign-in change,
 * whose `new_email` is the address to go back to (14 days).
 */
export type EmailProofPurpose = 'sign-in' | 'notifications' | 'undo';

export interface EmailChangeTable {
  token_hash: string;
  user_id: string;
  new_email: string;
  purpose: ColumnType<EmailProofPurpose, EmailProofPurpose | undefined, EmailProofPurpose>;
  created_at: DbTimestamp;
  expires_at: DbTimestamp;
  used_at: DbTimestamp | null;
}

export interface OutboxTable {
  seq: Generated<number>;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: DbTimestamp;
}

/** The channels a user chose; no row means the defaults (email only). */
export interface NotificationPreferencesTable {
  user_id: string;
  email: DbBool;
  sms: DbBool;
  whatsapp: DbBool;
  updated_at: DbTimestamp;
}

/** A notice waiting to be sent (or sent), one per source and channel. */
export interface NotificationQueueTable {
  id: string;
  source: string;
  channel: string;
  user_id: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: DbTimestamp;
  claimed_until: DbTimestamp | null;
  attempts: Generated<number>;
  sent_at: DbTimestamp | null;
  last_error: string | null;
  /** Parked after its last allowed try: never taken up again (its reason is `last_error`). */
  failed_at: DbTimestamp | null;
  /** The employment the notice is about (null for notices queued before it was kept). */
  employment_id: string | null;
}

export type DeliveryState = 'queued' | 'sent' | 'delivered' | 'failed_permanent' | 'failed_temporary';

/** A message handed to a provider, and what became of it; the recipient only as a keyed hash. */
export interface MessageDeliveryTable {
  id: string;
  channel: string;
  provider: string;
  provider_message_id: string | null;
  recipient_hash: string;
  employment_id: string | null;
  notice_id: string | null;
  state: DeliveryState;
  reason: string | null;
  created_at: DbTimestamp;
  updated_at: DbTimestamp;
  /** Version 22: what a message about an employment was (MessageKind); null for others. */
  kind: Optional<MessageKind>;
}

export type MessageKind = 'invitation' | 'code' | 'unlocked' | 'notice';

/** An employer's key to the publishing API: only a hash of its secret is kept. */
export interface EmployerApiKeyTable {
  id: string;
  employer_id: string;
  secret_hash: string;
  created_at: DbTimestamp;
  revoked_at: DbTimestamp | null;
  /** Version 22: the name the admin gave it, the admin who made it (null: the command), when a call last used it. */
  name: Optional<string>;
  created_by: Optional<string>;
  last_used_at: Optional<DbTimestamp>;
}

/** One published pay run, by the employer's own id: what makes a retried batch a no-op. */
export interface EmployerPayRunTable {
  employer_id: string;
  id: string;
  content_hash: string;
  payslip_count: number;
  created_at: DbTimestamp;
}

/** An identity account holding the admin role of one employer (version 18). */
export interface EmployerAdminTable {
  employer_id: string;
  user_id: string;
  created_at: DbTimestamp;
  /** The admin who invited this one; null for the first admin, made on the API's machine. */
  invited_by: string | null;
}

/** An account's authenticator app (version 20): its TOTP secret, encrypted; usable once confirmed. */
export interface SecondStepAuthenticatorTable {
  user_id: string;
  /** AES-256-GCM of the base32 secret (auth/second-step-secrets.ts). */
  secret_encrypted: string;
  created_at: DbTimestamp;
  confirmed_at: DbTimestamp | null;
  /** The newest 30-second step whose code was accepted (bigint text from PostgreSQL). */
  last_used_step: number | string | null;
}

/** One single-use recovery code of an account (version 20), kept as a keyed hash. */
export interface SecondStepRecoveryCodeTable {
  user_id: string;
  code_hash: string;
  created_at: DbTimestamp;
  used_at: DbTimestamp | null;
}

/** A sign-in between its right password and its second step (version 20): ten minutes, this browser only, single use. */
export interface PendingSecondStepTable {
  token_hash: string;
  user_id: string;
  browser_hash: string;
  /** The password hash the sign-in checked: it finishes only while this is still the account's. */
  password_hash: string;
  client_id: string;
  redirect_uri: string;
  state: string | null;
  created_at: DbTimestamp;
  expires_at: DbTimestamp;
  /** When a new authenticator was confirmed in this sign-in (the step is passed; the recovery codes were shown). */
  passed_at: DbTimestamp | null;
  used_at: DbTimestamp | null;
}

/** A passkey (WebAuthn credential) an account signs in with (version 24); several per account. */
export interface PasskeyTable {
  id: string;
  user_id: string;
  /** The credential's id as the authenticator gives it (base64url); unique across accounts. */
  credential_id: string;
  /** The COSE public key (base64url). */
  public_key: string;
  /** The signature counter last seen; bigint text from PostgreSQL. 0: the passkey does not count. */
  counter: number | string;
  /** JSON array of the authenticator's transports ('internal', 'hybrid', 'usb', ...). */
  transports: string;
  name: string;
  created_at: DbTimestamp;
  last_used_at: DbTimestamp | null;
}

/** A WebAuthn challenge waiting for its answer (version 24): kept hashed, five minutes, spent once. */
export interface PasskeyChallengeTable {
  challenge_hash: string;
  purpose: 'register' | 'sign-in' | 'second-step';
  user_id: string | null;
  /** The signed-in session adding a passkey. */
  session_id: string | null;
  /** Keyed hash of the CSRF cookie of the browser signing in. */
  browser_hash: string | null;
  created_at: DbTimestamp;
  expires_at: DbTimestamp;
}

/** An invitation to an employee to link their record (version 19): only the token's SHA-256 is kept. */
export interface EmployeeInvitationTable {
  id: string;
  employment_id: string;
  channel: string;
  token_hash: string;
  created_by: string | null;
  created_at: DbTimestamp;
  last_sent_at: DbTimestamp;
  expires_at: DbTimestamp;
  used_at: DbTimestamp | null;
  revoked_at: DbTimestamp | null;
}

/** One step in a record's history of invitations and linking (version 19, append-only). */
export interface EmploymentEventTable {
  id: string;
  employment_id: string;
  kind: string;
  channel: string | null;
  actor_user_id: string | null;
  reason: string | null;
  created_at: DbTimestamp;
}

/** What an employer's admin did (version 19, append-only: triggers refuse UPDATE and DELETE). */
export interface AuditLogTable {
  /** Increasing: the list's order and its page cursor. Bigint text from PostgreSQL. */
  id: Generated<number | string>;
  employer_id: string;
  actor_user_id: string;
  action: string;
  /** The records acted on, by the employer's own ids (JSON array). */
  records: DbJson;
  detail: string;
  address: string;
  created_at: DbTimestamp;
}

/** An invitation to become an employer's admin (version 19): only the token's SHA-256 is kept. */
export interface AdminInvitationTable {
  token_hash: string;
  employer_id: string;
  email: string;
  invited_by: string | null;
  created_at: DbTimestamp;
  expires_at: DbTimestamp;
  used_at: DbTimestamp | null;
  revoked_at: DbTimestamp | null;
}

/** A file uploaded in the console to preview, kept an hour for the publish step (version 23). */
export interface ConsoleUploadTable {
  id: string;
  employer_id: string;
  admin: string;
  format: string;
  content: string | null;
  content_hash: string;
  preview: string;
  created_at: DbTimestamp;
  expires_at: DbTimestamp;
  published_at: DbTimestamp | null;
  result: string | null;
}

/** A PDF of a documents upload in the console (version 23). */
export interface ConsoleUploadFileTable {
  upload_id: string;
  position: number;
  content: Buffer;
}

/** A sign-in attempt on a known account (version 25), kept 90 days. */
export interface SignInEventTable {
  id: string;
  user_id: string;
  at: DbTimestamp;
  /** 'signed-in' | 'wrong-password' | 'second-step-failed' | 'second-step-asked' | 'refused' */
  result: string;
  /** 'password' | 'passkey' | 'registration' */
  method: string;
  /** 'authenticator' | 'recovery-code' | 'new-authenticator', or null when none was used. */
  second_step: string | null;
  user_agent: string | null;
  ip_address: string | null;
}

/** A browser an account has signed in from (version 25): the keyed hash of its device cookie. */
export interface KnownDeviceTable {
  user_id: string;
  device_hash: string;
  created_at: DbTimestamp;
  last_seen_at: DbTimestamp;
}

/** An e-mail about a change to an account (version 25), queued with the change, sent after it commits. */
export interface AccountAlertTable {
  id: string;
  user_id: string;
  kind: string;
  /** JSON array of addresses. */
  recipients: DbJson;
  /** JSON object: what the e-mail says beyond its kind (the device, the new address). */
  details: DbJson;
  created_at: DbTimestamp;
  sent_at: DbTimestamp | null;
}

/** The code e-mailed to confirm closing an account without an authenticator app (version 26). */
export interface AccountClosingCodeTable {
  user_id: string;
  code_hash: string;
  created_at: DbTimestamp;
  expires_at: DbTimestamp;
  tries: Generated<number>;
  used_at: DbTimestamp | null;
}

/** A question about a payslip's line to the employer's payroll team (version 29); answered once. */
export interface PayrollQuestionTable {
  id: string;
  user_id: string;
  payslip_id: string;
  employer_id: string;
  pay_date: string;
  line_name: string;
  line_amount_pence: number;
  question: string;
  asked_at: DbTimestamp;
  asked_on: string;
  answer: string | null;
  answered_by: string | null;
  answered_at: DbTimestamp | null;
}

/** A proof-of-income pack as issued: what a lender's check compares against (migration 029). */
export interface IssuedPackTable {
  id: string;
  code_hash: string;
  pdf_sha256: string;
  user_id: string;
  employment_id: string;
  first_pay_date: string | null;
  last_pay_date: string | null;
  p60_tax_year: string | null;
  created_at: DbTimestamp;
}

/** One lender's check of a pack, answered (migration 029). */
export interface PackCheckTable {
  id: string;
  checked_at: DbTimestamp;
  code_found: DbBool;
  result: 'genuine' | 'changed' | 'unknown';
  client_hash: string;
}

export interface Database {
  identity_users: IdentityUserTable;
  users: UserTable;
  employers: EmployerTable;
  employments: EmploymentTable;
  linking_codes: LinkingCodeTable;
  link_requests: LinkRequestTable;
  link_failures: LinkFailureTable;
  payslips: PayslipTable;
  pay_documents: PayDocumentTable;
  intranet_documents: IntranetDocumentTable;
  updates: UpdateTable;
  refresh_tokens: RefreshTokenTable;
  sessions: SessionTable;
  auth_codes: AuthCodeTable;
  outbox: OutboxTable;
  throttle_counters: ThrottleCounterTable;
  pending_registrations: PendingRegistrationTable;
  employer_api_keys: EmployerApiKeyTable;
  employer_pay_runs: EmployerPayRunTable;
  notification_preferences: NotificationPreferencesTable;
  notification_queue: NotificationQueueTable;
  pay_document_files: PayDocumentFileTable;
  payslip_list_versions: PayslipListVersionTable;
  password_resets: PasswordResetTable;
  email_changes: EmailChangeTable;
  employer_admins: EmployerAdminTable;
  second_step_authenticators: SecondStepAuthenticatorTable;
  second_step_recovery_codes: SecondStepRecoveryCodeTable;
  pending_second_steps: PendingSecondStepTable;
  employee_invitations: EmployeeInvitationTable;
  employment_events: EmploymentEventTable;
  audit_log: AuditLogTable;
  admin_invitations: AdminInvitationTable;
  message_deliveries: MessageDeliveryTable;
  console_uploads: ConsoleUploadTable;
  console_upload_files: ConsoleUploadFileTable;
  sign_in_events: SignInEventTable;
  known_devices: KnownDeviceTable;
  account_alerts: AccountAlertTable;
  passkeys: PasskeyTable;
  passkey_challenges: PasskeyChallengeTable;
  account_closing_codes: AccountClosingCodeTable;
  payroll_questions: PayrollQuestionTable;
  issued_packs: IssuedPackTable;
  pack_checks: PackCheckTable;
}
