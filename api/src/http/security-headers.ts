// Headers on every answer: nothing personal is cached, nothing is sniffed or framed, no referrer leaks.
import type { FastifyInstance } from 'fastify';

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    // A sign-in page sets its own (same-origin): with no-referrer its form posts would say `Origin: null`.
    if (!reply.hasHeader('Referrer-Policy')) reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
