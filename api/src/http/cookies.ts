// The session cookies of FusionAuth's hosted backend, `__Host-` prefixed: the browser keeps them only
// when Secure, Path=/ and without Domain, so no sibling subdomain or plain-http page can set or
// overwrite them. app.at, app.rt, app.idt are HttpOnly; app.at_exp is readable by the SDK. SameSite=Lax.
// Browsers accept Secure cookies from http://localhost, so local runs keep working over http.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Session } from '../auth/tokens';

export const COOKIES = { access: '__Host-app.at', refresh: '__Host-app.rt', id: '__Host-app.idt', accessExpiry: '__Host-app.at_exp' } as const;

/** What every session cookie is set and cleared with (the `__Host-` prefix demands Secure and Path=/). */
const SESSION_COOKIE = { path: '/', sameSite: 'lax', secure: true } as const;

/** Cookies are Secure when the portal is served over HTTPS (directly, or as PUBLIC_URL says behind a proxy). */
export function isSecure(request: FastifyRequest, config: Config): boolean {
  return request.protocol === 'https' || Boolean(config.publicUrl?.startsWith('https:'));
}

export function setSessionCookies(reply: FastifyReply, config: Config, session: Session): void {
  const now = Math.floor(Date.now() / 1000);
  const accessMaxAge = Math.max(1, session.accessExpiresAt - now);
  // The refresh token is refused past the session's end: its cookie goes then too.
  const refreshMaxAge = Math.max(1, Math.min(config.refreshTokenTtlSeconds, session.endsAt - now));
  reply.setCookie(COOKIES.access, session.accessToken, { ...SESSION_COOKIE, httpOnly: true, maxAge: accessMaxAge });
  reply.setCookie(COOKIES.id, session.idToken, { ...SESSION_COOKIE, httpOnly: true, maxAge: accessMaxAge });
  reply.setCookie(COOKIES.refresh, session.refreshToken, { ...SESSION_COOKIE, httpOnly: true, maxAge: refreshMaxAge });
  reply.setCookie(COOKIES.accessExpiry, String(session.accessExpiresAt), { ...SESSION_COOKIE, httpOnly: false, maxAge: refreshMaxAge });
}

export function clearSessionCookies(reply: FastifyReply): void {
  for (const name of Object.values(COOKIES)) reply.clearCookie(name, { ...SESSION_COOKIE, httpOnly: name !== COOKIES.accessExpiry });
}
