// One error shape for the static servers and the host's proxy, as for the API:
// `{ status, error, code, data: null }` (the code from the API's closed list,
// shared/src/wire/error-codes.ts), a 4xx for what the browser sent and 503 when the API cannot be reached. Fastify's own shapes
// ({ statusCode, error, message }) never leave these servers.
import { STATUS_CODES } from 'node:http';

const SERVICE_UNAVAILABLE = 'The service is unavailable. Please try again shortly.';

const MESSAGES = {
  400: 'The request is not valid',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  408: 'The request took too long to arrive',
  411: 'The request needs a Content-Length',
  413: 'The request body is too large',
  414: 'The address is too long',
  415: 'Unsupported content type',
  416: 'The requested range is not available',
  431: 'The request headers are too large',
  500: 'Something went wrong on our side. Please try again later.',
  503: SERVICE_UNAVAILABLE,
};

const CODE_MESSAGES = {
  FST_ERR_BAD_URL: 'The address is not valid: it has a broken % escape',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long',
};

/** The closed list's code for each status these servers answer (as errorCodeForStatus does). */
const CODES = {
  403: 'access.forbidden',
  404: 'resource.not_found',
  408: 'request.timeout',
  413: 'request.too_large',
  414: 'request.address_too_long',
  415: 'request.unsupported_media_type',
  431: 'request.headers_too_large',
  503: 'service.busy',
};

/** `{ status, error, code, data: null }`. */
export function errorBody(status, message) {
  return { status, error: message, code: CODES[status] ?? (status < 500 ? 'request.invalid' : 'service.error'), data: null };
}

function messageFor(status) {
  return MESSAGES[status] ?? (status < 500 ? MESSAGES[400] : MESSAGES[500]);
}

/** Sends `{ status, error, code, data: null }`; the answer is never cached. */
export function sendError(reply, status, message = messageFor(status)) {
  return reply.code(status).header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(errorBody(status, message));
}

/** Fastify's error handler: a 4xx keeps its status with a plain message; anything else is logged and a 500. */
export function errorHandler(error, request, reply) {
  const status = error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error({ err: error }, 'request failed');
  return sendError(reply, status, CODE_MESSAGES[error.code] ?? messageFor(status));
}

/** Fastify's `frameworkErrors` option: a broken URL, found before any route or hook runs. */
export function frameworkErrorHandler(headers) {
  return (error, _request, reply) => {
    const status = error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    return sendError(reply.headers(headers), status, CODE_MESSAGES[error.code] ?? messageFor(status));
  };
}

/** Fastify's `clientErrorHandler` option: a request Node's HTTP parser refused, answered on the socket. */
export function clientErrorHandler(headers) {
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error, socket) => {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const body = JSON.stringify(errorBody(status, status === 400 ? 'The request is not valid HTTP' : messageFor(status)));
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n${extra}Connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}

/** The error, or one of its causes, that says the request body is over the proxy's limit. */
function tooLarge(error) {
  for (let e = error; e; e = e.cause) if (e.statusCode === 413) return true;
  return false;
}

/**
 * @fastify/reply-from's `onError`: the API could not be reached or broke off (refused, reset,
 * timed out). The browser gets 503 and a hint to retry; a body over the limit is a 413.
 */
export function proxyErrorHandler(reply, { error }) {
  if (tooLarge(error)) return sendError(reply.header('Connection', 'close'), 413);
  reply.request.log.warn({ err: error }, 'the API did not answer');
  return sendError(reply.header('Retry-After', '2'), 503);
}
