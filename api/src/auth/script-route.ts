// The one script the sign-in pages may run: the 'Show password' toggle (http/show-password.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { SHOW_PASSWORD_PATH, SHOW_PASSWORD_SCRIPT } from '../http/show-password';
import { PUBLIC, Tag } from '../docs/openapi';

export const scriptRoutes: FastifyPluginAsyncTypebox<Deps> = async (app) => {
  app.get(
    SHOW_PASSWORD_PATH,
    {
      schema: {
        operationId: 'getShowPasswordScript',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: "The 'Show password' script of the sign-in pages (allowed there by its hash)",
        response: { 200: { description: 'JavaScript', content: { 'text/javascript': { schema: { type: 'string' } } } } },
      },
    },
    async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(SHOW_PASSWORD_SCRIPT),
  );
};
