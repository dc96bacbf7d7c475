// Requests that change something must come from the portal's own pages. The browser names the
// page a request comes from (Origin) and, in current browsers, how that page relates to us
// (Sec-Fetch-Site). SameSite=Lax cookies alone are not enough: the remotes, served from other
// ports of the same host, are the same site, so their pages' requests carry the session cookies.
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Config } from '../config';
import { HttpError } from './errors';

const STATE_CHANGING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** The portal's own origin (as this request reached it) or a front end's (ALLOWED_REDIRECTS, PUBLIC_URL). */
function isAllowedOrigin(request: FastifyRequest, config: Config, origin: string): boolean {
  return origin === `${request.protocol}://${request.host}` || config.allowedRedirectOrigins.includes(origin);
}

/**
 * Why a browser request must be refused as coming from another site, or null when it may go on.
 * An Origin must be an allowed one: 'null' (sandboxed frames, cross-site redirects, pages with
 * Referrer-Policy: no-referrer) is not. Without an Origin, a browser that marks the request
 * cross-site or same-site is refused; `requireOrigin` refuses a request without one at all.
 */
export function foreignOriginReason(request: FastifyRequest, config: Config, options: { requireOrigin: boolean }): string | null {
  const origin = request.headers.origin;
  if (origin !== undefined) return isAllowedOrigin(request, config, origin) ? null : 'This request came from a page outside the portal';
  if (options.requireOrigin) return 'This request does not say which page it came from (no Origin header)';
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return 'This request came from a page outside the portal';
  return null;
}

/** The media type of the request body, lower case, without parameters ('application/json'). */
export function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * The application API's guard (an onRequest hook on everything under /api): reading needs no
 * Origin but refuses another site's; changing something needs an allowed Origin and a JSON body,
 * which no page of another origin can send without a CORS preflight the API never grants.
 */
export function requirePortalOrigin(config: Config): onRequestHookHandler {
  // A callback hook (nothing here waits): an async one would cost every /api request a promise.
  return function requirePortalOrigin(request, _reply, done) {
    const changes = STATE_CHANGING.has(request.method);
    const reason = foreignOriginReason(request, config, { requireOrigin: changes });
    if (reason) throw new HttpError(403, reason);
    // A route may take other bodies too (the console's uploads: CSV, multipart); the Origin still has to be ours.
    if (changes && mediaType(request) !== 'application/json' && !request.routeOptions.config.bodyTypes?.includes(mediaType(request)))
      throw new HttpError(415, 'Send the request body as JSON (Content-Type: application/json)');
    done();
  };
}
