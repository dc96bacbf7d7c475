// A folder's texts (`messages/en.json` and `messages/cy.json`, ICU message format: the screens' own
// format, checked by tools/messages.test.mjs) as the API reads them: compiled on first use with Lingui's
// compiler into an instance of one language alone, since a server writes for people in both languages
// at once and a global language would let one person's document speak another's.
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Language } from './language';

export type TextValues = Record<string, string | number>;

/** One language's texts: a text by its id, its placeholders filled. */
export type Texts<Id extends string> = (id: Id, values?: TextValues) => string;

function compiled(language: Language, messages: Record<string, string>): I18n {
  const tokens = Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, compileMessage(message)]));
  return setupI18n({ locale: language, messages: { [language]: tokens } });
}

/**
 * Values as they are written, whatever they hold: Lingui decodes `\uXXXX` and `\xXX` escapes in the
 * finished text, values included, so an address or a name holding one would print another character
 * (a line break in an e-mail). A backslash written as `\u005c` comes out of that decoding as itself.
 * The front end's `t` does the same (shared/src/i18n.ts).
 */
function literalValues(values: TextValues): TextValues {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? value.replaceAll('\\', '\\u005c') : value]));
}

/** The catalog's texts in each language, each compiled the first time it is asked for. */
export function serverCatalog<Id extends string>(catalogs: Record<Language, Record<Id, string>>): (language: Language) => Texts<Id> {
  const made = new Map<Language, Texts<Id>>();
  return (language) => {
    let texts = made.get(language);
    if (!texts) {
      const i18n = compiled(language, catalogs[language]);
      made.set(language, (texts = (id, values) => i18n._(id, values && literalValues(values))));
    }
    return texts;
  };
}
