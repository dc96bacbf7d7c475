// The language a request asks to be answered in, as the portal's pages choose theirs
// (shared/src/i18n.ts chooseLanguage), among the languages the portal offers (LANGUAGES): the
// `portal-language` cookie the language switch sets, else the first language of Accept-Language
// offered, by the weights the browser gives, else English. A download opened as a plain link (a PDF
// in a new tab) carries the cookie as every call does.
import type { FastifyRequest } from 'fastify';
import { isLanguage, type Language } from '../languages/language';

/** The cookie the language switch sets (shared/src/i18n.ts LANGUAGE_COOKIE). */
export const LANGUAGE_COOKIE = 'portal-language';

/** Accept-Language's languages, most wanted first ('cy-GB,cy;q=0.9,en;q=0.8' → cy-GB, cy, en). */
function acceptedLanguages(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, weight }) => tag && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}

export function requestLanguage(request: FastifyRequest, offered: readonly Language[]): Language {
  const isOffered = (value: unknown): value is Language => isLanguage(value) && offered.includes(value);
  const cookie = request.cookies?.[LANGUAGE_COOKIE];
  if (isOffered(cookie)) return cookie;
  const header = request.headers['accept-language'];
  for (const tag of acceptedLanguages(typeof header === 'string' ? header : '')) {
    const primary = tag.split('-')[0];
    if (isOffered(primary)) return primary;
  }
  return 'en';
}
