// /employer-api/v1: the publishing API payroll software calls. Its own scope, with its
// own authentication (an employer API key, not a session); every query is bound to the key's employer.
// Besides publishing, it lists and answers the employees' questions about their payslips.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import type { Deps } from '../deps';
import { HttpError, errorResponses } from '../http/errors';
import { requireEmployerKey } from './auth';
import { Throttle } from '../throttle/throttle';
import { Tag } from '../docs/openapi';
import { payRunRoute } from './pay-run-route';
import { employerQuestionRoutes } from './questions-routes';
import { limitCallsPerKey } from './rate-limits';
import { EmployerKeyRepository } from './key-repository';
import { PublishRepository } from './publish-repository';
import { orThrow } from './refusal';
import { PDF_MAX_BYTES, pdfProblem } from './pdf-check';
import { checkEmploymentRecord, checkEndDate, checkPublishedAt, checkTaxYear } from './rules';
import { payDocumentContent, storedContent } from './pay-document';
import { PdfRenderer, busyError } from '../files/pdf/pool';
import type { PayDocumentContent } from './pay-document';
import {
  DocumentParamsSchema,
  DocumentQuerySchema,
  DocumentResultSchema,
  EmploymentParamsSchema,
  IntranetDocumentInputSchema,
  IntranetDocumentParamsSchema,
  PublishedSchema,
  UpdateInputSchema,
  UpdateParamsSchema,
  EmploymentRecordInputSchema,
  EmploymentRecordSchema,
  EmploymentUpsertResultSchema,
  EndEmploymentInputSchema,
  EndEmploymentResultSchema,
  PayDocumentJsonOnArrivalSchema,
  PayDocumentJsonSchema,
  PDF_BASE64_MAX_LENGTH,
  P11DDetailsSchema,
  P45DetailsSchema,
  P60DetailsSchema,
  PensionLetterDetailsSchema,
} from './schemas';
import type { PayDocumentJson } from './schemas';

/** A document as JSON: a 5 MB PDF in base64, or details (a few KB). */
const DOCUMENT_JSON_BODY_LIMIT = PDF_BASE64_MAX_LENGTH + 64 * 1024;

/** Raw PDF bytes, judged by their content. */
function pdfContent(pdf: Buffer): PayDocumentContent {
  // The route's limit is the JSON form's (base64 is longer); the bytes themselves keep the PDF's.
  if (pdf.length > PDF_MAX_BYTES) throw new HttpError(413, `body is over the limit of ${PDF_MAX_BYTES / 1024 / 1024} MB for this call`);
  const problem = pdfProblem(pdf);
  if (problem) throw new HttpError(problem.includes('limit') ? 413 : 400, `body ${problem}`);
  return { pdf };
}

/** Bytes or JSON: the PDF's bytes have no schema to apply (a `string` one would refuse a Buffer), only what they are. */
const payDocumentBody = (json: TSchema) => ({
  content: {
    'application/pdf': { schema: { description: 'The PDF itself (binary), checked by its content; at most 5 MB' } },
    'application/json': { schema: json },
  },
});

const isObject = (body: unknown): body is PayDocumentJson => typeof body === 'object' && body !== null && !Array.isArray(body);

export const employerApiRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, database, config }) => {
  const repo = new PublishRepository(db);
  const throttle = new Throttle(db);
  app.decorateRequest('employerId', null);
  app.decorateRequest('employerKeyId', null);
  app.addHook('onRequest', requireEmployerKey(new EmployerKeyRepository(db)));
  app.addHook('onRequest', limitCallsPerKey(throttle, config.employerApiLimits));
  // Uploaded PDFs are read and written anew in worker threads of their own, never on the event loop.
  const pdfWorkers = new PdfRenderer();
  app.addHook('onClose', () => pdfWorkers.close());
  const cleanUpload = (pdf: Uint8Array, maxPages: number) =>
    pdfWorkers.cleanUpload(pdf, maxPages).catch((err: unknown) => {
      throw busyError(err);
    });

  // PDFs arrive as raw bytes; what they are is judged by their content (pdf-check.ts), not this type.
  app.addContentTypeParser('application/pdf', { parseAs: 'buffer', bodyLimit: PDF_MAX_BYTES }, (_request, body, done) => done(null, body));
  // An over-long body is refused before any route runs; say which limit, not just "too large".
  app.setErrorHandler((error, request) => {
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.headers['content-type']?.startsWith('application/pdf') ? PDF_MAX_BYTES : (request.routeOptions.bodyLimit ?? PDF_MAX_BYTES);
      throw new HttpError(413, `body is over the limit of ${Math.round((limit / 1024 / 1024) * 10) / 10} MB for this call`);
    }
    throw error;
  });

  // The details a pay document may carry, one schema per type, listed in the OpenAPI components.
  for (const schema of [P60DetailsSchema, P45DetailsSchema, P11DDetailsSchema, PensionLetterDetailsSchema]) app.addSchema(schema);

  const common = { tags: [Tag.employerApi], security: [{ employerKey: [] }] };
  const employerOf = (request: { employerId: string | null }) => request.employerId!;

  app.put(
    '/employments/:employmentId',
    {
      schema: {
        ...common,
        operationId: 'upsertEmployment',
        summary: 'Create or update an employment record (the linking data); repeating a call changes nothing',
        params: EmploymentParamsSchema,
        body: EmploymentRecordInputSchema,
        response: { 200: EmploymentUpsertResultSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      checkEmploymentRecord(request.body);
      const { created } = await repo.upsertEmployment(employerOf(request), request.params.employmentId, request.body);
      return { employmentId: request.params.employmentId, created };
    },
  );

  app.get(
    '/employments/:employmentId',
    {
      schema: {
        ...common,
        operationId: 'getEmployment',
        summary: 'One employment record of this employer',
        params: EmploymentParamsSchema,
        response: { 200: EmploymentRecordSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const record = await repo.findEmployment(employerOf(request), request.params.employmentId);
      if (!record) throw new HttpError(404, `No employment '${request.params.employmentId}' of yours`);
      return record;
    },
  );

  app.post(
    '/employments/:employmentId/end',
    {
      schema: {
        ...common,
        operationId: 'endEmployment',
        summary: 'End an employment on a date; repeating it with the same date changes nothing',
        params: EmploymentParamsSchema,
        body: EndEmploymentInputSchema,
        response: { 200: EndEmploymentResultSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => {
      const { employmentId } = request.params;
      const { endDate } = request.body;
      const record = await repo.findEmployment(employerOf(request), employmentId);
      if (!record) throw new HttpError(404, `No employment '${employmentId}' of yours`);
      checkEndDate(endDate, record.startDate);
      if (await repo.endEmployment(employerOf(request), employmentId, endDate)) return { employmentId, endDate, changed: true };
      const now = await repo.findEmployment(employerOf(request), employmentId);
      if (now?.endDate === endDate) return { employmentId, endDate, changed: false };
      throw new HttpError(409, `Employment '${employmentId}' already ended on ${now?.endDate ?? '?'}; to change the date, send the record again with PUT`);
    },
  );

  app.put(
    '/employments/:employmentId/documents/:documentId',
    {
      bodyLimit: DOCUMENT_JSON_BODY_LIMIT,
      schema: {
        ...common,
        operationId: 'publishPayDocument',
        summary:
          'Publish a P60, P45, P11D or pension letter: the PDF (Content-Type: application/pdf, at most 5 MB), or JSON with either the PDF (base64) or its details, which the portal draws; repeating it changes nothing',
        params: DocumentParamsSchema,
        querystring: DocumentQuerySchema,
        body: payDocumentBody(PayDocumentJsonOnArrivalSchema),
        response: { 200: DocumentResultSchema, 201: DocumentResultSchema, ...errorResponses(400, 401, 404, 409, 413, 415, 429, 503) },
      },
      // Documented with `details` as one of the four schemas, which the handler applies by `?type`.
      config: { swaggerTransform: ({ schema, url }) => ({ schema: { ...schema, body: payDocumentBody(PayDocumentJsonSchema) }, url }) },
    },
    async (request, reply) => {
      const { employmentId, documentId } = request.params;
      const body = request.body as unknown;
      checkTaxYear(request.query.taxYear);
      const checked = Buffer.isBuffer(body) ? pdfContent(body) : isObject(body) ? payDocumentContent(request.query, body) : null;
      if (!checked) throw new HttpError(415, 'body must be the PDF itself (Content-Type: application/pdf) or JSON with the PDF or its details');
      const content = await storedContent(checked, request.query.type, Buffer.isBuffer(body) ? 'body' : 'body.pdf', cleanUpload);
      const result = await repo.publishDocument(employerOf(request), employmentId, documentId, request.query, content);
      if (!result) throw new HttpError(404, `No employment '${employmentId}' of yours`);
      const { created } = orThrow(result);
      return reply.status(created ? 201 : 200).send({ documentId, employmentId, created });
    },
  );

  app.put(
    '/updates/:updateId',
    {
      schema: {
        ...common,
        operationId: 'publishUpdate',
        summary: "Publish an update to this employer's staff; repeating it changes nothing",
        params: UpdateParamsSchema,
        body: UpdateInputSchema,
        response: { 200: PublishedSchema, 201: PublishedSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      checkPublishedAt(request.body.publishedAt);
      const { created } = orThrow(await repo.publishUpdate(employerOf(request), request.params.updateId, request.body));
      return reply.status(created ? 201 : 200).send({ id: request.params.updateId, created });
    },
  );

  app.put(
    '/intranet-documents/:documentId',
    {
      schema: {
        ...common,
        operationId: 'publishIntranetDocument',
        summary: "Publish a document for this employer's staff (the portal draws it as a PDF); repeating it changes nothing",
        params: IntranetDocumentParamsSchema,
        body: IntranetDocumentInputSchema,
        response: { 200: PublishedSchema, 201: PublishedSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const { created } = orThrow(await repo.publishIntranetDocument(employerOf(request), request.params.documentId, request.body));
      return reply.status(created ? 201 : 200).send({ id: request.params.documentId, created });
    },
  );

  await app.register(payRunRoute, { repo, throttle, limits: config.employerApiLimits, common });
  await app.register(employerQuestionRoutes, { database, common });
};
