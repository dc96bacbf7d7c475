// The portal's two languages, English and Welsh (Cymraeg), through Lingui's one i18n instance: a module
// of @portal/shared, so the host and every remote share it (docs/architecture.md "Languages"). The
// language is chosen once per page load (a switch reloads the page), so a text read with `t` never
// needs a re-render. Each feature folder keeps its texts in `messages/en.json` and `messages/cy.json`
// (ICU message format, ids named after the folder); the build compiles them (tools/rspack/messages-loader.mjs).
import { i18n, type Messages } from '@lingui/core';
import { LOCALE } from '@portal/shared/constants';
import { intlSpeaks, setIntlLocale } from '@portal/shared/intl-locale';

export type Language = 'en' | 'cy';

export const LANGUAGES: readonly Language[] = ['en', 'cy'];

/** The cookie that remembers a signed-out visitor's choice (a signed-in person's is on their account too). */
export const LANGUAGE_COOKIE = 'portal-language';

/** A year: the choice outlives a session, as GOV.UK's does. */
const LANGUAGE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** Each language's name in itself: what the switch offers. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', cy: 'Cymraeg' };

/** The Intl locale of dates and money in each language. */
const INTL_LOCALES: Readonly<Record<Language, string>> = { en: LOCALE, cy: 'cy-GB' };

const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'cy';

/** Every English message added so far: what a message with no Welsh yet falls back to. */
const english: Messages = {};

// English until the host activates the page's language, so `t` works in any test or harness.
i18n.load('en', english);
i18n.activate('en');

/** The language named by the cookie, or else the first of the browser's languages (its Accept-Language) the portal speaks. */
export function chooseLanguage(cookieHeader: string, browserLanguages: readonly string[]): Language {
  const cookie = cookieHeader
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  if (isLanguage(cookie)) return cookie;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/** Remembers the choice in the cookie (no account needed). */
export function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}

/**
 * Makes `language` the page's: Lingui's locale, the formats' and `<html lang>` for screen readers and
 * spelling. Resolves once its dates can be written: a browser whose Intl has no Welsh (Chromium's)
 * first loads the Welsh month names; the host awaits it before the first render.
 */
export async function activateLanguage(language: Language): Promise<void> {
  if (language === 'cy') i18n.load('cy', {});
  i18n.activate(language);
  const locale = INTL_LOCALES[language];
  setIntlLocale(locale);
  document.documentElement.lang = language;
  if (language === 'cy' && !intlSpeaks(locale)) {
    try {
      const { WELSH_MONTHS } = await import('@portal/shared/welsh-months');
      if (currentLanguage() === 'cy') setIntlLocale(locale, WELSH_MONTHS);
    } catch {
      // Dates keep en-GB's month names rather than the page not starting (the chunk's failure is in the console).
    }
  }
}

/** The page's language ('en' until the host activates one). */
export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}

/** A folder's messages in each language: English as imported, Welsh loaded when it is the page's. */
export type MessageCatalogs<Id extends string> = { en: Record<Id, string>; cy: () => Promise<{ default: Messages }> };

/**
 * A folder's texts: `t` reads one in the page's language; `load` brings the page's language's before a
 * first render, and never fails: a Welsh catalog that cannot be loaded leaves the folder's English.
 */
export type FolderMessages<Id extends string> = {
  t: (id: Id, values?: Record<string, unknown>) => string;
  load: () => Promise<void>;
};

/**
 * Values as they are written: Lingui decodes `\uXXXX` and `\xXX` escapes in the finished text, values
 * included, so a payslip line or a name holding one would show another character. A backslash written
 * as `\u005c` comes out of that decoding as itself (the API does the same: api/src/languages/catalog.ts).
 */
const literalValues = (values: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? value.replaceAll('\\', '\\u005c') : value]));

const withNamespace = (namespace: string, messages: Messages): Messages =>
  Object.fromEntries(Object.entries(messages).map(([id, message]) => [`${namespace}.${id}`, message]));

/**
 * A feature folder's messages under its own namespace (ids are `namespace.id` in Lingui's one
 * dictionary, so folders never collide). English is added at once, so its texts read right wherever the
 * folder's code runs (a test, the landing page rendered at build time); a message with no Welsh yet
 * shows its English (tools/messages.test.mjs fails first).
 */
export function defineMessages<Id extends string>(namespace: string, catalogs: MessageCatalogs<Id>): FolderMessages<Id> {
  Object.assign(english, withNamespace(namespace, catalogs.en));
  let welsh: Promise<void> | undefined;
  return {
    t(id, given) {
      const key = `${namespace}.${id}`;
      const values = given && literalValues(given);
      if (Object.prototype.hasOwnProperty.call(i18n.messages, key)) return i18n._(key, values);
      // Compiled in a build; a test's raw English is compiled on use by Lingui outside production.
      return i18n._({ id: key, message: english[key] as string | undefined, values });
    },
    load() {
      if (currentLanguage() !== 'cy') return Promise.resolve();
      welsh ??= catalogs.cy().then(
        (loaded) => i18n.load('cy', withNamespace(namespace, loaded.default)),
        (error: unknown) => {
          // The page shows this folder's English rather than fail; the next load asks again.
          welsh = undefined;
          console.error(`The Welsh texts of ${namespace} could not be loaded.`, error);
        },
      );
      return welsh;
    },
  };
}
