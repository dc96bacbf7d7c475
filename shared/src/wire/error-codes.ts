// The closed list of error codes: every error answer of the API (`{ status, error, code }`) carries
// one of these, and a front end chooses its words by the code (and `field`), never by the `error`
// text, which is for developers and may change. A code is added here before any server sends it;
// the OpenAPI document lists them all (ErrorCodeSchema, a string enum), and the type keeps a server
// from sending one that is not here. The browser imports its type only: the list and its
// descriptions stay out of every bundle.
import { Kind, Type, TypeRegistry } from '@sinclair/typebox';

/** Each code with what it means, for the OpenAPI document and for whoever words it. */
export const ERROR_CODES = {
  // Any route: the request itself.
  'request.invalid': 'The request is not valid (a program error: the `error` text says why)',
  'request.field_invalid': 'A field is missing or not valid: `field` names it (`mobilePhone`, `NINumber`, `dob` …)',
  'request.value_unstorable': 'A value holds what cannot be stored, such as a control character',
  'request.in_use': 'A unique value was taken at the same moment by another request',
  'request.conflict': 'The request conflicts with the current state of what it names',
  'request.too_large': 'The body is over the limit for this call',
  'request.unsupported_media_type': 'The body is not of a type this call takes',
  'request.address_invalid': 'The address is not valid (a broken % escape)',
  'request.address_too_long': 'A part of the address is too long',
  'request.timeout': 'The request took too long to arrive',
  'request.headers_too_large': 'The request headers are too large',
  'request.too_many': 'Too many requests: wait (Retry-After says how long), then try again',
  'route.not_found': 'No route has this method and path',
  'resource.not_found': 'What the path names does not exist, or is not yours',
  // Sessions and access.
  'session.signed_out': 'There is no live session: sign in again',
  'access.forbidden': 'The signed-in user may not do this (another user’s path, a missing role)',
  'form.expired': 'A form or page was not sent from the portal’s own page, or has expired: reload it',
  'sign_in.link_expired': 'A sign-in link or refresh token has expired or was already used: sign in again',
  // Linking an employment and the identity check.
  'linking.code_incorrect': 'The linking code is not right (`triesLeft`: tries the code has left)',
  'linking.code_used_up': 'The linking code has had its wrong tries: ask for a new one',
  'linking.resend_too_soon': 'A code was sent moments ago (Retry-After: seconds to wait)',
  'linking.too_many_codes': 'Too many codes asked for this hour',
  'linking.too_many_attempts': 'Too many wrong codes or checks this hour',
  'linking.invitation_not_live': 'The invitation link is not known, or was used, withdrawn or has expired',
  'identity.mismatch': 'The identity details do not match the employer’s record (`triesLeft` before it locks)',
  'identity.record_locked': 'The employment record is locked after too many failed checks: the employer unlocks it',
  'identity.already_linked': 'The employment record is linked to another account',
  'employment.not_found': 'No such employment on the signed-in account',
  'employment.retention_ended': 'The employment ended and its employer’s retention period is over',
  // The profile and the account.
  'profile.email_taken': 'The e-mail address is used by another account',
  'profile.birth_date_in_future': 'A date of birth after today',
  'profile.too_many_email_changes': 'Too many e-mail address changes asked for (Retry-After)',
  'password.current_missing': 'The current password is needed for this change',
  'password.current_not_right': 'The current password is not right',
  'password.not_right': 'The password is not right',
  'password.too_short': 'The new password is too short',
  'password.too_common': 'The new password is one of the most common',
  'password.mismatch': 'The new password and its confirmation differ',
  'password.too_many_attempts': 'Too many wrong passwords (Retry-After)',
  'two_step.code_malformed': 'The code is not 6 digits (or a recovery code)',
  'two_step.code_incorrect': 'The code from the authenticator app is not right',
  'two_step.code_used': 'That code has already been used',
  'two_step.too_many_codes': 'Too many wrong codes (Retry-After)',
  'two_step.not_set_up': 'Two-step sign-in was not started: start again',
  'two_step.already_on': 'Two-step sign-in is already on',
  'two_step.not_on': 'Two-step sign-in is not on',
  'two_step.required': 'An employer admin must keep two-step sign-in on',
  'sessions.current': 'The session named is the one in use: sign out instead',
  'sessions.not_found': 'No such session on the account',
  'passkeys.exists': 'That passkey is already on the account',
  'passkeys.expired': 'The passkey request has expired: start again',
  'passkeys.not_checked': 'The passkey answer could not be checked',
  'passkeys.too_many': 'The account holds as many passkeys as it may',
  'passkeys.not_found': 'No such passkey on the account',
  'closing.password_wrong': 'Closing the account: the password is not right',
  'closing.too_many_passwords': 'Closing the account: too many wrong passwords (Retry-After)',
  'closing.code_wrong': 'Closing the account: the code is not right',
  'closing.code_none': 'Closing the account: no code was asked for, or it expired',
  'closing.too_many_codes': 'Closing the account: too many wrong codes',
  'closing.too_many_sends': 'Closing the account: too many codes e-mailed (Retry-After)',
  'closing.has_authenticator': 'Closing the account: use the authenticator app’s code, not an e-mailed one',
  'notifications.channel_unavailable': 'A notification channel that is not offered yet',
  // Pay, files and documents.
  'payslip.not_found': 'No such payslip of this employment',
  'files.not_found': 'No such file of this employment',
  'files.too_many_downloads': 'Too many downloads in a short time',
  'files.nothing_for_tax_year': 'No payslips or documents for that tax year',
  'files.nothing_for_proof_of_income': 'No payslip or P60 yet to make a proof of income from',
  'pdf.unavailable': 'The PDF could not be made just now (Retry-After)',
  'forecast.employment_ended': 'The employment has ended: no forecast',
  'forecast.no_payslips': 'No payslip to forecast from',
  'forecast.unreadable': 'The latest payslip cannot be read back by HMRC’s method',
  'forecast.pension_percent_invalid': 'The pension percentage asked about is not valid',
  'forecast.salary_sacrifice_invalid': 'The salary sacrifice asked about is not valid',
  'question.empty': 'The question is empty',
  'question.too_long': 'The question is too long',
  'question.not_found': 'No such question',
  'question.answered': 'The question has already been answered',
  'question.daily_limit': 'Too many questions today',
  'answer.empty': 'The answer is empty',
  'answer.too_long': 'The answer is too long',
  'pack_check.code_invalid': 'The proof-of-income code is not in the form printed on the pack',
  // The employer console.
  'console.invalid_request': 'Console: the request is not valid',
  'console.not_found': 'Console: not found',
  'console.employee_not_found': 'Console: no such employee',
  'console.second_step_required': 'Console: the second step is needed first',
  'console.no_invitation': 'Console: the record has no invitation to resend',
  'console.resend_too_soon': 'Console: the invitation was sent less than a minute ago',
  'console.not_locked': 'Console: the record is not locked',
  'console.invitation_invalid': 'Console: the admin invitation is not valid',
  'console.invitation_other_account': 'Console: the invitation was for another account',
  'console.key_revoked': 'Console: the key is already revoked',
  'console.key_not_found': 'Console: no such key',
  'console.upload_too_large': 'Console: the upload is too large',
  'console.not_publishable': 'Console: the upload has problems and cannot be published',
  'console.upload_not_found': 'Console: no such upload',
  'console.unsupported_upload': 'Console: the upload is not a file the console reads',
  'console.question_not_found': 'Console: no such question',
  'console.question_answered': 'Console: the question has already been answered',
  // The server.
  'service.error': 'Something went wrong on the server',
  'service.busy': 'The service is busy: try again in a moment (Retry-After)',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** The code of an error answer that names none of its own: by its status alone. */
export function errorCodeForStatus(status: number): ErrorCode {
  if (status === 401) return 'session.signed_out';
  if (status === 403) return 'access.forbidden';
  if (status === 404) return 'resource.not_found';
  if (status === 408) return 'request.timeout';
  if (status === 409) return 'request.conflict';
  if (status === 413) return 'request.too_large';
  if (status === 414) return 'request.address_too_long';
  if (status === 415) return 'request.unsupported_media_type';
  if (status === 429) return 'request.too_many';
  if (status === 431) return 'request.headers_too_large';
  if (status === 503) return 'service.busy';
  if (status >= 500) return 'service.error';
  return 'request.invalid';
}

// TypeBox's own checks (the wire-contract test's Value.Errors) know the kind by this check.
if (!TypeRegistry.Has('ErrorCode')) TypeRegistry.Set('ErrorCode', (_schema, value) => isErrorCode(value));

/** The `code` of every error answer: one of ERROR_CODES, listed in the OpenAPI document (a string enum). */
export const ErrorCodeSchema = Type.Unsafe<ErrorCode>({
  [Kind]: 'ErrorCode',
  type: 'string',
  enum: ERROR_CODE_LIST,
  description: 'What went wrong, for the program to choose its words by (see shared/src/wire/error-codes.ts)',
});
