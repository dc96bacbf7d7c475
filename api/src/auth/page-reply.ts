// How the sign-in service answers with one of its HTML pages, and how a form is guarded.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { HttpError } from '../http/errors';

/** Route config of a browser page: errors render as HTML when the browser asks for it. */
export const pageConfig = { page: true };

export const htmlResponse = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
export const redirectResponse = (description: string) => ({ description, type: 'null' });

/** Sends a page: never cached, its own strict CSP (no script at all), never framed. */
export function sendPage(reply: FastifyReply, config: Config, status: number, body: string): FastifyReply {
  return reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${config.allowedRedirectOrigins.join(' ')}; frame-ancestors 'none'; base-uri 'none'`)
    .type('text/html; charset=utf-8')
    .send(body);
}

/** Forms only accept posts from the portal's own origins (a cheap CSRF guard on top of SameSite). */
export function checkFormOrigin(config: Config, request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return;
  const own = `${request.protocol}://${request.host}`;
  if (origin !== own && !config.allowedRedirectOrigins.includes(origin)) throw new HttpError(403, 'This form was sent from another site');
}
