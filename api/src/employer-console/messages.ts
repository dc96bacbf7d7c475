// What the employer console sends: invitations to employees (by text with a one-time link, by
// e-mail telling them to register with that address), the note that a record is unlocked, and
// invitations to become an admin. Each message to an employee names its record, so the record's
// messages can be listed (message_deliveries).
import type { Message } from '../messages/transport';

export const INVITATION_TTL_MS = 14 * 24 * 3600_000;

export function textInvitation(employerName: string, to: string, base: string, token: string, employmentId: string): Message {
  return {
    channel: 'sms',
    to,
    about: { employmentId, kind: 'invitation' },
    subject: `${employerName} invites you to the pay portal`,
    body: `${employerName} invites you to see your payslips on the pay portal: ${base}/?token=${token} (the link works once, for 14 days).`,
  };
}

export function emailInvitation(employerName: string, to: string, base: string, employmentId: string): Message {
  return {
    channel: 'email',
    to,
    about: { employmentId, kind: 'invitation' },
    subject: `${employerName} invites you to the pay portal`,
    body:
      `${employerName} now shares your payslips and pay documents on the pay portal.\n\n` +
      `Register at ${base}/ with this e-mail address (${to}): it is the address ${employerName} has for you. ` +
      `Then link your ${employerName} payroll record: the portal sends a linking code to this address and asks a few details only you know.\n\n` +
      `This invitation stays open for 14 days. If you did not expect it, you can ignore this message.`,
  };
}

export function unlockedMessage(employerName: string, channel: 'email' | 'sms', to: string, base: string, employmentId: string): Message {
  return {
    channel,
    to,
    about: { employmentId, kind: 'unlocked' },
    subject: `Your ${employerName} payroll record is unlocked`,
    body:
      channel === 'sms'
        ? `${employerName} has unlocked your payroll record on the pay portal. You can try linking it again: ${base}/`
        : `${employerName} has unlocked your payroll record on the pay portal, after it was locked by too many failed identity checks.\n\n` +
          `You can try linking it again at ${base}/. If you did not try to link it, please tell ${employerName}.`,
  };
}

export function adminInvitationMessage(employerName: string, inviter: string | null, to: string, link: string): Message {
  return {
    channel: 'email',
    to,
    subject: `You are invited to run ${employerName}'s employer console`,
    body:
      `${inviter ?? 'The pay portal'} invited you to be an admin of ${employerName} in the pay portal's employer console.\n\n` +
      `Sign in (or register) with this e-mail address (${to}), then open this link within 14 days: ${link}\n\n` +
      `The link works once. If you did not expect it, you can ignore this message.`,
  };
}
