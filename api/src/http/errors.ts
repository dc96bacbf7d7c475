// One error shape for every route: HTTP 4xx/5xx with `{ status, error }` (docs/api-contract.md).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { errorPage } from './pages';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const ErrorBody = Type.Object({ status: Type.Integer(), error: Type.String() }, { $id: 'ErrorBody', description: 'Every error: `{ status, error }`.' });

/** Response schemas for the errors a route can give, for the OpenAPI document. */
export function errorResponses(...codes: number[]): Record<number, unknown> {
  return Object.fromEntries(codes.map((code) => [code, Type.Ref('ErrorBody')]));
}

const PUBLIC_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but the content type is application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
};

function wantsHtml(request: FastifyRequest): boolean {
  return Boolean(request.routeOptions.config?.page) && (request.headers.accept ?? '').includes('text/html');
}

export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, message: string): FastifyReply {
  if (wantsHtml(request)) {
    return reply.status(status).type('text/html; charset=utf-8').send(errorPage(status, message));
  }
  return reply.status(status).type('application/json; charset=utf-8').send({ status, error: message });
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if ('validation' in error && error.validation) {
      return sendError(request, reply, 400, error.message);
    }
    const code = 'code' in error ? error.code : undefined;
    // Two requests racing for the same unique value (e.g. an e-mail): the loser is told, not a 500.
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
      return sendError(request, reply, 409, 'That is already in use. Please refresh and try again.');
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, status, 'Something went wrong on our side. Please try again later.');
    }
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    }
    return sendError(request, reply, status, (code && PUBLIC_MESSAGES[code]) || error.message);
  });
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, `No route ${request.method} ${request.url.split('?')[0]}`));
}
