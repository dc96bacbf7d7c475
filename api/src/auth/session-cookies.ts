// Setting and clearing a session's cookies (names and attributes in http/cookies.ts).
import type { FastifyReply } from 'fastify';
import type { Config } from '../config';
import { COOKIES, SESSION_COOKIE } from '../http/cookies';
import type { Session } from './tokens';

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
