// /api/user/{sub}: the identity user in FusionAuth's shape, for the signed-in user only. In
// production this is where the call would be forwarded to FusionAuth's user API with a server-held key.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { IdentityUserResponseSchema } from '@portal/shared/wire/identity';
import type { Deps } from '../deps';
import { errorResponses, HttpError } from '../http/errors';
import { Email, Id, NI_PATTERN, PHONE_PATTERN } from '../http/validation';
import { IdentityRepository, toFusionAuthUser } from './repository';

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
        data: Type.Optional(Type.Object({ niNumber: Type.Optional(Nullable(Type.String({ maxLength: 20, pattern: NI_PATTERN, 'x-message': 'must be a National Insurance number like QQ 12 34 56 C' }))) }, { additionalProperties: false })),
      },
      { additionalProperties: false, minProperties: 1 },
    ),
  },
  { additionalProperties: false, description: 'Fields to change; the rest are kept (merge)' },
);

const Params = Type.Object({ sub: Id('The signed-in user’s sub') });

export const identityRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, ownership }) => {
  const users = new IdentityRepository(db);
  app.addHook('preHandler', ownership.requireOwnUser('sub'));

  app.get('/:sub', { schema: { tags: ['identity'], summary: 'The identity user (FusionAuth shape)', params: Params, response: { 200: IdentityUserResponseSchema, ...errorResponses(400, 401, 403, 404) } } }, async (request) => {
    const user = await users.findById(request.params.sub);
    if (!user) throw new HttpError(404, 'No such user');
    return { user: toFusionAuthUser(user) };
  });

  app.patch(
    '/:sub',
    { schema: { tags: ['identity'], summary: 'Change some fields of the identity user (merge)', params: Params, body: Patch, response: { 200: IdentityUserResponseSchema, ...errorResponses(400, 401, 403, 404, 409) } } },
    async (request) => {
      const { sub } = request.params;
      const patch = request.body.user;
      if (patch.birthDate && patch.birthDate > new Date().toISOString().slice(0, 10)) throw new HttpError(400, 'body.user.birthDate must not be in the future');
      if (patch.email) {
        const other = await users.findByEmail(patch.email);
        if (other && other.id !== sub) throw new HttpError(409, 'That email address is already used by another account');
      }
      const user = await users.update(sub, { ...patch, niNumber: patch.data?.niNumber });
      if (!user) throw new HttpError(404, 'No such user');
      return { user: toFusionAuthUser(user) };
    },
  );
};
