// One error shape for every answer: HTTP 4xx/5xx with `{ status, error, code, data: null }`
// (docs/api-contract.md), from routes, from Fastify's router (bad URLs) and from the HTTP parser
// (malformed requests). `code` is from the closed list of @portal/shared/wire/error-codes: an error
// thrown without one gets its status's.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ErrorBodySchema } from '@portal/shared/wire/envelope';
import { errorCodeForStatus, type ErrorCode } from '@portal/shared/wire/error-codes';
import { errorPage } from './pages';
import { isDatabaseBusy } from '../db/time-limits';

/** What an error body carries beside `{ status, error }`: its code, the field at fault, the tries left. */
export type ErrorDetails = { code?: ErrorCode; field?: string; triesLeft?: number };

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly details: ErrorDetails = {},
  ) {
    super(message);
  }

  /** An error with a code of its own (else its status's): `{ status, error, code, data: null }`. */
  static coded(
    statusCode: number,
    code: ErrorCode,
    message: string,
    headers: Record<string, string> = {},
    details: Omit<ErrorDetails, 'code'> = {},
  ): HttpError {
    return new HttpError(statusCode, message, headers, { ...details, code });
  }
}

/** The wire's error body, registered once (app.addSchema) so every route refers to it. */
export const ErrorBody = { ...ErrorBodySchema, $id: 'ErrorBody' };

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

/**
 * A database "data exception": a value the database cannot take, so the input is at fault (400).
 * PostgreSQL's SQLSTATE class 22 (22021: a NUL byte, 22P02: not a number, 22001: too long, ...);
 * SQLite's datatype mismatch and string or blob too big.
 */
export function isDataException(code: unknown): boolean {
  return typeof code === 'string' && (/^22[0-9A-Z]{3}$/.test(code) || code === 'SQLITE_MISMATCH' || code === 'SQLITE_TOOBIG');
}

function wantsHtml(request: FastifyRequest): boolean {
  return Boolean(request.routeOptions.config?.page) && (request.headers.accept ?? '').includes('text/html');
}

/** The error body: `code` its own or its status's, then `field` and `triesLeft` where given. */
export function errorBody(status: number, message: string, details: ErrorDetails = {}) {
  const { code, field, triesLeft } = details;
  return {
    status,
    error: message,
    code: code ?? errorCodeForStatus(status),
    ...(field !== undefined ? { field } : {}),
    ...(triesLeft !== undefined ? { triesLeft } : {}),
    data: null,
  };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, message: string, details: ErrorDetails = {}): FastifyReply {
  if (wantsHtml(request)) {
    return reply.status(status).type('text/html; charset=utf-8').send(errorPage(status, message));
  }
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(errorBody(status, message, details));
}

/**
 * The field a schema validation failed on, as the request names it (`mobilePhone`, not
 * `/user/mobilePhone`): a missing property's name, else the last part of the failing path.
 */
export function fieldOfValidation(validation: readonly { instancePath?: string; params?: Record<string, unknown> }[]): string | undefined {
  const [first] = validation;
  if (!first) return undefined;
  const missing = first.params?.missingProperty;
  if (typeof missing === 'string') return missing;
  const extra = first.params?.additionalProperty;
  if (typeof extra === 'string') return extra;
  const last = (first.instancePath ?? '').split('/').filter(Boolean).pop();
  return last && !/^\d+$/.test(last) ? last : undefined;
}

/** The most of a refused body the server reads and drops to keep its connection: the static servers' proxy limit. */
export const REFUSED_BODY_DRAIN_LIMIT = 1024 * 1024;

/**
 * A body over its route's limit is refused before it is read, and Fastify closes the connection so
 * the sender cannot go on sending. A sender still writing the body (the host's proxy, streaming it)
 * then meets a reset instead of the 413, and the proxy answered 503 (a race the reliability fuzz
 * caught once). For a declared length up to REFUSED_BODY_DRAIN_LIMIT the connection stays open:
 * Node reads and drops the rest of the body after the answer, so the sender reads the 413.
 */
function keepConnectionForDeclaredBody(request: FastifyRequest, reply: FastifyReply): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared <= REFUSED_BODY_DRAIN_LIMIT) reply.removeHeader('connection');
}

export const DATABASE_BUSY_MESSAGE = 'The service is busy. Please try again in a moment.';
const DATABASE_BUSY_RETRY_AFTER = '1';

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if ('validation' in error && error.validation) {
      const field = fieldOfValidation(error.validation);
      return sendError(request, reply, 400, error.message, field ? { code: 'request.field_invalid', field } : { code: 'request.invalid' });
    }
    const code = 'code' in error ? error.code : undefined;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') keepConnectionForDeclaredBody(request, reply);
    // Two requests racing for the same unique value (e.g. an e-mail): the loser is told, not a 500.
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
      return sendError(request, reply, 409, 'That is already in use. Please refresh and try again.', { code: 'request.in_use' });
    }
    if (isDataException(code)) {
      request.log.warn({ err: error }, 'the database refused a value');
      return sendError(
        request,
        reply,
        400,
        'The request holds a value that cannot be stored (for example a control character). Please check what you entered.',
        { code: 'request.value_unstorable' },
      );
    }
    // The database had no connection free, or cancelled a statement, in time: the client may retry.
    if (isDatabaseBusy(error)) {
      request.log.warn({ err: error }, 'the database is busy');
      reply.header('Retry-After', DATABASE_BUSY_RETRY_AFTER);
      return sendError(request, reply, 503, DATABASE_BUSY_MESSAGE);
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, status, 'Something went wrong on our side. Please try again later.');
    }
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return sendError(request, reply, status, error.message, error.details);
    }
    return sendError(request, reply, status, (code && PUBLIC_MESSAGES[code]) || error.message);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, 404, `No route ${request.method} ${request.url.split('?')[0]}`, { code: 'route.not_found' }),
  );
}

const FRAMEWORK_ERRORS: Record<string, [number, string, ErrorCode]> = {
  FST_ERR_BAD_URL: [400, 'The address is not valid: it has a broken % escape', 'request.address_invalid'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'A part of the address is too long (at most 300 characters)', 'request.address_too_long'],
};

/**
 * Fastify's `frameworkErrors` option: errors found while routing, before any route runs. No hook
 * runs for them either, so the headers every answer carries (`headers`) are set here.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const [status, message, code] = FRAMEWORK_ERRORS[error.code] ?? [400, 'The request is not valid', 'request.invalid'];
    request.log.info({ code: error.code }, 'request refused by the router');
    void reply
      .status(status)
      .headers(headers)
      .type('application/json; charset=utf-8')
      .send(errorBody(status, message, { code }));
  };
}

/** Fastify's `clientErrorHandler` option: a request Node's HTTP parser refused, answered on the raw socket. */
export function clientErrorHandler(headers: Record<string, string>) {
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message]: [number, string] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'The request headers are too large']
          : [400, 'The request is not valid HTTP'];
    const body = JSON.stringify(errorBody(status, message));
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}Connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
