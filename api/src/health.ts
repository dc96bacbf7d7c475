// /healthz: up, and whether the database answers (503 when it does not).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Deps } from './deps';
import { PUBLIC, Tag } from './docs/openapi';

const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  database: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  dialect: Type.String(),
});

export const healthRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { database }) => {
  app.get(
    '/healthz',
    {
      logLevel: 'warn',
      schema: {
        operationId: 'getHealth',
        tags: [Tag.health],
        security: PUBLIC,
        summary: 'Liveness and database reachability',
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      const up = await database.ping();
      return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'error', database: up ? 'up' : 'down', dialect: database.dialect });
    },
  );
};
