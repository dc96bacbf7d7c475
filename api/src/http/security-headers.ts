// Headers on every answer: nothing personal is cached, nothing is sniffed or framed, no referrer leaks,
// and over HTTPS the browser is told to stay on HTTPS.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * For answers that set no policy of their own (JSON, PDFs, error and outbox pages): nothing may run
 * or load, bar the inline <style> of the server's pages. The sign-in pages set their own (page-reply.ts).
 */
export const DEFAULT_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** One year, as HSTS preload lists ask; only sent when the public URL is https. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The headers every answer carries (CSP, Cache-Control and Referrer-Policy only where the answer sets none). */
export function securityHeaders(config: Pick<Config, 'publicUrl'>): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': DEFAULT_CSP,
    'Cache-Control': 'no-store',
    ...(config.publicUrl?.startsWith('https:') ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

// A sign-in page sets its own Referrer-Policy (same-origin): with no-referrer its form posts would say `Origin: null`.
const UNLESS_SET = new Set(['Content-Security-Policy', 'Cache-Control', 'Referrer-Policy']);

export function installSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'publicUrl'>): void {
  // Worked out once, in the order they are sent: each header, and whether an answer's own wins.
  // Names in lower case, as Fastify keeps (and sends) them: each reply.header/hasHeader lower-cases
  // what it is given, which then costs nothing.
  const headers = Object.entries(securityHeaders(config)).map(([name, value]) => ({ name: name.toLowerCase(), value, unlessSet: UNLESS_SET.has(name) }));
  // A callback hook, not an async one: nothing here waits, and an async hook would put every
  // answer's write behind a promise.
  app.addHook('onSend', (_request, reply, payload, done) => {
    for (const { name, value, unlessSet } of headers) if (!unlessSet || !reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
}
