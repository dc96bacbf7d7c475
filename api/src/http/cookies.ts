// The session cookies of FusionAuth's hosted backend, `__Host-` prefixed: the browser keeps them only
// when Secure, Path=/ and without Domain, so no sibling subdomain or plain-http page can set or
// overwrite them. app.at, app.rt, app.idt are HttpOnly; app.at_exp is readable by the SDK. SameSite=Lax.
// Browsers accept Secure cookies from http://localhost, so local runs keep working over http.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

export const COOKIES = { access: '__Host-app.at', refresh: '__Host-app.rt', id: '__Host-app.idt', accessExpiry: '__Host-app.at_exp' } as const;

/** What every session cookie is set and cleared with (the `__Host-` prefix demands Secure and Path=/). */
export const SESSION_COOKIE = { path: '/', sameSite: 'lax', secure: true } as const;

/** Cookies are Secure when the portal is served over HTTPS (directly, or as PUBLIC_URL says behind a proxy). */
export function isSecure(request: FastifyRequest, config: Config): boolean {
  return request.protocol === 'https' || Boolean(config.publicUrl?.startsWith('https:'));
}

/**
 * The cookie that carries a sign-in from its right password to its second step (a random token,
 * kept hashed on the server): `__Host-` prefixed over HTTPS, as the CSRF cookie is.
 */
export function secondStepCookieName(secure: boolean): string {
  return secure ? '__Host-app.second-step' : 'app.second-step';
}

/**
 * The long-lived cookie that tells a browser an account has signed in from before (a random id, kept
 * only as a keyed hash: auth/known-devices.ts). Set with SESSION_COOKIE's attributes, HttpOnly.
 */
export const DEVICE_COOKIE = '__Host-app.device';
