// 'Forgot your password?': the request form, the link it e-mails, and the page that sets the new
// password (password-resets.ts). The request is throttled per client address and per e-mail
// address before anything else; whether the address has an account is found out after the answer.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Deps } from '../deps';
import { errorResponses } from '../http/errors';
import type { FieldError } from '../http/pages';
import { isEmail, PASSWORD_MAX, PASSWORD_MIN, chosenPasswordErrors } from '../http/validation';
import { requestLanguage } from '../http/request-language';
import { authTexts, chosenPasswordWords, waitWords } from './auth-texts';
import { retryAfterSeconds } from '../http/retry-after';
import { hashPassword } from './passwords';
import { chooseNewPasswordPage, forgotPasswordPage, resetLinkProblemPage, resetLinkSentPage, signInPage } from './pages';
import { ClientQuery, checkClient } from './client';
import { htmlResponse, pageConfig, sendPage } from './page-reply';
import { PasswordResets } from './password-resets';
import { linkBase } from './registration';
import { accountAlertSender } from '../identity/account-alerts';
import { Throttle, counterKind } from '../throttle/throttle';
import { passwordResetCounters } from './throttle-rules';
import { PUBLIC, Tag } from '../docs/openapi';

const short = (max = 200) => Type.Optional(Type.String({ maxLength: max }));
const ForgotForm = Type.Object(
  { client_id: Type.String({ minLength: 1, maxLength: 200 }), redirect_uri: short(2000), scope: short(500), state: short(2000), email: short(254) },
  { additionalProperties: false },
);
const ResetToken = Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', 'x-message': 'must be the token from the reset email' });
const ResetForm = Type.Object({ token: ResetToken, newPassword: short(PASSWORD_MAX), confirmPassword: short(PASSWORD_MAX) }, { additionalProperties: false });

export const passwordResetRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, deps) => {
  const { config, db, messages, tokens, afterAnswer } = deps;
  const throttle = new Throttle(db);
  const resets = new PasswordResets(db, messages);
  const alerts = accountAlertSender(config, db, messages, app.log);
  const page = (reply: FastifyReply, status: number, body: string) => sendPage(reply, config, status, body);
  /** The language the page answers in: the browser's choice among those offered (http/request-language.ts). */
  const languageOf = (request: FastifyRequest) => requestLanguage(request, config.languages);
  const wordsOf = (request: FastifyRequest) => authTexts(languageOf(request));

  app.get(
    '/account/forgot-password',
    {
      config: pageConfig,
      schema: {
        operationId: 'showForgotPasswordPage',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: "'Forgot your password?': the page that asks for the email address",
        querystring: ClientQuery,
        response: { 200: htmlResponse('The form'), ...errorResponses(400) },
      },
    },
    async (request, reply) => page(reply, 200, forgotPasswordPage(languageOf(request), checkClient(config, request.query), {}, [])),
  );

  app.post(
    '/account/forgot-password',
    {
      config: pageConfig,
      schema: {
        operationId: 'requestPasswordReset',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: 'Ask for a password reset link by email',
        consumes: ['application/x-www-form-urlencoded'],
        body: ForgotForm,
        response: {
          200: htmlResponse('"Check your email", whether or not the address has an account'),
          400: htmlResponse('The form with errors'),
          429: htmlResponse('Too many requests from this network or for this address (and Retry-After)'),
        },
      },
    },
    async (request, reply) => {
      const params = checkClient(config, request.body);
      const email = (request.body.email ?? '').trim();
      const errors: FieldError[] = [];
      if (!email) errors.push({ field: 'email', message: wordsOf(request)('enterEmail') });
      else if (!isEmail(email)) errors.push({ field: 'email', message: wordsOf(request)('enterEmailFormat') });
      if (errors.length) return page(reply, 400, forgotPasswordPage(languageOf(request), params, { email }, errors));

      // Both counters count an address whether or not it has an account: a refusal tells nothing.
      const refused = await throttle.take(passwordResetCounters(config.tokenSecret, email, request.ip));
      if (refused) {
        request.log.warn({ counter: counterKind(refused.key) }, 'password reset refused: too many requests');
        reply.header('Retry-After', retryAfterSeconds(refused.retryAfterMs));
        return page(
          reply,
          429,
          forgotPasswordPage(languageOf(request), params, { email }, [
            { field: 'email', message: wordsOf(request)('tooManyResets', { wait: waitWords(languageOf(request), refused.retryAfterMs) }) },
          ]),
        );
      }
      // Looking the address up, and e-mailing the link, happen after the answer: the same answer, as fast, either way.
      const language = languageOf(request);
      afterAnswer.run('password reset', () => resets.start(email, params, linkBase(config, params), language));
      return page(reply, 200, resetLinkSentPage(languageOf(request), params, email));
    },
  );

  app.get(
    '/account/reset-password',
    {
      config: pageConfig,
      schema: {
        operationId: 'showResetPasswordPage',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: "The link in the reset email: 'Choose a new password'",
        querystring: Type.Object({ token: ResetToken }, { additionalProperties: false }),
        response: { 200: htmlResponse('The form'), 400: htmlResponse('The link has expired or was used') },
      },
    },
    async (request, reply) => {
      if (!(await resets.isLive(request.query.token))) return page(reply, 400, resetLinkProblemPage(languageOf(request)));
      return page(reply, 200, chooseNewPasswordPage(languageOf(request), request.query.token, []));
    },
  );

  app.post(
    '/account/reset-password',
    {
      config: pageConfig,
      schema: {
        operationId: 'resetPassword',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: 'Set a new password with a reset link (once); ends every session of the user',
        consumes: ['application/x-www-form-urlencoded'],
        body: ResetForm,
        response: {
          200: htmlResponse('The sign-in page: "Your password has been changed"'),
          400: htmlResponse('The form with errors, or: the link has expired or was used'),
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
        if (!(await resets.isLive(token))) return page(reply, 400, resetLinkProblemPage(languageOf(request)));
        return page(reply, 400, chooseNewPasswordPage(languageOf(request), token, errors));
      }
      const done = await resets.complete(token, await hashPassword(newPassword, config.passwordCost));
      if (done.outcome === 'expired') return page(reply, 400, resetLinkProblemPage(languageOf(request)));
      // Whoever held a session may be who the owner is locking out: every session ends.
      await tokens.endAllSessions(done.userId);
      request.log.info({ userId: done.userId }, 'password reset; every session ended');
      const params = checkClient(config, done.client);
      // The owner's alert was queued with the new password (identity/new-password.ts).
      afterAnswer.run('account alerts', () => alerts.sendNow());
      return page(reply, 200, signInPage(languageOf(request), params, { email: done.email }, [], wordsOf(request)('passwordChanged')));
    },
  );
};
