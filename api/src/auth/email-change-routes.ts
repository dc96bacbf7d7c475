// The links of an address change (identity/email-changes.ts): the one sent to a new sign-in or
// notification address (a page with one button, whose post spends the link and moves the address),
// and the one sent to the replaced sign-in address, which puts it back with a new password.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Deps } from '../deps';
import type { FieldError } from '../http/pages';
import { PASSWORD_MAX, PASSWORD_MIN, chosenPasswordErrors } from '../http/validation';
import { requestLanguage } from '../http/request-language';
import { chosenPasswordWords } from './auth-texts';
import { EmailChanges, emailLinkBase } from '../identity/email-changes';
import { accountAlertSender } from '../identity/account-alerts';
import { confirmEmailPage, emailChangeUndonePage, emailChangedPage, emailLinkProblemPage, undoEmailChangePage } from './pages';
import { portalHome } from './client';
import { htmlResponse, pageConfig, sendPage } from './page-reply';
import { hashPassword } from './passwords';
import { PUBLIC, Tag } from '../docs/openapi';

const LinkToken = Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', 'x-message': 'must be the token from the email' });
const short = (max = 200) => Type.Optional(Type.String({ maxLength: max }));

export const emailChangeRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, deps) => {
  const { config, db, messages, tokens } = deps;
  const changes = new EmailChanges(db, messages);
  const alerts = accountAlertSender(config, db, messages, app.log);
  const page = (reply: FastifyReply, status: number, body: string) => sendPage(reply, config, status, body);
  /** The language the page answers in: the browser's choice among those offered (http/request-language.ts). */
  const languageOf = (request: FastifyRequest) => requestLanguage(request, config.languages);

  app.get(
    '/account/confirm-email',
    {
      config: pageConfig,
      schema: {
        operationId: 'showConfirmEmailPage',
        tags: [Tag.account],
        security: PUBLIC,
        summary: 'The link sent to a new email address (sign-in or notifications): a page with one button that confirms it',
        querystring: Type.Object({ token: LinkToken }, { additionalProperties: false }),
        response: { 200: htmlResponse('The confirm page'), 400: htmlResponse('The link has expired or was used') },
      },
    },
    async (request, reply) => {
      const pending = await changes.pending(request.query.token);
      if (!pending) return page(reply, 400, emailLinkProblemPage(languageOf(request), 'expired'));
      return page(reply, 200, confirmEmailPage(languageOf(request), request.query.token, pending.email, pending.purpose));
    },
  );

  app.post(
    '/account/confirm-email',
    {
      config: pageConfig,
      schema: {
        operationId: 'confirmEmail',
        tags: [Tag.account],
        security: PUBLIC,
        summary: 'Confirm a new sign-in or notification email address (once); a sign-in change e-mails the replaced address a link that undoes it',
        consumes: ['application/x-www-form-urlencoded'],
        body: Type.Object({ token: LinkToken }, { additionalProperties: false }),
        response: {
          200: htmlResponse('"Your email address has been changed"'),
          400: htmlResponse('The link has expired or was used'),
          409: htmlResponse('Another account uses the address by now'),
        },
      },
    },
    async (request, reply) => {
      const done = await changes.confirm(request.body.token, emailLinkBase(config, request));
      if (done.outcome === 'expired') return page(reply, 400, emailLinkProblemPage(languageOf(request), 'expired'));
      if (done.outcome === 'taken') return page(reply, 409, emailLinkProblemPage(languageOf(request), 'taken'));
      request.log.info({ purpose: done.purpose }, 'email address changed by its link');
      deps.afterAnswer.run('account alerts', () => alerts.sendNow());
      return page(reply, 200, emailChangedPage(languageOf(request), done.email, portalHome(config), done.purpose));
    },
  );

  app.get(
    '/account/undo-email-change',
    {
      config: pageConfig,
      schema: {
        operationId: 'showUndoEmailChangePage',
        tags: [Tag.account],
        security: PUBLIC,
        summary: 'The link sent to the replaced sign-in address: the page that puts it back with a new password',
        querystring: Type.Object({ token: LinkToken }, { additionalProperties: false }),
        response: { 200: htmlResponse('The form'), 400: htmlResponse('The link has expired or was used') },
      },
    },
    async (request, reply) => {
      const email = await changes.pendingUndo(request.query.token);
      if (!email) return page(reply, 400, emailLinkProblemPage(languageOf(request), 'expired'));
      return page(reply, 200, undoEmailChangePage(languageOf(request), request.query.token, email, []));
    },
  );

  app.post(
    '/account/undo-email-change',
    {
      config: pageConfig,
      schema: {
        operationId: 'undoEmailChange',
        tags: [Tag.account],
        security: PUBLIC,
        summary: 'Put the replaced sign-in address back (once, for 14 days) with a new password; ends every session and every waiting link of the account',
        consumes: ['application/x-www-form-urlencoded'],
        body: Type.Object({ token: LinkToken, newPassword: short(PASSWORD_MAX), confirmPassword: short(PASSWORD_MAX) }, { additionalProperties: false }),
        response: {
          200: htmlResponse('"Your email address has been changed back"'),
          400: htmlResponse('The form with errors, or: the link has expired or was used'),
          409: htmlResponse('Another account uses the address by now'),
        },
      },
    },
    async (request, reply) => {
      const { token, newPassword = '', confirmPassword = '' } = request.body;
      const errors: FieldError[] = chosenPasswordWords(
        languageOf(request),
        chosenPasswordErrors(newPassword, confirmPassword, 'newPassword', { tooShort: 'Your new password', mismatch: 'The passwords do not match' }),
        PASSWORD_MIN,
      );
      if (errors.length) {
        const email = await changes.pendingUndo(token);
        return page(reply, 400, email ? undoEmailChangePage(languageOf(request), token, email, errors) : emailLinkProblemPage(languageOf(request), 'expired'));
      }
      const done = await changes.undo(token, await hashPassword(newPassword, config.passwordCost));
      if (done.outcome === 'expired') return page(reply, 400, emailLinkProblemPage(languageOf(request), 'expired'));
      if (done.outcome === 'taken') return page(reply, 409, emailLinkProblemPage(languageOf(request), 'taken'));
      await tokens.endAllSessions(done.userId);
      request.log.info({ userId: done.userId }, 'email change undone; every session ended');
      deps.afterAnswer.run('account alerts', () => alerts.sendNow());
      return page(reply, 200, emailChangeUndonePage(languageOf(request), done.email));
    },
  );
};
