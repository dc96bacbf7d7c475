// The link sent to a new sign-in email address (identity/email-changes.ts): a page with one button,
// whose post spends the link and moves the address.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Deps } from '../deps';
import { EmailChanges } from '../identity/email-changes';
import { confirmEmailPage, emailChangedPage, emailLinkProblemPage } from './pages';
import { portalHome } from './client';
import { htmlResponse, pageConfig, sendPage } from './page-reply';

const ConfirmToken = Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', 'x-message': 'must be the token from the email' });

export const emailChangeRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, deps) => {
  const { config, db, messages } = deps;
  const changes = new EmailChanges(db, messages);
  const page = (reply: FastifyReply, status: number, body: string) => sendPage(reply, config, status, body);

  app.get(
    '/account/confirm-email',
    {
      config: pageConfig,
      schema: {
        tags: ['sign-in'],
        summary: 'The link sent to a new email address: a page with one button that confirms it',
        querystring: Type.Object({ token: ConfirmToken }, { additionalProperties: false }),
        response: { 200: htmlResponse('The confirm page'), 400: htmlResponse('The link has expired or was used') },
      },
    },
    async (request, reply) => {
      const email = await changes.pendingEmail(request.query.token);
      if (!email) return page(reply, 400, emailLinkProblemPage('expired'));
      return page(reply, 200, confirmEmailPage(request.query.token, email));
    },
  );

  app.post(
    '/account/confirm-email',
    {
      config: pageConfig,
      schema: {
        tags: ['sign-in'],
        summary: 'Confirm a new sign-in email address (once)',
        consumes: ['application/x-www-form-urlencoded'],
        body: Type.Object({ token: ConfirmToken }, { additionalProperties: false }),
        response: {
          200: htmlResponse('"Your email address has been changed"'),
          400: htmlResponse('The link has expired or was used'),
          409: htmlResponse('Another account uses the address by now'),
        },
      },
    },
    async (request, reply) => {
      const done = await changes.confirm(request.body.token);
      if (done.outcome === 'expired') return page(reply, 400, emailLinkProblemPage('expired'));
      if (done.outcome === 'taken') return page(reply, 409, emailLinkProblemPage('taken'));
      request.log.info('sign-in email address changed by its link');
      return page(reply, 200, emailChangedPage(done.email, portalHome(config)));
    },
  );
};
