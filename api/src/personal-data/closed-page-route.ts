// GET /account/closed: where the browser lands once an account is closed and signed out (the host's
// sign-out goes here instead of the landing page). A page of the sign-in service's own style, the
// same for anyone (in the browser's language): it holds nothing of the account, which no longer exists.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { htmlResponse, pageConfig, sendPage } from '../auth/page-reply';
import { escapeHtml, layout } from '../http/pages';
import { requestLanguage } from '../http/request-language';
import { serverCatalog } from '../languages/catalog';
import type { Language } from '../languages/language';
import cy from './messages/cy.json';
import en from './messages/en.json';
import { PUBLIC, Tag } from '../docs/openapi';

export const ACCOUNT_CLOSED_PATH = '/account/closed';

const closedTexts = serverCatalog<keyof typeof en>({ en, cy });

export function accountClosedPage(language: Language = 'en'): string {
  const t = closedTexts(language);
  return layout(
    t('closedTitle'),
    `<h1>${escapeHtml(t('closedTitle'))}</h1>
<p class="notice" role="status">${escapeHtml(t('closedStatus'))}</p>
<p>${escapeHtml(t('closedRecords'))}</p>
<p>${escapeHtml(t('closedAgain'))}</p>
<p><a href="/">${escapeHtml(t('goToPortal'))}</a></p>`,
    { language },
  );
}

export const accountClosedPageRoute: FastifyPluginAsyncTypebox<Deps> = async (app, { config }) => {
  app.get(
    ACCOUNT_CLOSED_PATH,
    {
      config: pageConfig,
      schema: {
        operationId: 'showAccountClosedPage',
        tags: [Tag.account],
        security: PUBLIC,
        summary: 'The page shown once an account is closed and signed out',
        response: { 200: htmlResponse('Your account is closed') },
      },
    },
    async (request, reply) => sendPage(reply, config, 200, accountClosedPage(requestLanguage(request, config.languages))),
  );
};
