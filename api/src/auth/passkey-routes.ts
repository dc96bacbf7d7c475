// /api/users/{userId}/passkeys: the signed-in user's passkeys (auth/passkeys.ts decides). Inside the
// /api/users/:userId scope, whose hook lets only the user themselves in; a passkey id that is not
// theirs is a 404, whoever's it is. A new passkey takes two calls: the options (a challenge bound to
// this session), then the browser's answer to them; its refusals carry a `code` (`passkeys.expired`,
// `passkeys.not_checked`, `passkeys.exists`, `passkeys.too_many`) that Settings words for the user.
import { accountLanguage } from '../identity/identity-texts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { PasskeyCreationOptionsSchema, PasskeyListSchema, PasskeyRemovedSchema, PasskeySchema } from '@portal/shared/wire/passkeys';
import type { Deps } from '../deps';
import { envelope, EnvelopeSchema } from '../http/envelope';
import { errorResponses, HttpError } from '../http/errors';
import { Id } from '../http/validation';
import { retryAfterSeconds } from '../http/retry-after';
import { IdentityRepository } from '../identity/repository';
import { Throttle, counterKind } from '../throttle/throttle';
import { Tag } from '../docs/openapi';
import { Passkeys, passkeyAddedMessage, relyingParty, MAX_PASSKEYS_PER_ACCOUNT } from './passkeys';
import { RegistrationCredentialSchema } from './passkey-credentials';
import { passkeyRegistrationCounter, waitText } from './throttle-rules';

/** The longest name a passkey may have (Settings checks it too: remote-profile's passkey-name.ts). */
const PASSKEY_NAME_MAX_LENGTH = 60;

const UserParams = Type.Object({ userId: Id('The signed-in user id') });
const PasskeyParams = Type.Object({ userId: Id('The signed-in user id'), passkeyId: Id('The passkey’s id (`id` in the list)') });
const Name = Type.String({
  minLength: 1,
  maxLength: PASSKEY_NAME_MAX_LENGTH,
  pattern: '\\S',
  description: `What the user calls it, like the device it is on (up to ${PASSKEY_NAME_MAX_LENGTH} characters)`,
  'x-message': `must not be empty (up to ${PASSKEY_NAME_MAX_LENGTH} characters)`,
});

const notYours = () => HttpError.coded(404, 'passkeys.not_found', 'No such passkey on your account');

export const passkeyRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, database, config, messages, afterAnswer }) => {
  const passkeys = new Passkeys(db, database.dialect, relyingParty(config));
  const identities = new IdentityRepository(db);
  const throttle = new Throttle(db);

  app.get(
    '/passkeys',
    {
      schema: {
        operationId: 'listPasskeys',
        tags: [Tag.passkeys],
        summary: 'The user’s passkeys, oldest first: name, when added and when last used',
        params: UserParams,
        response: { 200: EnvelopeSchema(PasskeyListSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => envelope(await passkeys.list(request.params.userId)),
  );

  app.post(
    '/passkeys/options',
    {
      schema: {
        operationId: 'startAddingPasskey',
        tags: [Tag.passkeys],
        summary: 'The options for navigator.credentials.create(): a challenge for this session alone, single use, for five minutes',
        params: UserParams,
        body: Type.Object({}, { additionalProperties: false, description: 'Nothing: `{}` (a change is sent as JSON)' }),
        response: { 200: EnvelopeSchema(PasskeyCreationOptionsSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      const refused = await throttle.take([passkeyRegistrationCounter(userId)]);
      if (refused) {
        request.log.warn({ counter: counterKind(refused.key) }, 'passkey options refused: too many');
        reply.header('Retry-After', retryAfterSeconds(refused.retryAfterMs));
        throw new HttpError(429, `Too many passkeys have been started. Wait ${waitText(refused.retryAfterMs)}, then try again.`);
      }
      const user = await identities.findById(userId);
      if (!user) throw new HttpError(404, 'No such user');
      const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
      return envelope(await passkeys.registrationOptions({ id: user.id, email: user.email, name }, request.session!.sid));
    },
  );

  app.post(
    '/passkeys',
    {
      schema: {
        operationId: 'addPasskey',
        tags: [Tag.passkeys],
        summary: 'Add a passkey: the browser’s answer to this session’s options, and its name',
        params: UserParams,
        body: Type.Object({ name: Name, credential: RegistrationCredentialSchema }, { additionalProperties: false }),
        response: { 200: EnvelopeSchema(PasskeySchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const name = request.body.name.trim();
      const added = await passkeys.register(userId, request.session!.sid, name, request.body.credential as RegistrationResponseJSON);
      switch (added.outcome) {
        case 'expired':
          throw HttpError.coded(400, 'passkeys.expired', 'The passkey was not added: this attempt has expired or was used already. Try again.');
        case 'invalid':
          request.log.warn({ userId, reason: added.reason }, 'passkey not added: the answer did not check out');
          throw HttpError.coded(400, 'passkeys.not_checked', 'The passkey was not added: your device’s answer could not be checked. Try again.');
        case 'exists':
          throw HttpError.coded(409, 'passkeys.exists', 'This passkey has been added already.');
        case 'too-many':
          throw HttpError.coded(409, 'passkeys.too_many', `You have ${MAX_PASSKEYS_PER_ACCOUNT} passkeys already. Remove one before adding another.`);
        case 'added': {
          request.log.info({ userId, passkeyId: added.passkey.id }, 'passkey added');
          const user = await identities.findById(userId);
          // The owner hears of it, so a passkey added by someone else with their session does not go unnoticed.
          if (user) {
            const language = await accountLanguage(db, userId);
            afterAnswer.run('passkey added notice', () => messages.send(passkeyAddedMessage(user.email, name, passkeys.rp.origin, language)));
          }
          return envelope(added.passkey);
        }
      }
    },
  );

  app.patch(
    '/passkeys/:passkeyId',
    {
      schema: {
        operationId: 'renamePasskey',
        tags: [Tag.passkeys],
        summary: 'Rename one of the user’s passkeys',
        params: PasskeyParams,
        body: Type.Object({ name: Name }, { additionalProperties: false }),
        response: { 200: EnvelopeSchema(PasskeySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const renamed = await passkeys.rename(request.params.userId, request.params.passkeyId, request.body.name.trim());
      if (!renamed) throw notYours();
      return envelope(renamed);
    },
  );

  app.delete(
    '/passkeys/:passkeyId',
    {
      schema: {
        operationId: 'removePasskey',
        tags: [Tag.passkeys],
        summary: 'Remove one of the user’s passkeys: it signs in no more',
        params: PasskeyParams,
        response: { 200: EnvelopeSchema(PasskeyRemovedSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId, passkeyId } = request.params;
      if (!(await passkeys.remove(userId, passkeyId))) throw notYours();
      request.log.info({ userId, passkeyId }, 'passkey removed');
      return envelope({ removed: true as const });
    },
  );
};
