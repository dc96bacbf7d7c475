// The pay explanations' words for a document the API draws (a payslip PDF), in the language it is
// drawn for. The texts are the very catalog the screens read (@portal/shared/pay-insights/messages),
// compiled here once per language with Lingui's own compiler into an instance of its own: a server
// draws for many people at once, so the language is the document's, never a global.
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { parseIsoDate } from '@portal/shared/format';
import type { PayWords } from '@portal/shared/pay-insights/words';
import cy from '@portal/shared/pay-insights/messages/cy.json';
import en from '@portal/shared/pay-insights/messages/en.json';
import type { Language } from './language';

const CATALOGS: Record<Language, Record<string, string>> = { en, cy };
/** Node's Intl has Welsh dates ('5 Ebrill 2024'); money is written alike in both. */
const INTL_LOCALES: Record<Language, string> = { en: 'en-GB', cy: 'cy-GB' };

function compiled(language: Language): I18n {
  const messages = Object.fromEntries(Object.entries(CATALOGS[language]).map(([id, message]) => [id, compileMessage(message)]));
  return setupI18n({ locale: language, messages: { [language]: messages } });
}

function wordsIn(language: Language): PayWords {
  const i18n = compiled(language);
  const longDate = new Intl.DateTimeFormat(INTL_LOCALES[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const monthYear = new Intl.DateTimeFormat(INTL_LOCALES[language], { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const write = (format: Intl.DateTimeFormat, iso: string) => {
    const date = parseIsoDate(iso);
    return date ? format.format(date) : iso;
  };
  return {
    text: (id, values) => i18n._(id, values),
    longDate: (iso) => write(longDate, iso),
    monthYear: (iso) => write(monthYear, iso),
  };
}

const made = new Map<Language, PayWords>();

/** The explanations' words in `language`, compiled on first use. */
export function payWords(language: Language): PayWords {
  let words = made.get(language);
  if (!words) made.set(language, (words = wordsIn(language)));
  return words;
}
