// What linking sends: a code, or, for a locked record, why no code can come, in the language of the
// person who asked (messages/en.json and messages/cy.json).
import { serverCatalog } from '../languages/catalog';
import type { Language } from '../languages/language';
import type { Message } from '../messages/transport';
import cy from './messages/cy.json';
import en from './messages/en.json';
import type { ReachedRecord } from './records-repository';

const linkingTexts = serverCatalog<keyof typeof en>({ en, cy });

export function codeMessage(record: ReachedRecord, code: string, language: Language = 'en'): Message {
  const t = linkingTexts(language);
  return {
    channel: record.channel,
    to: record.to,
    // Names the record, so the employer's console can list that a code went to it (never the code).
    about: { employmentId: record.id, kind: 'code' },
    subject: t('codeSubject', { employer: record.employerName }),
    body: t('codeBody', { employer: record.employerName, code }),
  };
}

export function lockedRecordMessage(record: ReachedRecord, language: Language = 'en'): Message {
  const t = linkingTexts(language);
  return {
    channel: record.channel,
    to: record.to,
    subject: t('lockedSubject', { employer: record.employerName }),
    body: t('lockedBody', { employer: record.employerName }),
  };
}
