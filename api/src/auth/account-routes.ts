// The account page (/account/) and the password change it offers (password-change.ts: the user's
// other sessions and every waiting reset link and address change end).
import { requestLanguage } from '../http/request-language';
import type { Language } from '../languages/language';
import { authTexts, chosenPasswordWords, waitWords } from './auth-texts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Deps } from '../deps';
import { COOKIES } from '../http/cookies';
import { withQuery } from '../http/redirects';
import { PASSWORD_MAX, PASSWORD_MIN } from '../http/validation';
import type { FieldError } from '../http/pages';
import { IdentityRepository } from '../identity/repository';
import type { IdentityRow } from '../identity/repository';
import { accountPage } from './pages';
import { knownClientId, portalHome } from './client';
import { htmlResponse, pageConfig, redirectResponse, sendPage } from './page-reply';
import { Throttle, counterKind } from '../throttle/throttle';
import { changePassword } from './password-change';
import type { PasswordChangeProblem } from './password-change';
import { accountAlertSender } from '../identity/account-alerts';
import { retryAfterSeconds } from '../http/retry-after';
import { Tag } from '../docs/openapi';

const short = (max = 200) => Type.Optional(Type.String({ maxLength: max }));
const PasswordForm = Type.Object(
  { client_id: short(200), currentPassword: short(PASSWORD_MAX), newPassword: short(PASSWORD_MAX), confirmPassword: short(PASSWORD_MAX) },
  { additionalProperties: false },
);

function accountView(user: IdentityRow) {
  return {
    name: [user.first_name, user.middle_name, user.last_name].filter(Boolean).join(' '),
    email: user.email,
    mobilePhone: user.mobile_phone,
    birthDate: user.birth_date,
  };
}

/** A password change's problems in the page's words, by their rule. */
function problemWords(language: Language, problems: PasswordChangeProblem[]): FieldError[] {
  return problems.map((problem) =>
    problem.rule === 'not_right'
      ? { ...problem, message: authTexts(language)('currentPasswordNotRight') }
      : chosenPasswordWords(language, [problem], PASSWORD_MIN)[0]!,
  );
}

export const accountRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, deps) => {
  const { config, tokens, db } = deps;
  const identities = new IdentityRepository(db);
  const alerts = accountAlertSender(config, db, deps.messages, app.log);
  const throttle = new Throttle(db);
  const home = portalHome(config);

  /** The signed-in identity user and their session, or null after redirecting a signed-out visitor to sign in. */
  async function accountOrRedirect(request: FastifyRequest, reply: FastifyReply, clientId: string) {
    const claims = await tokens.verifyAccessToken(request.cookies[COOKIES.access]);
    const user = claims && (await identities.findById(claims.sub));
    if (!claims || !user) {
      await reply.redirect(withQuery('/app/login/', { client_id: clientId, redirect_uri: withQuery('/account/', { client_id: clientId }) }), 302);
      return null;
    }
    return { user, sessionId: claims.sid };
  }

  app.get(
    '/account/',
    {
      config: pageConfig,
      schema: {
        operationId: 'showAccountPage',
        tags: [Tag.account],
        summary: 'Account management page',
        querystring: Type.Object({ client_id: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: true }),
        response: { 200: htmlResponse('Account page'), 302: redirectResponse('To sign in when signed out') },
      },
    },
    async (request, reply) => {
      const clientId = knownClientId(config, request.query.client_id);
      const account = await accountOrRedirect(request, reply, clientId);
      if (!account) return reply;
      return sendPage(reply, config, 200, accountPage(requestLanguage(request, config.languages), clientId, home, accountView(account.user), []));
    },
  );

  app.post(
    '/account/password',
    {
      config: pageConfig,
      schema: {
        operationId: 'changePassword',
        tags: [Tag.account],
        summary: 'Change password',
        consumes: ['application/x-www-form-urlencoded'],
        body: PasswordForm,
        response: {
          200: htmlResponse('Account page'),
          302: redirectResponse('To sign in when signed out'),
          400: htmlResponse('Account page with errors'),
          429: htmlResponse('Too many wrong current passwords: how long to wait (and Retry-After)'),
        },
      },
    },
    async (request, reply) => {
      const clientId = knownClientId(config, request.body.client_id);
      const account = await accountOrRedirect(request, reply, clientId);
      if (!account) return reply;
      const { user } = account;
      const { currentPassword = '', newPassword = '', confirmPassword = '' } = request.body;
      const done = await changePassword(
        { db, config, tokens, throttle },
        { user, sessionId: account.sessionId, ip: request.ip },
        { currentPassword, newPassword, confirmPassword },
      );
      if (done.outcome === 'limited') {
        const { refusal } = done;
        request.log.warn({ counter: counterKind(refusal.key) }, 'password change refused: too many failures');
        reply.header('Retry-After', retryAfterSeconds(refusal.retryAfterMs));
        const language = requestLanguage(request, config.languages);
        const wait = authTexts(language)('tooManyWrongPasswords', { wait: waitWords(language, refusal.retryAfterMs) });
        return sendPage(
          reply,
          config,
          429,
          accountPage(requestLanguage(request, config.languages), clientId, home, accountView(user), [{ field: 'currentPassword', message: wait }]),
        );
      }
      if (done.outcome === 'refused') {
        const language = requestLanguage(request, config.languages);
        return sendPage(reply, config, 400, accountPage(language, clientId, home, accountView(user), problemWords(language, done.problems)));
      }
      // Whoever else held a session (a shared computer, a stolen cookie) has been signed out; this one stays.
      request.log.info({ userId: user.id }, 'password changed; other sessions ended');
      deps.afterAnswer.run('account alerts', () => alerts.sendNow());
      return sendPage(
        reply,
        config,
        200,
        accountPage(
          requestLanguage(request, config.languages),
          clientId,
          home,
          accountView(user),
          [],
          authTexts(requestLanguage(request, config.languages))('passwordChangedHere'),
        ),
      );
    },
  );
};
