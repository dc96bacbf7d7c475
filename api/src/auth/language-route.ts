// The sign-in pages' language switch: a plain link (the pages run no script of their own) that keeps
// the choice in the `portal-language` cookie, as the portal's own switch does (shared/src/i18n.ts),
// and goes back to the page it was chosen on, now in that language.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Deps } from '../deps';
import { isSecure } from '../http/cookies';
import { errorResponses } from '../http/errors';
import { LANGUAGE_COOKIE } from '../http/request-language';
import { safeRedirect } from '../http/redirects';
import { PUBLIC, Tag } from '../docs/openapi';
import { pageConfig, redirectResponse } from './page-reply';

export const LANGUAGE_PATH = '/account/language';

/** A year: the choice outlives a session, as GOV.UK's does (the portal's switch keeps it as long). */
const KEPT_SECONDS = 60 * 60 * 24 * 365;

export const languageRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { config }) => {
  app.get(
    `${LANGUAGE_PATH}/:language`,
    {
      config: pageConfig,
      schema: {
        operationId: 'chooseLanguage',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: 'The sign-in pages’ language switch: keeps the choice in the portal-language cookie and goes back to the page',
        params: Type.Object({ language: Type.Union([Type.Literal('en'), Type.Literal('cy')]) }, { additionalProperties: false }),
        // A sign-in page's address can be long (its client's redirect and state): any length the
        // server takes is taken, and anything else in the query is left alone.
        querystring: Type.Object({ return: Type.Optional(Type.String({ description: 'The page to go back to: a path on the portal' })) }),
        response: { 303: redirectResponse('Back to the page, or to the portal’s home page'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { language } = request.params;
      // Only a language the portal offers is kept; the page comes back as it was otherwise.
      if (config.languages.includes(language)) {
        reply.setCookie(LANGUAGE_COOKIE, language, { path: '/', maxAge: KEPT_SECONDS, sameSite: 'lax', secure: isSecure(request, config) });
      }
      // Back to a page of the portal only: no open redirect (http/redirects.ts).
      const back = safeRedirect(request.query.return, []) ?? '/';
      return reply.redirect(back, 303);
    },
  );
};
