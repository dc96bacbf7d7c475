// The local outbox: every message the API "sent", so a person (or an e2e test) can read the code.
// Only registered outside production, and only answers callers on this machine.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Deps } from '../deps';
import { HttpError, errorResponses } from '../http/errors';
import { escapeHtml, layout } from '../http/pages';
import { toIso } from '../db/convert';
import { latestOutboxMessages } from './repository';
import { PUBLIC, Tag } from '../docs/openapi';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const OutboxMessage = Type.Object({
  id: Type.String(),
  channel: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  code: Type.Union([Type.String(), Type.Null()], { description: 'The 6-digit code in the body, for convenience' }),
  link: Type.Union([Type.String(), Type.Null()], {
    description:
      'The link in the body (/account/verify, /account/reset-password, /account/confirm-email, /account/undo-email-change, /employer/accept, or an invitation’s /?token=), for convenience',
  }),
  createdAt: Type.String(),
});

const Query = Type.Object(
  { to: Type.Optional(Type.String({ maxLength: 254, description: 'Only messages to this address or number' })) },
  { additionalProperties: false },
);

export const outboxRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, afterAnswer }) => {
  app.addHook('onRequest', async (request) => {
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) throw new HttpError(404, 'Not found');
  });

  async function load(to: string | undefined) {
    // Messages are written after the answer that caused them: wait for them, so a reader right
    // after the answer finds its code.
    await afterAnswer.flush();
    const rows = await latestOutboxMessages(db, to);
    return rows.map((r) => ({
      id: String(r.seq),
      channel: r.channel,
      to: r.recipient,
      subject: r.subject,
      body: r.body,
      code: /\b(\d{6})\b/.exec(r.body)?.[1] ?? null,
      link:
        /(?:https?:\/\/[^\s/]+)?\/(?:account\/(?:verify|reset-password|confirm-email|undo-email-change)|employer\/accept|)\?[^\s]+/.exec(r.body)?.[0] ?? null,
      createdAt: toIso(r.created_at),
    }));
  }

  app.get(
    '/dev/outbox.json',
    {
      schema: {
        operationId: 'listOutboxMessages',
        tags: [Tag.development],
        security: PUBLIC,
        summary: 'Local outbox as JSON, newest first (not in production)',
        querystring: Query,
        response: { 200: Type.Array(OutboxMessage), ...errorResponses(400, 404) },
      },
    },
    async (request) => load(request.query.to),
  );

  app.get(
    '/dev/outbox',
    {
      schema: {
        operationId: 'showOutboxPage',
        tags: [Tag.development],
        security: PUBLIC,
        summary: 'Local outbox as a page (not in production)',
        querystring: Query,
        response: { 200: { description: 'HTML page', content: { 'text/html': { schema: Type.String() } } } },
      },
    },
    async (request, reply) => {
      const messages = await load(request.query.to);
      const items = messages
        .map(
          (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p><strong>${m.channel === 'sms' ? 'Text to' : 'Email to'}:</strong> ${escapeHtml(m.to)} · <time datetime="${m.createdAt}">${escapeHtml(new Date(m.createdAt).toLocaleString('en-GB', { timeZone: 'Europe/London' }))}</time></p>
<pre style="white-space:pre-wrap">${escapeHtml(m.body)}</pre></article>`,
        )
        .join('<hr>');
      return reply
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          layout(
            'Outbox',
            `<h1>Local outbox</h1><p>Messages the API would have sent, newest first. This page only exists outside production.</p>${items || '<p>No messages yet.</p>'}`,
            { footer: null },
          ),
        );
    },
  );
};
