// /api/users/{userId}/employments/{employmentId}/...: one employment's pay data. Every route here
// passes the same two checks, declared once for the whole plugin.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Deps } from '../deps';
import { envelope, EnvelopeSchema } from '../http/envelope';
import { errorResponses } from '../http/errors';
import { Id } from '../http/validation';
import { EmploymentRepository } from './repository';

export const EmploymentParams = Type.Object({ userId: Id('The signed-in user id'), employmentId: Id('An employment linked to that user') });

export const employmentsRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, ownership }) => {
  const repo = new EmploymentRepository(db);
  app.addHook('preHandler', ownership.requireOwnUser('userId'));
  app.addHook('preHandler', ownership.requireOwnEmployment);

  const schema = (summary: string, inner: string) => ({ tags: ['employments'], summary, params: EmploymentParams, response: { 200: EnvelopeSchema(inner), ...errorResponses(400, 401, 403, 404) } });

  app.get('/document_types', { schema: schema('Which document types exist for this employment', '[{ Payslip, Documents, P45, P60, P11d, PensionLetter }]') }, async (request) =>
    envelope([await repo.documentTypes(request.employment!)]),
  );
  app.get('/payslips', { schema: schema('Payslips, newest first', 'Payslip[]') }, async (request) => envelope(await repo.payslips(request.employment!.id)));
  app.get('/documents', { schema: schema('P60s, P45s, P11Ds and pension letters, newest first', 'PayDocument[]') }, async (request) => envelope(await repo.documents(request.employment!.id)));
  app.get('/updates', { schema: schema('Recent updates from the employer, newest first', 'Update[]') }, async (request) => envelope(await repo.updates(request.employment!)));
  app.get('/intranet', { schema: schema('Documents the employer shares with staff, newest first', 'IntranetDocument[]') }, async (request) => envelope(await repo.intranet(request.employment!)));
};
