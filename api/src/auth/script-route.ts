// The scripts the sign-in pages may run, each allowed on its pages by its hash: the 'Show password'
// toggle (http/show-password.ts) and 'Sign in with a passkey' (http/passkey-script.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { SHOW_PASSWORD_PATH, SHOW_PASSWORD_SCRIPT } from '../http/show-password';
import { PASSKEY_SCRIPT, PASSKEY_SCRIPT_PATH } from '../http/passkey-script';
import { PUBLIC, Tag } from '../docs/openapi';

const javascript = { 200: { description: 'JavaScript', content: { 'text/javascript': { schema: { type: 'string' } } } } };

export const scriptRoutes: FastifyPluginAsyncTypebox<Deps> = async (app) => {
  app.get(
    SHOW_PASSWORD_PATH,
    {
      schema: {
        operationId: 'getShowPasswordScript',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: "The 'Show password' script of the sign-in pages (allowed there by its hash)",
        response: javascript,
      },
    },
    async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(SHOW_PASSWORD_SCRIPT),
  );

  app.get(
    PASSKEY_SCRIPT_PATH,
    {
      schema: {
        operationId: 'getPasskeyScript',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: "The 'Sign in with a passkey' script of the sign-in pages, @simplewebauthn/browser included (allowed there by its hash)",
        response: javascript,
      },
    },
    async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(PASSKEY_SCRIPT),
  );
};
