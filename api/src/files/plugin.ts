// File downloads: /api/users/{userId}/file/{fileId}/employment/{employmentId} (payslips and pay
// documents) and /api/users/{userId}/file/intranet/{fileId}/employment/{employmentId}. Ownership of
// user and employment is checked by the shared preHandlers, ownership of the file by requireOwnFile.
// PDFs are drawn in worker threads (pdf/pool.ts) and kept, once drawn, in a small cache (pdf/cache.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Deps } from '../deps';
import { errorResponses, HttpError } from '../http/errors';
import { Id } from '../http/validation';
import { RenderedPdfCache } from './pdf/cache';
import { PdfRenderer } from './pdf/pool';
import { FileRepository } from './repository';
import type { OwnedFile } from './repository';

declare module 'fastify' {
  interface FastifyRequest {
    ownedFile: OwnedFile | null;
  }
}

const FileParams = Type.Object({ userId: Id('The signed-in user id'), fileId: Id('A payslip ID or a pay document ID'), employmentId: Id('An employment linked to that user') });
const IntranetParams = Type.Object({ userId: Id('The signed-in user id'), fileId: Id('An intranet document ID'), employmentId: Id('An employment linked to that user') });

/** `attachment; filename="..."` with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export const filesRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, ownership }) => {
  const files = new FileRepository(db);
  const renderer = new PdfRenderer();
  const rendered = new RenderedPdfCache();
  app.addHook('onClose', () => renderer.close());

  const requireOwnFile =
    (kind: 'pay' | 'intranet'): preHandlerAsyncHookHandler =>
    async (request: FastifyRequest) => {
      const { fileId } = request.params as { fileId: string };
      const file = kind === 'pay' ? await files.payFile(request.employment!, fileId) : await files.intranetFile(request.employment!, fileId);
      if (!file) throw new HttpError(404, 'No such file for this employment');
      request.ownedFile = file;
    };

  const response = { 200: { description: 'The PDF', content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } } }, ...errorResponses(400, 401, 403, 404) };

  const send = async (request: FastifyRequest, reply: FastifyReply) => {
    const file = request.ownedFile!;
    const pdf = await rendered.get(RenderedPdfCache.key(file.id, file.pdf), () => renderer.render(file.pdf));
    return reply.header('Content-Disposition', contentDisposition(file.filename)).header('Cache-Control', 'private, no-store').type('application/pdf').send(pdf);
  };

  app.get(
    '/file/:fileId/employment/:employmentId',
    { preHandler: [ownership.requireOwnUser('userId'), ownership.requireOwnEmployment, requireOwnFile('pay')], schema: { tags: ['files'], summary: 'Download a payslip or pay document as PDF', params: FileParams, response } },
    send,
  );

  app.get(
    '/file/intranet/:fileId/employment/:employmentId',
    { preHandler: [ownership.requireOwnUser('userId'), ownership.requireOwnEmployment, requireOwnFile('intranet')], schema: { tags: ['files'], summary: 'Download a shared (intranet) document as PDF', params: IntranetParams, response } },
    send,
  );
};
