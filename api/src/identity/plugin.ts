// /api/user/{sub}: the identity user in FusionAuth's shape, for the signed-in user only. In
// production this is where the call would be forwarded to FusionAuth's user API with a server-held key.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { IdentityUserResponseSchema } from '@portal/shared/wire/identity';
import type { Deps } from '../deps';
import { errorResponses, HttpError } from '../http/errors';
import { Email, Id, NI_PATTERN, PHONE_PATTERN } from '../http/validation';
import { IdentityRepository, normaliseEmail, toFusionAuthUser } from './repository';
import { EmailChanges } from './email-changes';
import { Throttle } from '../auth/throttle';
import { emailChangeCounter, waitText } from '../auth/throttle-rules';
import { retryAfterSeconds } from '../http/retry-after';
import type { Config } from '../config';
import type { FastifyRequest } from 'fastify';
import { londonIsoDate } from '../london-date';

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
  },
  { additionalProperties: false, description: 'Fields to change; the rest are kept (merge)' },
);

const Params = Type.Object({ sub: Id('The signed-in user’s sub') });

/** Where the confirmation link points: PUBLIC_URL, else the portal page the change was made from (an allowed origin). */
function confirmLinkBase(config: Config, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl;
  const origin = request.headers.origin;
  return origin && config.allowedRedirectOrigins.includes(origin) ? origin : '';
}

export const identityRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, ownership, messages, config }) => {
  const users = new IdentityRepository(db);
  const emailChanges = new EmailChanges(db, messages);
  const throttle = new Throttle(db);
  app.addHook('preHandler', ownership.requireOwnUser('sub'));

  app.get(
    '/:sub',
    {
      schema: {
        tags: ['identity'],
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
        tags: ['identity'],
        summary:
          'Change some fields of the identity user (merge). A new email is not changed here: a confirmation link goes to it, and the answer keeps the current email until the link is opened',
        params: Params,
        body: Patch,
        response: { 200: IdentityUserResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { sub } = request.params;
      const { email, ...patch } = request.body.user;
      // Today in the UK: the UTC date is a day behind after midnight in summer time.
      if (patch.birthDate && patch.birthDate > londonIsoDate()) throw new HttpError(400, 'body.user.birthDate must not be in the future');
      const current = await users.findById(sub);
      if (!current) throw new HttpError(404, 'No such user');
      // The same address (any case) is no change; a new one waits for the link sent to it.
      const newEmail = email !== undefined && normaliseEmail(email) !== current.email ? email : undefined;
      if (newEmail) {
        // The slot is taken before the address is looked up: a 409 tells whether another account
        // has the address, so it counts as a change asked for, or a script would learn that of any
        // number of addresses (registration and password reset never tell it).
        const refused = await throttle.take([emailChangeCounter(sub)]);
        if (refused) {
          reply.header('Retry-After', retryAfterSeconds(refused.retryAfterMs));
          throw new HttpError(429, `Too many email address changes have been asked for. Wait ${waitText(refused.retryAfterMs)}, then try again.`);
        }
        const other = await users.findByEmail(newEmail);
        if (other && other.id !== sub) throw new HttpError(409, 'That email address is already used by another account');
      }
      const user = await users.update(sub, { ...patch, niNumber: patch.data?.niNumber });
      if (!user) throw new HttpError(404, 'No such user');
      if (newEmail) await emailChanges.start(user, newEmail, confirmLinkBase(config, request));
      return { user: toFusionAuthUser(user) };
    },
  );
};
