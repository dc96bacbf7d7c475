// /api/users: the authorised user (sessionUserRoutes, no user id in the path) and, inside the
// /api/users/:userId scope whose hook checks ownership, the app user record (privacy policy,
// notification e-mail, used once proven) and the privacy notice text (userRoutes).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { AuthorisedUserListSchema, PrivacyPolicyTextSchema, UserRecordSchema } from '@portal/shared/wire/users';
import type { Deps } from '../deps';
import { envelope, EnvelopeSchema, sendEnvelope } from '../http/envelope';
import { errorResponses, HttpError } from '../http/errors';
import { Email, Id } from '../http/validation';
import { IdentityRepository, normaliseEmail } from '../identity/repository';
import { EmailChanges, emailLinkBase } from '../identity/email-changes';
import { Throttle } from '../throttle/throttle';
import { emailChangeCounter, tooManyEmailChanges } from '../auth/throttle-rules';
import { takeOrRefuse } from '../throttle/refuse';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { employmentLister, findAppUser, updateAppUser } from './repository';
import { PRIVACY_POLICY_HTML } from './privacy-policy';
import { Tag } from '../docs/openapi';

const UserPatch = Type.Object(
  {
    privacyPolicyAccepted: Type.Optional(Type.Boolean({ description: 'true once the user accepts the privacy notice' })),
    email: Type.Optional(Email('Where notifications go')),
    language: Type.Optional(
      Type.Unsafe<'en' | 'cy'>(
        Type.String({ pattern: '^(en|cy)$', description: "The portal's language: 'en' or 'cy' (Cymraeg)", 'x-message': "must be 'en' or 'cy'" }),
      ),
    ),
  },
  { additionalProperties: false, minProperties: 1, description: 'Any of privacyPolicyAccepted, email and language' },
);

export const sessionUserRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db }) => {
  const listEmployments = employmentLister(db);
  app.get(
    '/authorised',
    {
      // The session is checked in the same query as the user's record (auth/ownership.ts).
      config: { sessionWithAppUser: true },
      schema: {
        operationId: 'getAuthorisedUser',
        tags: [Tag.users],
        summary: 'The signed-in user: [{ userID, privacyPolicyAccepted, language, email, employments }]',
        response: { 200: EnvelopeSchema(AuthorisedUserListSchema), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { sub, email } = request.session!;
      // The app record is created at sign-in (and by migration 006 for earlier users).
      const user = request.appUser ?? (await findAppUser(db, sub));
      if (!user) throw new HttpError(401, 'You are signed out. Please sign in again.');
      return sendEnvelope(reply, [
        {
          userID: user.id,
          privacyPolicyAccepted: user.privacyPolicyAccepted,
          language: user.language,
          email: user.email ?? email,
          employments: await listEmployments(sub),
        },
      ]);
    },
  );
};

export const userRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, ownership, messages, config }) => {
  const identities = new IdentityRepository(db);
  const emailChanges = new EmailChanges(db, messages);
  const throttle = new Throttle(db);

  /**
   * Notices go only to a proven address: the sign-in address (proven by registration or its own
   * link), the one already in use, or a new one once its owner opens the link sent to it. Until then
   * the answer keeps the address in use. Each link sent takes one of the user's e-mail changes an
   * hour, so the form cannot mail anyone without bound.
   */
  async function changeNotificationEmail(request: FastifyRequest, reply: FastifyReply, userId: string, email: string): Promise<void> {
    const identity = await identities.findById(userId);
    const inUse = await findAppUser(db, userId);
    if (!identity || !inUse) throw new HttpError(404, 'No such user');
    if (email === identity.email || email === inUse.email) {
      await updateAppUser(db, userId, { email });
      return;
    }
    await takeOrRefuse(throttle, [emailChangeCounter(userId)], reply, tooManyEmailChanges);
    await emailChanges.start(identity, email, emailLinkBase(config, request), 'notifications');
  }

  async function patchUser(request: FastifyRequest, reply: FastifyReply, userId: string, body: Static<typeof UserPatch>) {
    if (body.email !== undefined) await changeNotificationEmail(request, reply, userId, normaliseEmail(body.email));
    if (body.privacyPolicyAccepted !== undefined || body.language !== undefined)
      await updateAppUser(db, userId, { privacyPolicyAccepted: body.privacyPolicyAccepted, language: body.language });
    const user = await findAppUser(db, userId);
    if (!user) throw new HttpError(404, 'No such user');
    return envelope({ userID: user.id, privacyPolicyAccepted: user.privacyPolicyAccepted, email: user.email, language: user.language });
  }

  // PATCH /api/users/{userId}: the scope's prefix alone.
  app.patch(
    '',
    {
      schema: {
        operationId: 'updateUser',
        tags: [Tag.users],
        summary:
          'Accept the privacy notice, choose the portal’s language or change the notification e-mail (a new address gets a confirmation link and is used once confirmed; the answer keeps the address in use until then)',
        params: Type.Object({ userId: Id('The signed-in user id') }),
        body: UserPatch,
        response: { 200: EnvelopeSchema(UserRecordSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => patchUser(request, reply, request.params.userId, request.body),
  );

  // The spec's other reading of the same call: PATCH /api/users/{userId}/{userId}.
  app.patch(
    '/:id',
    {
      preHandler: ownership.requireOwnUser('id'),
      schema: {
        operationId: 'updateUserByRepeatedId',
        tags: [Tag.users],
        summary: 'Same as PATCH /api/users/{id} (the spec’s /users/{userId}/{userId} form)',
        params: Type.Object({ userId: Id('The signed-in user id'), id: Id('The signed-in user id again') }),
        body: UserPatch,
        response: { 200: EnvelopeSchema(UserRecordSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => patchUser(request, reply, request.params.id, request.body),
  );

  app.get(
    '/privacy_policy_text',
    {
      schema: {
        operationId: 'getPrivacyPolicyText',
        tags: [Tag.users],
        summary: 'The privacy notice (HTML)',
        params: Type.Object({ userId: Id('The signed-in user id') }),
        response: { 200: EnvelopeSchema(PrivacyPolicyTextSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async () => envelope(PRIVACY_POLICY_HTML),
  );
};
