// The language switch of a server-rendered page written in both languages (the layout marks its place
// with the page's language: languageSwitchMarker): where the portal offers the other language, a page
// shown for a GET names it in itself and links to /account/language/{language}, which keeps the choice
// and comes back to this very page. A page shown after a form was sent has no address to come back
// to, so it keeps the language it has.
import type { FastifyRequest } from 'fastify';
import { isLanguage, type Language } from '../languages/language';
import { escapeHtml, pageKitTexts } from './pages';

const MARKER = /<!--language-switch:(\w+)-->/;
const OTHER: Record<Language, Language> = { en: 'cy', cy: 'en' };

export function withLanguageSwitch(page: string, request: FastifyRequest, offered: readonly Language[]): string {
  const marked = MARKER.exec(page);
  if (!marked) return page;
  const language = isLanguage(marked[1]) ? marked[1] : 'en';
  const other = OTHER[language];
  if (request.method !== 'GET' || !offered.includes(other)) return page.replace(MARKER, '');
  const t = pageKitTexts(language);
  const href = `/account/language/${other}?return=${encodeURIComponent(request.url)}`;
  const link = `<nav class="language-switch" aria-label="${escapeHtml(t('languageNav'))}"><a href="${escapeHtml(href)}" lang="${other}" hreflang="${other}">${escapeHtml(t('otherLanguage'))}</a></nav>`;
  return page.replace(MARKER, link);
}
