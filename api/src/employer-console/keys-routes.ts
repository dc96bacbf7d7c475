// The console's employer API keys: list, make (the secret shown once) and revoke. Registered inside
// the console's /employers/:employerId scope, behind its access check.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ConsoleKeyCreatedSchema, ConsoleKeyListSchema, RevokedSchema } from '@portal/shared/wire/console';
import type { Deps } from '../deps';
import { envelope, EnvelopeSchema } from '../http/envelope';
import { errorResponses } from '../http/errors';
import { Id } from '../http/validation';
import { Tag } from '../docs/openapi';
import { ConsoleKeys } from './keys';

const EmployerParams = Type.Object({ employerId: Id('The employer’s id') });

export const consoleKeyRoutes: FastifyPluginAsyncTypebox<Deps> = async (employer, { db }) => {
  const keys = new ConsoleKeys(db);

  employer.get(
    '/keys',
    {
      schema: {
        operationId: 'listConsoleKeys',
        tags: [Tag.employerConsole],
        summary: 'The employer’s API keys for its payroll software, newest first (never a secret)',
        params: EmployerParams,
        response: { 200: EnvelopeSchema(ConsoleKeyListSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => envelope(await keys.list(request.params.employerId)),
  );

  employer.post(
    '/keys',
    {
      schema: {
        operationId: 'createConsoleKey',
        tags: [Tag.employerConsole],
        summary: 'Make an API key for the employer API; the whole key is in the answer this once, and never again',
        params: EmployerParams,
        body: Type.Object(
          { name: Type.Optional(Type.String({ maxLength: 60, description: 'A name to tell the key by, e.g. the payroll software’s (up to 60 characters)' })) },
          { additionalProperties: false },
        ),
        response: { 200: EnvelopeSchema(ConsoleKeyCreatedSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const name = request.body.name?.trim() || null;
      return envelope(await keys.create(request.params.employerId, name, { userId: request.session!.sub, address: request.ip }));
    },
  );

  employer.delete(
    '/keys/:keyId',
    {
      schema: {
        operationId: 'revokeConsoleKey',
        tags: [Tag.employerConsole],
        summary: 'Revoke an API key: the employer API refuses it from the next call',
        params: Type.Object({ employerId: Id('The employer’s id'), keyId: Id('The key’s id (`id` in the list)') }),
        response: { 200: EnvelopeSchema(RevokedSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => envelope(await keys.revoke(request.params.employerId, request.params.keyId, { userId: request.session!.sub, address: request.ip })),
  );
};
