// /api/users: the authorised user (sessionUserRoutes, no user id in the path) and, inside the
// /api/users/:userId scope whose hook checks ownership, the app user record (privacy policy,
// notification e-mail) and the privacy notice text (userRoutes).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { AuthorisedUserListSchema, PrivacyPolicyTextSchema, UserRecordSchema } from '@portal/shared/wire/users';
import type { Deps } from '../deps';
import { envelope, EnvelopeSchema, sendEnvelope } from '../http/envelope';
import { errorResponses, HttpError } from '../http/errors';
import { Email, Id } from '../http/validation';
import { normaliseEmail } from '../identity/repository';
import { employmentLister, findAppUser, updateAppUser } from './repository';
import { PRIVACY_POLICY_HTML } from './privacy-policy';

const UserPatch = Type.Object(
  {
    privacyPolicyAccepted: Type.Optional(Type.Boolean({ description: 'true once the user accepts the privacy notice' })),
    email: Type.Optional(Email('Where notifications go')),
  },
  { additionalProperties: false, minProperties: 1, description: 'Either privacyPolicyAccepted or email (or both)' },
);

export const sessionUserRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db }) => {
  const listEmployments = employmentLister(db);
  app.get(
    '/authorised',
    {
      // The session is checked in the same query as the user's record (http/ownership.ts).
      config: { sessionWithAppUser: true },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user: [{ userID, privacyPolicyAccepted, email, employments }]',
        response: { 200: EnvelopeSchema(AuthorisedUserListSchema), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { sub, email } = request.session!;
      // The app record is created at sign-in (and by migration 006 for earlier users).
      const user = request.appUser ?? (await findAppUser(db, sub));
      if (!user) throw new HttpError(401, 'You are signed out. Please sign in again.');
      return sendEnvelope(reply, [
        { userID: user.id, privacyPolicyAccepted: user.privacyPolicyAccepted, email: user.email ?? email, employments: await listEmployments(sub) },
      ]);
    },
  );
};

export const userRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, ownership }) => {
  async function patchUser(userId: string, body: Static<typeof UserPatch>) {
    await updateAppUser(db, userId, {
      email: body.email === undefined ? undefined : normaliseEmail(body.email),
      privacyPolicyAccepted: body.privacyPolicyAccepted,
    });
    const user = await findAppUser(db, userId);
    if (!user) throw new HttpError(404, 'No such user');
    return envelope({ userID: user.id, privacyPolicyAccepted: user.privacyPolicyAccepted, email: user.email });
  }

  // PATCH /api/users/{userId}: the scope's prefix alone.
  app.patch(
    '',
    {
      schema: {
        tags: ['users'],
        summary: 'Accept the privacy notice or change the notification e-mail',
        params: Type.Object({ userId: Id('The signed-in user id') }),
        body: UserPatch,
        response: { 200: EnvelopeSchema(UserRecordSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => patchUser(request.params.userId, request.body),
  );

  // The spec's other reading of the same call: PATCH /api/users/{userId}/{userId}.
  app.patch(
    '/:id',
    {
      preHandler: ownership.requireOwnUser('id'),
      schema: {
        tags: ['users'],
        summary: 'Same as PATCH /api/users/{id} (the spec’s /users/{userId}/{userId} form)',
        params: Type.Object({ userId: Id('The signed-in user id'), id: Id('The signed-in user id again') }),
        body: UserPatch,
        response: { 200: EnvelopeSchema(UserRecordSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => patchUser(request.params.id, request.body),
  );

  app.get(
    '/privacy_policy_text',
    {
      schema: {
        tags: ['users'],
        summary: 'The privacy notice (HTML)',
        params: Type.Object({ userId: Id('The signed-in user id') }),
        response: { 200: EnvelopeSchema(PrivacyPolicyTextSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async () => envelope(PRIVACY_POLICY_HTML),
  );
};
