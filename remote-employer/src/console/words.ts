// The console's words for the API's codes: states, events, skip reasons, audit actions and channels.
import type {
  AuditAction,
  EmployeeEventKind,
  InvitationChannel,
  InvitationSkipReason,
  BulkDocumentType,
  LinkState,
  MessageKind,
  MessageState,
} from '@portal/shared/api/employer-console';

export const STATE_WORDS: Readonly<Record<LinkState, string>> = {
  not_invited: 'Not invited',
  invited: 'Invited',
  code_sent: 'Code sent',
  linked: 'Linked',
  locked: 'Locked',
  ended: 'Ended',
};

export const EVENT_WORDS: Readonly<Record<EmployeeEventKind, string>> = {
  invited: 'Invited',
  invitation_resent: 'Invitation sent again',
  invitation_revoked: 'Invitation withdrawn',
  code_sent: 'Linking code sent',
  identity_check_failed: 'Identity check failed',
  locked: 'Record locked',
  linked: 'Linked to their account',
  unlocked: 'Record unlocked',
};

export const CHANNEL_WORDS: Readonly<Record<InvitationChannel, string>> = { email: 'Email', sms: 'Text message' };

/** Why a record was not invited, in words an admin can act on. */
export function skipReasonWords(reason: InvitationSkipReason): string {
  switch (reason) {
    case 'no_mobile':
      return 'No mobile number: cannot be invited by text';
    case 'no_email':
      return 'No email address: cannot be invited by email';
    case 'linked':
      return 'Already linked to their account';
    case 'ended':
      return 'Employment has ended';
    case 'locked':
      return 'Record is locked: unlock it first';
    case 'already_invited':
      return 'Already has an invitation waiting';
  }
}

export const AUDIT_ACTION_WORDS: Readonly<Record<AuditAction, string>> = {
  invite: 'Invited employees',
  resend: 'Resent an invitation',
  revoke: 'Withdrew an invitation',
  unlock: 'Unlocked a record',
  publish: 'Published pay documents',
  upload: 'Uploaded records',
  key_created: 'Created an API key',
  key_revoked: 'Revoked an API key',
  admin_invited: 'Invited an admin',
  update_posted: 'Posted an update to staff',
  question_answered: 'Answered a payroll question',
};

export const MESSAGE_STATE_WORDS: Readonly<Record<MessageState, string>> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed_permanent: 'Failed',
  failed_temporary: 'Failed – will retry',
};

export const MESSAGE_KIND_WORDS: Readonly<Record<MessageKind, string>> = {
  invitation: 'Invitation',
  code: 'Linking code',
  unlocked: 'Record unlocked',
  notice: 'Notice',
};

/** '1 problem' or '3 problems'. */
export function problemsCount(count: number): string {
  return count === 1 ? '1 problem' : `${count.toLocaleString('en-GB')} problems`;
}

/** '1 employee' or '3 employees'. */
export function employeesCount(count: number): string {
  return count === 1 ? '1 employee' : `${count.toLocaleString('en-GB')} employees`;
}

export const DOCUMENT_TYPE_WORDS: Readonly<Record<BulkDocumentType, string>> = {
  P60: 'P60',
  P45: 'P45',
  P11D: 'P11D',
  PensionLetter: 'Pension letter',
};

/** '1 payslip' or '3 payslips'. */
export function payslipsCount(count: number): string {
  return count === 1 ? '1 payslip' : `${count.toLocaleString('en-GB')} payslips`;
}

/** '1 document' or '3 documents'. */
export function documentsCount(count: number): string {
  return count === 1 ? '1 document' : `${count.toLocaleString('en-GB')} documents`;
}

/** '1 file' or '3 files'. */
export function filesCount(count: number): string {
  return count === 1 ? '1 file' : `${count.toLocaleString('en-GB')} files`;
}
