// /api/users: the authorised user, the app user record (privacy policy, notification e-mail) and
// the privacy notice text.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { Deps } from '../deps';
import { envelope, EnvelopeSchema } from '../http/envelope';
import { errorResponses, HttpError } from '../http/errors';
import { Email, Id } from '../http/validation';
import { ensureAppUser, normaliseEmail } from '../identity/repository';
import { nowIso, toBool } from '../db/convert';
import { listEmployments } from './employments-list';
import { PRIVACY_POLICY_HTML } from './privacy-policy';

const UserPatch = Type.Object(
  {
    privacyPolicyAccepted: Type.Optional(Type.Boolean({ description: 'true once the user accepts the privacy notice' })),
    email: Type.Optional(Email('Where notifications go')),
  },
  { additionalProperties: false, minProperties: 1, description: 'Either privacyPolicyAccepted or email (or both)' },
);

export const usersRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, ownership }) => {
  app.get(
    '/authorised',
    { schema: { tags: ['users'], summary: 'The signed-in user: [{ userID, privacyPolicyAccepted, email, employments }]', response: { 200: EnvelopeSchema('[{ userID, privacyPolicyAccepted, email, employments: Employment[] }]'), ...errorResponses(401) } } },
    async (request) => {
      const { sub, email } = request.session!;
      await ensureAppUser(db, sub, email);
      const user = await db.selectFrom('users').select(['id', 'email', 'privacy_policy_accepted']).where('id', '=', sub).executeTakeFirstOrThrow();
      return envelope([{ userID: user.id, privacyPolicyAccepted: toBool(user.privacy_policy_accepted), email: user.email ?? email, employments: await listEmployments(db, sub) }]);
    },
  );

  async function patchUser(userId: string, sessionEmail: string, body: Static<typeof UserPatch>) {
    await ensureAppUser(db, userId, sessionEmail);
    const set: { email?: string; privacy_policy_accepted?: boolean; privacy_policy_accepted_at?: string | null } = {};
    if (body.email !== undefined) set.email = normaliseEmail(body.email);
    if (body.privacyPolicyAccepted !== undefined) {
      set.privacy_policy_accepted = body.privacyPolicyAccepted;
      set.privacy_policy_accepted_at = body.privacyPolicyAccepted ? nowIso() : null;
    }
    await db.updateTable('users').set(set).where('id', '=', userId).execute();
    const user = await db.selectFrom('users').select(['id', 'email', 'privacy_policy_accepted']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw new HttpError(404, 'No such user');
    return envelope({ userID: user.id, privacyPolicyAccepted: toBool(user.privacy_policy_accepted), email: user.email });
  }

  app.patch(
    '/:id',
    {
      preHandler: ownership.requireOwnUser('id'),
      schema: { tags: ['users'], summary: 'Accept the privacy notice or change the notification e-mail', params: Type.Object({ id: Id('The signed-in user id') }), body: UserPatch, response: { 200: EnvelopeSchema('{ userID, privacyPolicyAccepted, email }'), ...errorResponses(400, 401, 403) } },
    },
    async (request) => patchUser(request.params.id, request.session!.email, request.body),
  );

  // The spec's other reading of the same call: PATCH /api/users/{userId}/{userId}.
  app.patch(
    '/:userId/:id',
    {
      preHandler: [ownership.requireOwnUser('userId'), ownership.requireOwnUser('id')],
      schema: { tags: ['users'], summary: 'Same as PATCH /api/users/{id} (the spec’s /users/{userId}/{userId} form)', params: Type.Object({ userId: Id('The signed-in user id'), id: Id('The signed-in user id again') }), body: UserPatch, response: { 200: EnvelopeSchema('{ userID, privacyPolicyAccepted, email }'), ...errorResponses(400, 401, 403) } },
    },
    async (request) => patchUser(request.params.id, request.session!.email, request.body),
  );

  app.get(
    '/:userId/privacy_policy_text',
    { preHandler: ownership.requireOwnUser('userId'), schema: { tags: ['users'], summary: 'The privacy notice (HTML)', params: Type.Object({ userId: Id('The signed-in user id') }), response: { 200: EnvelopeSchema('string (HTML)'), ...errorResponses(400, 401, 403) } } },
    async () => envelope(PRIVACY_POLICY_HTML),
  );
};
