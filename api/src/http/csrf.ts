// Form CSRF, login CSRF included: OWASP's signed double-submit cookie. A page with a form sets a
// random value in an HttpOnly, SameSite=Lax cookie and puts HMAC(server secret, value) in a hidden
// field; a form post is accepted only with both, matching. Another site can neither read the field
// nor make a matching pair without the secret; over HTTPS the cookie is `__Host-` prefixed, so a
// sibling subdomain cannot plant one of its own either.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { keyedHash, randomToken, safeEqual } from '../secrets';
import { isSecure } from './cookies';
import { hiddenInputs } from './pages';

export const CSRF_FIELD = 'csrf_token';
const COOKIE_VALUE = /^[\w-]{43}$/; // randomToken(): 32 bytes, base64url

export function csrfCookieName(secure: boolean): string {
  return secure ? '__Host-app.csrf' : 'app.csrf';
}

function sign(config: Config, value: string): string {
  return keyedHash(config.tokenSecret, `csrf:${value}`);
}

/** The token for a page's forms; sets this browser's CSRF cookie when it has none yet. */
export function issueCsrfToken(request: FastifyRequest, reply: FastifyReply, config: Config): string {
  const secure = isSecure(request, config);
  const name = csrfCookieName(secure);
  let value = request.cookies[name];
  if (!value || !COOKIE_VALUE.test(value)) {
    value = randomToken();
    reply.setCookie(name, value, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  }
  return sign(config, value);
}

/** True when `token` (from the form) is the signature of this browser's CSRF cookie. */
export function hasValidCsrfToken(request: FastifyRequest, config: Config, token: unknown): boolean {
  const value = request.cookies[csrfCookieName(isSecure(request, config))];
  return typeof token === 'string' && value !== undefined && COOKIE_VALUE.test(value) && safeEqual(token, sign(config, value));
}

/**
 * This browser's identity for a sign-in code: a keyed hash of its CSRF cookie, or null when it has
 * none. The code made when a form signs in is bound to it, and /app/callback/ spends the code only
 * in the same browser.
 */
export function browserBinding(request: FastifyRequest, config: Config): string | null {
  const value = request.cookies[csrfCookieName(isSecure(request, config))];
  return value && COOKIE_VALUE.test(value) ? keyedHash(config.tokenSecret, `browser:${value}`) : null;
}

/** The opening tag of a POST form in the service's own page markup. */
const POST_FORM = /<form\b[^>]*\bmethod="post"[^>]*>/i;

export function hasPostForm(html: string): boolean {
  return POST_FORM.test(html);
}

/** Puts the token, as a hidden field, first in every POST form of a page. */
export function withCsrfFields(html: string, token: string): string {
  return html.replace(new RegExp(POST_FORM.source, 'gi'), (form) => `${form}\n${hiddenInputs({ [CSRF_FIELD]: token })}`);
}
