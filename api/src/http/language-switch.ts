// The language switch of a server-rendered page (the layout leaves its place: LANGUAGE_SWITCH_MARKER):
// where the portal offers Welsh, a page shown for a GET names the other language in itself and links
// to /account/language/{language}, which keeps the choice and comes back to this very page. A page
// shown after a form was sent has no address to come back to, so it keeps the language it has.
import type { FastifyRequest } from 'fastify';
import type { Language } from '../languages/language';
import { LANGUAGE_SWITCH_MARKER, escapeHtml, pageKitTexts } from './pages';
import { requestLanguage } from './request-language';

const OTHER: Record<Language, Language> = { en: 'cy', cy: 'en' };

export function withLanguageSwitch(page: string, request: FastifyRequest, offered: readonly Language[]): string {
  if (!page.includes(LANGUAGE_SWITCH_MARKER)) return page;
  const language = requestLanguage(request, offered);
  const other = OTHER[language];
  if (request.method !== 'GET' || !offered.includes(other)) return page.replace(LANGUAGE_SWITCH_MARKER, '');
  const t = pageKitTexts(language);
  const href = `/account/language/${other}?return=${encodeURIComponent(request.url)}`;
  const link = `<nav class="language-switch" aria-label="${escapeHtml(t('languageNav'))}"><a href="${escapeHtml(href)}" lang="${other}" hreflang="${other}">${escapeHtml(t('otherLanguage'))}</a></nav>`;
  return page.replace(LANGUAGE_SWITCH_MARKER, link);
}
