// What a notice of a new payslip or P60 says, in the language the person chose (messages/en.json and
// messages/cy.json). The words name the employer and the document, never a pay figure: a text or an
// e-mail can be read by anyone holding the phone or the inbox.
import { serverCatalog } from '../languages/catalog';
import { INTL_LOCALES, type Language } from '../languages/language';
import cy from './messages/cy.json';
import en from './messages/en.json';

export type Notice =
  | { kind: 'payslip'; source: string; employmentId: string; payDate: string }
  | { kind: 'P60'; source: string; employmentId: string; taxYear: string }
  /** The payroll team answered a question about a payslip (the answer itself is read in the portal). */
  | { kind: 'answer'; source: string; employmentId: string; payDate: string };

const noticeTexts = serverCatalog<keyof typeof en>({ en, cy });

function longDate(iso: string, language: Language): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString(INTL_LOCALES[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export function wording(notice: Notice, employer: string, language: Language = 'en'): { subject: string; email: string; sms: string } {
  const t = noticeTexts(language);
  switch (notice.kind) {
    case 'answer': {
      const values = { employer, date: longDate(notice.payDate, language) };
      return { subject: t('answerSubject'), email: t('answerEmail', values), sms: t('answerSms', values) };
    }
    case 'payslip': {
      const values = { employer, date: longDate(notice.payDate, language) };
      return { subject: t('payslipSubject'), email: t('payslipReadyEmail', values), sms: t('payslipReadySms', values) };
    }
    case 'P60': {
      const values = { employer, taxYear: notice.taxYear };
      return { subject: t('p60Subject'), email: t('p60ReadyEmail', values), sms: t('p60ReadySms', values) };
    }
  }
}
