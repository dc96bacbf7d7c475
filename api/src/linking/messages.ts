// What linking sends: a code, or, for a locked record, why no code can come.
import type { Message } from '../messages/transport';
import type { ReachedRecord } from './records-repository';

export function codeMessage(record: ReachedRecord, code: string): Message {
  return {
    channel: record.channel,
    to: record.to,
    // Names the record, so the employer's console can list that a code went to it (never the code).
    about: { employmentId: record.id, kind: 'code' },
    subject: `Your linking code for ${record.employerName}`,
    body: `Your pay portal linking code for ${record.employerName} is ${code}.\n\nIt expires in 10 minutes and works once. If you did not ask for it, you can ignore this message.`,
  };
}

export function lockedRecordMessage(record: ReachedRecord): Message {
  return {
    channel: record.channel,
    to: record.to,
    subject: `Your ${record.employerName} payroll record is locked`,
    body: `Someone asked for a pay portal linking code for your ${record.employerName} payroll record, but the record is locked after too many failed identity checks, so no code can be sent.\n\nPlease contact your employer to unlock it. If you did not ask for a code, you can ignore this message.`,
  };
}
