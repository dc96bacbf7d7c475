// /api/users/{userId}/employments/{employmentId}/...: one employment's pay data. Every route here
// sits in the /api/users/:userId scope, whose one hook checks the user and the employment.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { TSchema } from '@sinclair/typebox';
import {
  DocumentTypeFlagsListSchema,
  IntranetDocumentListSchema,
  PayDocumentListSchema,
  PayslipListSchema,
  RecentUpdateListSchema,
} from '@portal/shared/wire/pay';
import type { Deps } from '../deps';
import { envelope, envelopeBytes, EnvelopeSchema, sendEnvelopeBytes } from '../http/envelope';
import { errorResponses } from '../http/errors';
import { Id } from '../http/validation';
import { Tag } from '../docs/openapi';
import { PayslipListCache } from './payslip-list-cache';
import { EmploymentRepository } from './repository';

export const EmploymentParams = Type.Object({ userId: Id('The signed-in user id'), employmentId: Id('An employment linked to that user') });

export const employmentsRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db }) => {
  const repo = new EmploymentRepository(db);
  const payslipLists = new PayslipListCache();

  const schema = (operationId: string, summary: string, data: TSchema) => ({
    operationId,
    tags: [Tag.employments],
    summary,
    params: EmploymentParams,
    response: { 200: EnvelopeSchema(data), ...errorResponses(400, 401, 403, 404) },
  });

  app.get(
    '/document_types',
    { schema: schema('listDocumentTypes', 'Which document types exist for this employment', DocumentTypeFlagsListSchema) },
    async (request) => envelope([await repo.documentTypes(request.employment!)]),
  );
  // The answer is kept while the list's version (read with the ownership checks) is unchanged.
  app.get('/payslips', { schema: schema('listPayslips', 'Payslips, newest first', PayslipListSchema) }, async (request, reply) => {
    const { id, payslipsVersion } = request.employment!;
    const kept = payslipLists.get(id, payslipsVersion);
    return sendEnvelopeBytes(reply, kept ?? payslipLists.set(id, payslipsVersion, envelopeBytes(await repo.payslips(id))));
  });
  app.get('/documents', { schema: schema('listPayDocuments', 'P60s, P45s, P11Ds and pension letters, newest first', PayDocumentListSchema) }, async (request) =>
    envelope(await repo.documents(request.employment!.id)),
  );
  app.get(
    '/updates',
    {
      schema: schema(
        'listUpdates',
        'Recent updates from the employer during this employment (from its start date to its end date), newest first',
        RecentUpdateListSchema,
      ),
    },
    async (request) => envelope(await repo.updates(request.employment!)),
  );
  app.get(
    '/intranet',
    { schema: schema('listIntranetDocuments', 'Documents the employer shares with staff, newest first', IntranetDocumentListSchema) },
    async (request) => envelope(await repo.intranet(request.employment!)),
  );
};
