// The account page (/account/) and the password change it offers, which ends the user's other
// sessions and every waiting reset link and address change (new-password.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Deps } from '../deps';
import { COOKIES } from '../http/cookies';
import { withQuery } from '../http/redirects';
import type { FieldError } from '../http/pages';
import { PASSWORD_MAX, chosenPasswordErrors } from '../http/validation';
import { IdentityRepository } from '../identity/repository';
import type { IdentityRow } from '../identity/repository';
import { hashPassword, verifyPassword } from './passwords';
import { accountPage } from './pages';
import { knownClientId, portalHome } from './client';
import { htmlResponse, pageConfig, redirectResponse, sendPage } from './page-reply';
import { Throttle, counterKind } from '../throttle/throttle';
import { waitText } from './throttle-rules';
import { startPasswordAttempt } from './password-attempts';
import { setNewPassword } from '../identity/new-password';
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

export const accountRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, deps) => {
  const { config, tokens, db } = deps;
  const identities = new IdentityRepository(db);
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
      return sendPage(reply, config, 200, accountPage(clientId, home, accountView(account.user), []));
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
      const errors: FieldError[] = [];
      // The current password is checked under the sign-in limits: whoever holds a session must not
      // get a password oracle without them.
      const attempt = await startPasswordAttempt(throttle, config.tokenSecret, user.email, request.ip);
      const { refused } = attempt;
      if (refused) {
        request.log.warn({ counter: counterKind(refused.key) }, 'password change refused: too many failures');
        reply.header('Retry-After', retryAfterSeconds(refused.retryAfterMs));
        const wait = `Too many wrong passwords. Wait ${waitText(refused.retryAfterMs)}, then try again.`;
        return sendPage(reply, config, 429, accountPage(clientId, home, accountView(user), [{ field: 'currentPassword', message: wait }]));
      }
      if (!(await verifyPassword(currentPassword, user.password_hash)))
        errors.push({ field: 'currentPassword', message: 'Your current password is not right' });
      else await attempt.succeeded();
      errors.push(
        ...chosenPasswordErrors(newPassword, confirmPassword, 'newPassword', { tooShort: 'Your new password', mismatch: 'The new passwords do not match' }),
      );
      if (errors.length) return sendPage(reply, config, 400, accountPage(clientId, home, accountView(user), errors));
      const passwordHash = await hashPassword(newPassword, config.scryptCost);
      await db.transaction().execute((trx) => setNewPassword(trx, user.id, passwordHash));
      // Whoever else held a session (a shared computer, a stolen cookie) is signed out; this one stays.
      await tokens.endOtherSessions(user.id, account.sessionId);
      request.log.info({ userId: user.id }, 'password changed; other sessions ended');
      return sendPage(
        reply,
        config,
        200,
        accountPage(clientId, home, accountView(user), [], 'Your password has been changed. You have been signed out everywhere else.'),
      );
    },
  );
};
