// The sign-in service: the hosted-backend protocol of @fusionauth/react-sdk, the sign-in and
// registration forms, and the account page. One plugin registers the three, with the form parser
// (forms are posted here only, never to /api) and the guard every POST here goes through.
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { accountRoutes } from './account-routes';
import { formRoutes } from './form-routes';
import { guardPosts } from './page-reply';
import { emailChangeRoutes } from './email-change-routes';
import { passwordResetRoutes } from './password-reset-routes';
import { protocolRoutes } from './protocol-routes';
import { scriptRoutes } from './script-route';
import { secondStepRoutes } from './second-step-routes';
import { passkeySignInRoutes } from './passkey-sign-in-routes';
import { languageRoutes } from './language-route';

export const authRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, deps) => {
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  app.addHook('preValidation', guardPosts(deps.config));
  await app.register(protocolRoutes, deps);
  await app.register(formRoutes, deps);
  await app.register(accountRoutes, deps);
  await app.register(passwordResetRoutes, deps);
  await app.register(emailChangeRoutes, deps);
  await app.register(scriptRoutes, deps);
  await app.register(secondStepRoutes, deps);
  await app.register(passkeySignInRoutes, deps);
  await app.register(languageRoutes, deps);
};
