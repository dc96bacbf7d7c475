// POST /api/users/{userId}/password: Settings' password change (inside the /api/users/:userId scope,
// whose hook checks ownership; the /api tree checks the Origin and the session). The same change as
// the account page's (password-change.ts); a refusal answers one coded problem, the current password first.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { PasswordChangedSchema } from '@portal/shared/wire/password';
import type { PasswordChangeErrorCode } from '@portal/shared/wire/password';
import type { Deps } from '../deps';
import { envelope, EnvelopeSchema } from '../http/envelope';
import { errorResponses, HttpError } from '../http/errors';
import { retryAfterSeconds } from '../http/retry-after';
import { Id, PASSWORD_MAX } from '../http/validation';
import { accountAlertSender } from '../identity/account-alerts';
import { IdentityRepository } from '../identity/repository';
import { Throttle, counterKind } from '../throttle/throttle';
import { Tag } from '../docs/openapi';
import { changePassword, tooManyWrongPasswords } from './password-change';
import type { PasswordChangeProblem } from './password-change';

const Password = (description: string) => Type.String({ maxLength: PASSWORD_MAX, description });
const Body = Type.Object(
  {
    currentPassword: Password('The password the user signs in with now'),
    newPassword: Password('At least 12 characters, and not one of the 100,000 most common passwords'),
    confirmPassword: Password('The new password again'),
  },
  { additionalProperties: false },
);

const CODES: Record<PasswordChangeProblem['rule'], PasswordChangeErrorCode> = {
  not_right: 'password.current_not_right',
  too_short: 'password.too_short',
  too_common: 'password.too_common',
  mismatch: 'password.mismatch',
};

export const passwordChangeRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, config, tokens, messages, afterAnswer }) => {
  const identities = new IdentityRepository(db);
  const throttle = new Throttle(db);
  const alerts = accountAlertSender(config, db, messages, app.log);

  app.post(
    '/password',
    {
      schema: {
        operationId: 'changeOwnPassword',
        tags: [Tag.account],
        summary:
          'Change the password: the current one is checked under the sign-in limits; every other session of the user ends. A refusal carries a `code` (`password.current_not_right`, `password.too_short`, `password.too_common`, `password.mismatch`, `password.too_many_attempts`)',
        params: Type.Object({ userId: Id('The signed-in user id') }),
        body: Body,
        response: { 200: EnvelopeSchema(PasswordChangedSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      const user = await identities.findById(userId);
      if (!user) throw new HttpError(404, 'No such user');
      const done = await changePassword({ db, config, tokens, throttle }, { user, sessionId: request.session!.sid, ip: request.ip }, request.body);
      if (done.outcome === 'limited') {
        const { refusal } = done;
        request.log.warn({ counter: counterKind(refusal.key) }, 'password change refused: too many failures');
        const code: PasswordChangeErrorCode = 'password.too_many_attempts';
        throw HttpError.coded(429, code, tooManyWrongPasswords(refusal.retryAfterMs), { 'Retry-After': retryAfterSeconds(refusal.retryAfterMs) });
      }
      if (done.outcome === 'refused') {
        const [first] = done.problems as [PasswordChangeProblem];
        throw HttpError.coded(400, CODES[first.rule], first.message);
      }
      request.log.info({ userId }, 'password changed; other sessions ended');
      // The change queued its alert with the new password; it leaves now rather than at the next poll.
      afterAnswer.run('account alerts', () => alerts.sendNow());
      return reply.send(envelope({ changed: true as const, otherSessionsEnded: true as const }));
    },
  );
};
