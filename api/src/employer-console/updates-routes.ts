// The console's updates to staff: posted by an admin, listed in each employee's Recent updates.
// Registered inside the console's /employers/:employerId scope, behind its access check.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { UpdatePostedSchema } from '@portal/shared/wire/console';
import type { Deps } from '../deps';
import { envelope, EnvelopeSchema } from '../http/envelope';
import { errorResponses } from '../http/errors';
import { Id } from '../http/validation';
import { Tag } from '../docs/openapi';
import { UPDATE_FROM_LENGTH, UPDATE_HEADER_LENGTH, postUpdate } from './updates';
import { invalidRequest } from './errors';

/** Text with something besides spaces, `min` to `max` characters once trimmed (checked again after trimming). */
const Text = (length: { min: number; max: number }, description: string) =>
  Type.String({
    minLength: length.min,
    maxLength: length.max,
    pattern: '\\S',
    description,
    'x-message': `must be ${length.min} to ${length.max} characters`,
  });

export const consoleUpdateRoutes: FastifyPluginAsyncTypebox<Deps> = async (employer, { db }) => {
  employer.post(
    '/updates',
    {
      schema: {
        operationId: 'postConsoleUpdate',
        tags: [Tag.employerConsole],
        summary: 'Post an update to the employer’s staff: it shows in their Recent updates',
        params: Type.Object({ employerId: Id('The employer’s id') }),
        body: Type.Object(
          {
            header: Text(UPDATE_HEADER_LENGTH, 'What staff see in their list of updates'),
            from: Text(UPDATE_FROM_LENGTH, 'Who it is from, e.g. HR team'),
          },
          { additionalProperties: false },
        ),
        response: { 200: EnvelopeSchema(UpdatePostedSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const header = request.body.header.trim();
      if (header.length < UPDATE_HEADER_LENGTH.min)
        throw invalidRequest(`body.header must be ${UPDATE_HEADER_LENGTH.min} to ${UPDATE_HEADER_LENGTH.max} characters`);
      const update = await postUpdate(
        db,
        request.params.employerId,
        { header, from: request.body.from },
        { userId: request.session!.sub, address: request.ip },
      );
      return envelope(update);
    },
  );
};
