// How the sign-in service answers with one of its HTML pages, and how every post to it is guarded.
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Config } from '../config';
import { HttpError } from '../http/errors';
import { CSRF_FIELD, hasPostForm, hasValidCsrfToken, issueCsrfToken, withCsrfFields } from '../http/csrf';
import { foreignOriginReason, mediaType } from '../http/origin';
import { SHOW_PASSWORD_HASH, usesShowPassword } from '../http/show-password';
import { PASSKEY_SCRIPT_HASH, usesPasskeys } from '../http/passkey-script';
import { withLanguageSwitch } from '../http/language-switch';

/** Route config of a browser page: errors render as HTML when the browser asks for it. */
export const pageConfig = { page: true };

export const htmlResponse = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
export const redirectResponse = (description: string) => ({ description, type: 'null' });

/**
 * The sign-in pages' CSP; `script-src` only where a page loads the 'Show password' file or the
 * passkey file, and then those files alone; `connect-src 'self'` only with the passkey file (it asks
 * its own origin for a challenge).
 */
export function pagePolicy(config: Config, scripts: { showPassword: boolean; passkeys?: boolean }): string {
  const hashes = [...(scripts.showPassword ? [SHOW_PASSWORD_HASH] : []), ...(scripts.passkeys ? [PASSKEY_SCRIPT_HASH] : [])];
  const script = hashes.length ? `; script-src ${hashes.map((hash) => `'${hash}'`).join(' ')}` : '';
  const connect = scripts.passkeys ? "; connect-src 'self'" : '';
  return `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${config.allowedRedirectOrigins.join(' ')}; frame-ancestors 'none'; base-uri 'none'${script}${connect}`;
}

/**
 * Sends a page: never cached, its own strict CSP (no script at all, bar the 'Show password' file on
 * pages with a password field and the passkey file on pages with a passkey button, each allowed by
 * its hash), never framed, and every POST form on it carrying this browser's CSRF token.
 * Referrer-Policy is same-origin, not no-referrer: with no-referrer, browsers send `Origin: null` on
 * the page's own form posts, which are refused.
 */
export function sendPage(reply: FastifyReply, config: Config, status: number, body: string): FastifyReply {
  const switched = withLanguageSwitch(body, reply.request, config.languages);
  const page = hasPostForm(switched) ? withCsrfFields(switched, issueCsrfToken(reply.request, reply, config)) : switched;
  return reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'same-origin')
    .header('Content-Security-Policy', pagePolicy(config, { showPassword: usesShowPassword(body), passkeys: usesPasskeys(body) }))
    .type('text/html; charset=utf-8')
    .send(page);
}

function isFormBody(request: FastifyRequest): boolean {
  return mediaType(request) === 'application/x-www-form-urlencoded';
}

/**
 * One guard for every POST of the sign-in service (a preValidation hook, so route schemas never
 * see the token): the Origin, when sent, must be the portal's or a front end's ('null' is not);
 * a form must carry the CSRF token of this browser's cookie; any other body (the SDK's refresh,
 * the host's JSON sign-out) must name an allowed Origin, which only a fetch from the portal does.
 */
export function guardPosts(config: Config): preValidationAsyncHookHandler {
  return async function guardPosts(request: FastifyRequest) {
    if (request.method !== 'POST') return;
    const form = isFormBody(request);
    const reason = foreignOriginReason(request, config, { requireOrigin: !form });
    if (reason) throw new HttpError(403, reason);
    if (!form) return;
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!hasValidCsrfToken(request, config, body[CSRF_FIELD])) {
      throw HttpError.coded(403, 'form.expired', 'This form has expired or was not sent from the pay portal. Go back, reload the page and try again.');
    }
    delete body[CSRF_FIELD];
  };
}
