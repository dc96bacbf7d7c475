// Publishing from the browser: a pay run (the import command's JSON or a payroll export's CSV) and
// pay documents in bulk, each previewed first and kept an hour, then published all or nothing through
// the employer API's own checks and repository. Registered inside the console's employer scope, so
// its access hook (admin of the employer, second step) guards every route; it also runs before a
// body is read, so no one without access gets as far as uploading, and a body over its limit is
// refused (413) as it arrives, before it is read whole.
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { Type } from '@sinclair/typebox';
import multipart from '@fastify/multipart';
import { DocumentsPreviewSchema, DocumentsPublishedSchema, PayRunPreviewSchema, PayRunPublishedSchema } from '@portal/shared/wire/console';
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
import { badUpload, uploadTooLarge } from './publish-errors';
import { DocumentUploads, readManifest } from './document-uploads';
import { PdfRenderer, busyError } from '../files/pdf/pool';
import { PDF_MAX_BYTES } from '../employer-api/pdf-check';

/** A pay run file: 10,000 payslips are about 10 MB of JSON; a CSV of them less. */
export const PAY_RUN_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Documents in bulk: each PDF (the limit of every uploaded PDF's check), and all of them with the manifest. */
export const DOCUMENT_MAX_BYTES = PDF_MAX_BYTES;
export const DOCUMENTS_MAX_BYTES = 50 * 1024 * 1024;
/** Room for the multipart boundaries and headers beside the files. */
const MULTIPART_OVERHEAD = 1024 * 1024;

const EmployerParams = Type.Object({ employerId: Id('The employer’s id') });
const PublishBody = Type.Object({ uploadId: Id('The preview’s uploadId') }, { additionalProperties: false });
const ACCESS_ERRORS = [400, 401, 403, 404] as const;

export const consolePublishRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db }) => {
  const pool = new UploadPool();
  app.addHook('onClose', () => pool.close());
  const payRuns = new PayRunUploads(db, pool);
  // Uploaded PDFs are read and written anew in the PDF worker threads, as the employer API's are.
  const pdfWorkers = new PdfRenderer();
  app.addHook('onClose', () => pdfWorkers.close());
  const documents = new DocumentUploads(db, (pdf, maxPages) =>
    pdfWorkers.cleanUpload(pdf, maxPages).catch((err: unknown) => {
      throw busyError(err);
    }),
  );
  const admin = (request: FastifyRequest): Admin => ({ userId: request.session!.sub, address: request.ip });
  // The scope's hook runs again at preValidation; here it keeps a body from being read for someone without access.
  // As for every route, a control character in the path is named first (400).
  const access = requireConsoleAccess(db);
  const accessFirst: onRequestAsyncHookHandler = async (request, reply) => {
    const problem = controlCharacterProblem(request.params, 'params');
    if (problem) throw HttpError.coded(400, 'request.value_unstorable', problem);
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

  // The PDFs as multipart parts, each read as it arrives and refused past its limit.
  await app.register(async (scope) => {
    const form = scope.withTypeProvider<TypeBoxTypeProvider>();
    await form.register(multipart, {
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1000, fields: 1, parts: 1001, headerPairs: 100 },
      throwFileSizeLimit: true,
    });
    form.post(
      '/documents/preview',
      {
        bodyLimit: DOCUMENTS_MAX_BYTES + MULTIPART_OVERHEAD,
        onRequest: accessFirst,
        config: { bodyTypes: ['multipart/form-data'] },
        schema: {
          operationId: 'previewConsoleDocuments',
          tags: [Tag.employerConsole],
          summary:
            'Check pay documents (PDFs) before publishing them: multipart parts `file` (each at most 5 MB, all at most 50 MB), named <employeeId>_<type>_<taxYear>.pdf or listed in a `manifest` part (CSV file,employeeId,type,taxYear,issuedOn); kept an hour for …/documents/publish',
          params: EmployerParams,
          response: { 200: EnvelopeSchema(DocumentsPreviewSchema), ...errorResponses(...ACCESS_ERRORS, 413, 415) },
        },
      },
      async (request) => {
        const declared = Number(request.headers['content-length']);
        if (declared > DOCUMENTS_MAX_BYTES + MULTIPART_OVERHEAD) throw uploadTooLarge(DOCUMENTS_MAX_BYTES, 'The upload');
        const files: { name: string; bytes: Buffer }[] = [];
        let manifest: Buffer | null = null;
        let total = 0;
        try {
          for await (const part of request.parts()) {
            if (part.type !== 'file') {
              if (part.fieldname !== 'manifest') throw badUpload(`The upload has a field '${part.fieldname}': send the list of files as 'manifest'`);
              manifest = Buffer.from(String(part.value));
              continue;
            }
            const bytes = await part.toBuffer();
            total += bytes.length;
            if (total > DOCUMENTS_MAX_BYTES) throw uploadTooLarge(DOCUMENTS_MAX_BYTES, 'The upload');
            if (part.fieldname === 'manifest') manifest = bytes;
            else if (part.fieldname === 'file') files.push({ name: part.filename, bytes });
            else throw badUpload(`The upload has a part '${part.fieldname}': send the PDFs as 'file' and the list as 'manifest'`);
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw uploadTooLarge(DOCUMENT_MAX_BYTES, 'A file');
          if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw uploadTooLarge(DOCUMENTS_MAX_BYTES, 'The upload');
          if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_FIELDS_LIMIT')
            throw badUpload('Send the PDFs as multipart/form-data parts named file');
          throw error;
        }
        if (!files.length) throw badUpload('The upload has no PDF: send each as a part named file');
        return envelope(await documents.preview(request.params.employerId, admin(request), files, manifest ? readManifest(manifest) : null));
      },
    );
  });

  app.post(
    '/documents/publish',
    {
      schema: {
        operationId: 'publishConsoleDocuments',
        tags: [Tag.employerConsole],
        summary: 'Publish previewed pay documents, all or none; a document already published with the same file is left as it is',
        params: EmployerParams,
        body: PublishBody,
        response: { 200: EnvelopeSchema(DocumentsPublishedSchema), ...errorResponses(...ACCESS_ERRORS, 409) },
      },
    },
    async (request) => envelope(await documents.publish(request.params.employerId, request.body.uploadId, admin(request))),
  );

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
