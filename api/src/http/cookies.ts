// The session cookies of FusionAuth's hosted backend: app.at, app.rt, app.idt HttpOnly; app.at_exp
// readable by the SDK. Path=/, SameSite=Lax, Secure when the portal is served over HTTPS.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Session } from '../auth/tokens';

export const COOKIES = { access: 'app.at', refresh: 'app.rt', id: 'app.idt', accessExpiry: 'app.at_exp' } as const;

/** Cookies are Secure when the portal is served over HTTPS (directly, or as PUBLIC_URL says behind a proxy). */
export function isSecure(request: FastifyRequest, config: Config): boolean {
  return request.protocol === 'https' || Boolean(config.publicUrl?.startsWith('https:'));
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, config: Config, session: Session): void {
  const base = { path: '/', sameSite: 'lax' as const, secure: isSecure(request, config) };
  const accessMaxAge = Math.max(1, session.accessExpiresAt - Math.floor(Date.now() / 1000));
  reply.setCookie(COOKIES.access, session.accessToken, { ...base, httpOnly: true, maxAge: accessMaxAge });
  reply.setCookie(COOKIES.id, session.idToken, { ...base, httpOnly: true, maxAge: accessMaxAge });
  reply.setCookie(COOKIES.refresh, session.refreshToken, { ...base, httpOnly: true, maxAge: config.refreshTokenTtlSeconds });
  reply.setCookie(COOKIES.accessExpiry, String(session.accessExpiresAt), { ...base, httpOnly: false, maxAge: config.refreshTokenTtlSeconds });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, config: Config): void {
  const base = { path: '/', sameSite: 'lax' as const, secure: isSecure(request, config) };
  for (const name of Object.values(COOKIES)) reply.clearCookie(name, { ...base, httpOnly: name !== COOKIES.accessExpiry });
}
