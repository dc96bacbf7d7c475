// /api/user/{sub}: the identity user in FusionAuth's shape, for the signed-in user only. In
// production this is where the call would be forwarded to FusionAuth's user API with a server-held key.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { IdentityUserResponseSchema } from '@portal/shared/wire/identity';
import type { Deps } from '../deps';
import { errorResponses, HttpError } from '../http/errors';
import { Email, Id, NI_PATTERN, PASSWORD_MAX, PHONE_PATTERN } from '../http/validation';
import { verifyPassword } from '../auth/passwords';
import { startPasswordAttempt } from '../auth/password-attempts';
import type { IdentityRow } from './repository';
import { IdentityRepository, normaliseEmail, toFusionAuthUser } from './repository';
import { EmailChanges, emailLinkBase } from './email-changes';
import { accountAlertSender, phoneAlertDetails, queueAccountAlert } from './account-alerts';
import { Throttle } from '../throttle/throttle';
import { emailChangeCounter, tooManyEmailChanges, waitText } from '../auth/throttle-rules';
import { takeOrRefuse } from '../throttle/refuse';
import { retryAfterSeconds } from '../http/retry-after';
import { londonIsoDate } from '../london-date';
import { Tag } from '../docs/openapi';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

const Patch = Type.Object(
  {
    user: Type.Object(
      {
        firstName: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', 'x-message': 'must not be empty (up to 100 characters)' })),
        middleName: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
        lastName: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', 'x-message': 'must not be empty (up to 100 characters)' })),
        email: Type.Optional(Email()),
        mobilePhone: Type.Optional(Nullable(Type.String({ pattern: PHONE_PATTERN, 'x-message': 'must be a phone number like 07700 900123' }))),
        birthDate: Type.Optional(Nullable(Type.String({ format: 'date', 'x-message': 'must be a real date written as YYYY-MM-DD' }))),
        data: Type.Optional(
          Type.Object(
            {
              niNumber: Type.Optional(
                Nullable(Type.String({ maxLength: 20, pattern: NI_PATTERN, 'x-message': 'must be a National Insurance number like QQ 12 34 56 C' })),
              ),
            },
            { additionalProperties: false },
          ),
        ),
      },
      { additionalProperties: false, minProperties: 1 },
    ),
    currentPassword: Type.Optional(
      Type.String({ maxLength: PASSWORD_MAX, description: 'The user’s password: required when `user.email` is a new sign-in address' }),
    ),
  },
  { additionalProperties: false, description: 'Fields to change; the rest are kept (merge)' },
);

/** The answers a new sign-in address gets without the right password (the profile's email screen shows them on its password field). */
export const CURRENT_PASSWORD_MISSING = 'Enter your current password to change your email address';
export const CURRENT_PASSWORD_WRONG = 'Your current password is not right';

const Params = Type.Object({ sub: Id('The signed-in user’s sub') });

export const identityRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, ownership, messages, config, afterAnswer }) => {
  const users = new IdentityRepository(db);
  const alerts = accountAlertSender(config, db, messages, app.log);
  const emailChanges = new EmailChanges(db, messages);
  const throttle = new Throttle(db);
  app.addHook('preHandler', ownership.requireOwnUser('sub'));

  /**
   * A new sign-in address needs the password: a session alone (a shared computer, a stolen cookie)
   * must not be able to move the account. Checked under the sign-in limits, so this is no password
   * oracle either; a refusal or a wrong password changes nothing of the patch.
   */
  async function checkPassword(user: IdentityRow, password: string | undefined, ip: string, retryAfter: (ms: number) => void): Promise<void> {
    if (!password) throw HttpError.coded(400, 'password.current_missing', CURRENT_PASSWORD_MISSING);
    const attempt = await startPasswordAttempt(throttle, config.tokenSecret, user.email, ip);
    if (attempt.refused) {
      retryAfter(attempt.refused.retryAfterMs);
      throw HttpError.coded(429, 'password.too_many_attempts', `Too many wrong passwords. Wait ${waitText(attempt.refused.retryAfterMs)}, then try again.`, {
        'Retry-After': String(Math.ceil(attempt.refused.retryAfterMs / 1000)),
      });
    }
    if (!(await verifyPassword(password, user.password_hash))) throw HttpError.coded(400, 'password.current_not_right', CURRENT_PASSWORD_WRONG);
    await attempt.succeeded();
  }

  app.get(
    '/:sub',
    {
      schema: {
        operationId: 'getIdentityUser',
        tags: [Tag.identity],
        summary: 'The identity user (FusionAuth shape)',
        params: Params,
        response: { 200: IdentityUserResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = await users.findById(request.params.sub);
      if (!user) throw new HttpError(404, 'No such user');
      return { user: toFusionAuthUser(user) };
    },
  );

  app.patch(
    '/:sub',
    {
      schema: {
        operationId: 'updateIdentityUser',
        tags: [Tag.identity],
        summary:
          'Change some fields of the identity user (merge). A new email needs `currentPassword` and is not changed here: a confirmation link goes to it, and the answer keeps the current email until the link is opened',
        params: Params,
        body: Patch,
        response: { 200: IdentityUserResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { sub } = request.params;
      const { email, ...patch } = request.body.user;
      // Today in the UK: the UTC date is a day behind after midnight in summer time.
      if (patch.birthDate && patch.birthDate > londonIsoDate())
        throw HttpError.coded(400, 'profile.birth_date_in_future', 'body.user.birthDate must not be in the future', {}, { field: 'birthDate' });
      const current = await users.findById(sub);
      if (!current) throw new HttpError(404, 'No such user');
      // The same address (any case) is no change; a new one waits for the link sent to it.
      const newEmail = email !== undefined && normaliseEmail(email) !== current.email ? email : undefined;
      if (newEmail) {
        await checkPassword(current, request.body.currentPassword, request.ip, (ms) => reply.header('Retry-After', retryAfterSeconds(ms)));
        // The slot is taken before the address is looked up: a 409 tells whether another account
        // has the address, so it counts as a change asked for, or a script would learn that of any
        // number of addresses (registration and password reset never tell it).
        await takeOrRefuse(throttle, [emailChangeCounter(sub)], reply, tooManyEmailChanges);
        const other = await users.findByEmail(newEmail);
        if (other && other.id !== sub)
          throw HttpError.coded(409, 'profile.email_taken', 'That email address is already used by another account', {}, { field: 'email' });
      }
      // A new phone number is an account alert, queued with the change.
      const user = await db.transaction().execute(async (trx) => {
        const updated = await new IdentityRepository(trx).update(sub, { ...patch, niNumber: patch.data?.niNumber });
        if (updated && updated.mobile_phone !== current.mobile_phone) await queueAccountAlert(trx, sub, 'phone', phoneAlertDetails(updated.mobile_phone));
        return updated;
      });
      if (!user) throw new HttpError(404, 'No such user');
      if (user.mobile_phone !== current.mobile_phone) afterAnswer.run('account alerts', () => alerts.sendNow());
      if (newEmail) await emailChanges.start(user, newEmail, emailLinkBase(config, request));
      return { user: toFusionAuthUser(user) };
    },
  );
};
