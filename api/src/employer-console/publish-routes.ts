// Publishing from the browser: a pay run (the import command's JSON or a payroll export's CSV) and
// pay documents in bulk, each previewed first and kept an hour, then published all or nothing through
// the employer API's own checks and repository. Registered inside the console's employer scope, so
// its access hook (admin of the employer, second step) guards every route; it also runs before a
// body is read, so no one without access gets as far as uploading, and a body over its limit is
// refused (413) as it arrives, before it is read whole.
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { Type } from '@sinclair/typebox';
import { PayRunPreviewSchema, PayRunPublishedSchema } from '@portal/shared/wire/console';
import type { Deps } from '../deps';
import { envelope, EnvelopeSchema } from '../http/envelope';
import { HttpError, errorResponses } from '../http/errors';
import { controlCharacterProblem } from '../http/control-characters';
import { mediaType } from '../http/origin';
import { Id } from '../http/validation';
import { Tag } from '../docs/openapi';
import { requireConsoleAccess } from './access';
import { PayRunUploads } from './pay-run-uploads';
import type { Admin } from './pay-run-uploads';
import { UploadPool } from './upload-pool';
import { uploadTooLarge } from './publish-errors';

/** A pay run file: 10,000 payslips are about 10 MB of JSON; a CSV of them less. */
export const PAY_RUN_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

const EmployerParams = Type.Object({ employerId: Id('The employer’s id') });
const PublishBody = Type.Object({ uploadId: Id('The preview’s uploadId') }, { additionalProperties: false });
const ACCESS_ERRORS = [400, 401, 403, 404] as const;

export const consolePublishRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db }) => {
  const pool = new UploadPool();
  app.addHook('onClose', () => pool.close());
  const payRuns = new PayRunUploads(db, pool);
  const admin = (request: FastifyRequest): Admin => ({ userId: request.session!.sub, address: request.ip });
  // The scope's hook runs again at preValidation; here it keeps a body from being read for someone without access.
  // As for every route, a control character in the path is named first (400).
  const access = requireConsoleAccess(db);
  const accessFirst: onRequestAsyncHookHandler = async (request, reply) => {
    const problem = controlCharacterProblem(request.params, 'params');
    if (problem) throw new HttpError(400, problem);
    await access.call(app, request, reply);
  };

  // A body over its limit is refused as it arrives: say which limit, with the console's code.
  app.setErrorHandler((error, request) => {
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw uploadTooLarge(request.routeOptions.bodyLimit ?? PAY_RUN_UPLOAD_MAX_BYTES);
    throw error;
  });

  // The pay run's file, as bytes: read and checked in the worker thread, as JSON or CSV by its type.
  await app.register(async (scope) => {
    const raw = scope.withTypeProvider<TypeBoxTypeProvider>();
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser(['application/json', 'text/csv'], { parseAs: 'buffer', bodyLimit: PAY_RUN_UPLOAD_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    raw.post(
      '/pay-runs/preview',
      {
        bodyLimit: PAY_RUN_UPLOAD_MAX_BYTES,
        onRequest: accessFirst,
        config: { bodyTypes: ['text/csv'] },
        schema: {
          operationId: 'previewConsolePayRun',
          tags: [Tag.employerConsole],
          summary:
            'Check a pay run file (the import command’s JSON, or a payroll export’s CSV) without publishing it: its totals and every problem by row and field; kept an hour for …/pay-runs/publish',
          params: EmployerParams,
          body: {
            content: {
              'application/json': { schema: { description: 'The import command’s file: `employments` and `payRun` (at most 20 MB)' } },
              'text/csv': { schema: { description: 'A payroll export, one row a payslip (api/README.md “CSV”; at most 20 MB)' } },
            },
          },
          response: { 200: EnvelopeSchema(PayRunPreviewSchema), ...errorResponses(...ACCESS_ERRORS, 413, 415) },
        },
      },
      async (request) => {
        const format = mediaType(request) === 'text/csv' ? 'csv' : 'json';
        return envelope(await payRuns.preview(request.params.employerId, admin(request), format, request.body as Buffer));
      },
    );
  });

  app.post(
    '/pay-runs/publish',
    {
      schema: {
        operationId: 'publishConsolePayRun',
        tags: [Tag.employerConsole],
        summary: 'Publish a previewed pay run: its records and payslips all or nothing; the same content again changes nothing',
        params: EmployerParams,
        body: PublishBody,
        response: { 200: EnvelopeSchema(PayRunPublishedSchema), ...errorResponses(...ACCESS_ERRORS, 409) },
      },
    },
    async (request) => envelope(await payRuns.publish(request.params.employerId, request.body.uploadId, admin(request))),
  );
};
