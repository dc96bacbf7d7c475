// The pay explanations' words for a document the API draws (a payslip PDF), in the language it is
// drawn for: the very catalog the screens read (@portal/shared/pay-insights/messages), read through
// the API's own instance per language (catalog.ts), with Node's own dates in that language.
import { parseIsoDate } from '@portal/shared/format';
import cy from '@portal/shared/pay-insights/messages/cy.json';
import en from '@portal/shared/pay-insights/messages/en.json';
import type { PayTextId, PayWords } from '@portal/shared/pay-insights/words';
import { serverCatalog } from './catalog';
import { INTL_LOCALES, type Language } from './language';

const payTexts = serverCatalog<PayTextId>({ en, cy });

function wordsIn(language: Language): PayWords {
  const longDate = new Intl.DateTimeFormat(INTL_LOCALES[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const monthYear = new Intl.DateTimeFormat(INTL_LOCALES[language], { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const write = (format: Intl.DateTimeFormat, iso: string) => {
    const date = parseIsoDate(iso);
    return date ? format.format(date) : iso;
  };
  return { text: payTexts(language), longDate: (iso) => write(longDate, iso), monthYear: (iso) => write(monthYear, iso) };
}

const made = new Map<Language, PayWords>();

/** The explanations' words in `language`. */
export function payWords(language: Language): PayWords {
  let words = made.get(language);
  if (!words) made.set(language, (words = wordsIn(language)));
  return words;
}
