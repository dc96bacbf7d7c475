// "Asked for on Friday 27 November 2026 at 19:40 from Chrome on Windows": the line an e-mailed link
// carries so its reader can tell a request they did not make. The browser and system are read from
// the User-Agent by a few well-known tokens (an unknown one is named as such); the time is UK time.

import { INTL_LOCALES, type Language } from '../languages/language';
import { authTexts } from './auth-texts';

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (table: [RegExp, string][], text: string) => table.find(([pattern]) => pattern.test(text))?.[1];

/** 'Chrome on Windows', 'Safari on iOS', 'an unknown browser', in the e-mail's language. */
export function describeDevice(userAgent: string | undefined, language: Language = 'en'): string {
  const t = authTexts(language);
  const ua = userAgent ?? '';
  const browser = firstMatch(BROWSERS, ua);
  const system = firstMatch(SYSTEMS, ua);
  if (browser && system) return t('browserOnSystem', { browser, system });
  if (browser) return browser;
  if (system) return t('aBrowserOnSystem', { system });
  return t('anUnknownBrowser');
}

const londonFormats = new Map<Language, Intl.DateTimeFormat>();
const londonFormat = (language: Language) => {
  let format = londonFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[language], {
      timeZone: 'Europe/London',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    londonFormats.set(language, format);
  }
  return format;
};

/** 'Asked for on Friday 27 November 2026 at 19:40 from Chrome on Windows' (UK time), in the e-mail's language. */
export function askedFromLine(at: Date, userAgent: string | undefined, language: Language = 'en'): string {
  const part = Object.fromEntries(
    londonFormat(language)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return authTexts(language)('askedFrom', {
    // A Welsh day as an adverb of time takes its soft mutation: 'ddydd Gwener' (Intl writes 'Dydd Gwener').
    weekday: language === 'cy' ? part.weekday!.replace(/^Dydd /, 'ddydd ') : part.weekday!,
    date: `${part.day} ${part.month} ${part.year}`,
    time: `${part.hour}:${part.minute}`,
    device: describeDevice(userAgent, language),
  });
}
