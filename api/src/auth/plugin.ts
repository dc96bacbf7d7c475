// The sign-in service: the hosted-backend protocol of @fusionauth/react-sdk, the sign-in and
// registration forms, and the account page. One plugin registers the three.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { accountRoutes } from './account-routes';
import { formRoutes } from './form-routes';
import { protocolRoutes } from './protocol-routes';

export const authRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, deps) => {
  await app.register(protocolRoutes, deps);
  await app.register(formRoutes, deps);
  await app.register(accountRoutes, deps);
};
