// The sign-in client every protocol call and form carries: client_id, redirect_uri, scope, state.
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { SIGNED_OUT_ANCHOR } from '@portal/shared/constants';
import type { Config } from '../config';
import { HttpError } from '../http/errors';
import { safeRedirect } from '../http/redirects';
import type { ClientParams } from './pages';

export const ClientQuery = Type.Object(
  {
    client_id: Type.String({ minLength: 1, maxLength: 200 }),
    redirect_uri: Type.Optional(Type.String({ maxLength: 2000 })),
    scope: Type.Optional(Type.String({ maxLength: 500 })),
    state: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: true },
);
export type ClientQueryT = Static<typeof ClientQuery>;

export type CheckedClient = ClientParams & { redirect_uri: string };

/** Where a sign-in goes when no redirect_uri is given: the portal's home page. */
export function portalHome(config: Config): string {
  return config.publicUrl ? `${config.publicUrl}/` : '/';
}

/** Where a sign-out goes when no address is given: the portal's page that says you have signed out. */
export function portalSignedOutPage(config: Config): string {
  return `${portalHome(config)}#${SIGNED_OUT_ANCHOR}`;
}

/** Checks client_id and redirect_uri; the redirect defaults to the portal home. */
export function checkClient(config: Config, query: ClientQueryT): CheckedClient {
  if (!config.clientIds.includes(query.client_id)) throw new HttpError(400, `Unknown client_id "${query.client_id}"`);
  const redirectUri = query.redirect_uri ? safeRedirect(query.redirect_uri, config.allowedRedirectOrigins) : portalHome(config);
  if (!redirectUri) throw new HttpError(400, 'redirect_uri is not an allowed address for this portal');
  return { client_id: query.client_id, redirect_uri: redirectUri, state: query.state, scope: query.scope };
}

/** A client_id from a form or query, or the first configured one when it is missing or unknown. */
export function knownClientId(config: Config, clientId: string | undefined): string {
  return clientId && config.clientIds.includes(clientId) ? clientId : config.clientIds[0]!;
}
