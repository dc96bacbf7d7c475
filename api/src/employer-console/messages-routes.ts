// The messages sent about one record, with what became of each: from message_deliveries, where every
// provider's sends and (in development) the local outbox's are recorded. Never a body, code or token.
// Registered inside the console's /employers/:employerId scope, behind its access check (which also
// checks the record is the employer's).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { RecordMessagesSchema } from '@portal/shared/wire/console';
import type { Deps } from '../deps';
import { envelope, EnvelopeSchema } from '../http/envelope';
import { errorResponses } from '../http/errors';
import { Id } from '../http/validation';
import { Tag } from '../docs/openapi';
import { recordMessages } from './record-messages';

export const consoleMessageRoutes: FastifyPluginAsyncTypebox<Deps> = async (employer, { db }) => {
  employer.get(
    '/employees/:employmentId/messages',
    {
      schema: {
        operationId: 'listConsoleRecordMessages',
        tags: [Tag.employerConsole],
        summary: 'The messages sent about a record (invitations, codes, unlocks, notices) and what became of each, newest first',
        params: Type.Object({ employerId: Id('The employer’s id'), employmentId: Id('The record’s id') }),
        response: { 200: EnvelopeSchema(RecordMessagesSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => envelope({ messages: await recordMessages(db, request.params.employmentId) }),
  );
};
