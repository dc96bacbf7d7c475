// The hosted-backend protocol of @fusionauth/react-sdk: /app/login/, /app/register/, /app/callback/,
// /app/me/, /app/refresh/ and /app/logout/ (a page that asks, and the POST that signs out).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { Deps } from '../deps';
import { HttpError, errorResponses } from '../http/errors';
import { COOKIES, DEVICE_COOKIE, SESSION_COOKIE } from '../http/cookies';
import { accountAlertSender } from '../identity/account-alerts';
import { DEVICE_COOKIE_MAX_AGE_SECONDS, KnownDevices } from './known-devices';
import { attemptOrigin } from './sign-in-history';
import { clearSessionCookies, setSessionCookies } from './session-cookies';
import { safeRedirect, withQuery } from '../http/redirects';
import { IdentityRepository, toClaims } from '../identity/repository';
import { ensureAppUser } from '../users/repository';
import { rolesOf } from '../identity/roles-repository';
import { mediaType } from '../http/origin';
import { browserBinding } from '../http/csrf';
import { ClientQuery, checkClient, knownClientId, portalHome, portalSignedOutPage } from './client';
import { requestLanguage } from '../http/request-language';
import { logoutPage } from './pages';
import { htmlResponse, pageConfig, redirectResponse, sendPage } from './page-reply';
import { PUBLIC, Tag } from '../docs/openapi';

const LogoutParams = Type.Object(
  {
    client_id: Type.Optional(Type.String({ maxLength: 200 })),
    post_logout_redirect_uri: Type.Optional(Type.String({ maxLength: 2000 })),
    redirect_uri: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);

const Claims = Type.Object(
  {
    sub: Type.String(),
    email: Type.String(),
    email_verified: Type.Boolean(),
    given_name: Type.String(),
    middle_name: Type.Optional(Type.String()),
    family_name: Type.String(),
    name: Type.String(),
    phone_number: Type.Optional(Type.String()),
    birthdate: Type.Optional(Type.String()),
    session_expires_at: Type.Integer({ description: 'When this session ends unless refreshed before, epoch seconds (moved on by each refresh)' }),
    roles: Type.Array(Type.String(), { description: 'The roles the account holds, as FusionAuth’s userinfo gives them (`employer-admin`)' }),
    session_ends_at: Type.Integer({
      description: 'When this session ends however often it is refreshed, epoch seconds: the offline copy of the user’s pages is served no later',
    }),
  },
  { description: 'OpenID Connect claims of the signed-in user, and the end of their session' },
);

export const protocolRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, deps) => {
  const { config, tokens, db } = deps;
  const identities = new IdentityRepository(db);
  const devices = new KnownDevices(db, config.tokenSecret);
  const alerts = accountAlertSender(config, db, deps.messages, app.log);

  app.get(
    '/app/login/',
    {
      config: pageConfig,
      schema: {
        operationId: 'startSignIn',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: 'Start signing in (browser navigation)',
        querystring: ClientQuery,
        response: { 302: redirectResponse('To the sign-in page'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      return reply.redirect(withQuery('/account/sign-in', checkClient(config, request.query)), 302);
    },
  );

  app.get(
    '/app/register/',
    {
      config: pageConfig,
      schema: {
        operationId: 'startRegistration',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: 'Start registration (browser navigation)',
        querystring: ClientQuery,
        response: { 302: redirectResponse('To the registration page'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      return reply.redirect(withQuery('/account/register', checkClient(config, request.query)), 302);
    },
  );

  app.get(
    '/app/callback/',
    {
      config: pageConfig,
      schema: {
        operationId: 'finishSignIn',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: 'Finish signing in: spend the code, set the session cookies, go back to redirect_uri',
        querystring: Type.Object(
          { code: Type.String({ minLength: 1, maxLength: 200 }), state: Type.Optional(Type.String({ maxLength: 2000 })) },
          { additionalProperties: true },
        ),
        response: { 302: redirectResponse('To redirect_uri, with state'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const grant = await tokens.exchangeAuthCode(request.query.code, browserBinding(request, config));
      if (!grant) throw HttpError.coded(400, 'sign_in.link_expired', 'This sign-in link has expired or was already used. Please sign in again.');
      const user = await identities.findById(grant.userId);
      if (!user) throw new HttpError(400, 'This account no longer exists');
      // The one place a session starts: the app user record is made here, once, not per request.
      await ensureAppUser(db, user.id, user.email);
      const origin = attemptOrigin(request);
      setSessionCookies(reply, config, await tokens.startSession(user, grant.clientId, grant.secondStepAt, origin));
      // Every sign-in ends here: a browser the account has not signed in from before is an account alert.
      const device = await devices.signedIn(user.id, request.cookies[DEVICE_COOKIE], origin);
      reply.setCookie(DEVICE_COOKIE, device.deviceId, { ...SESSION_COOKIE, httpOnly: true, maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS });
      if (device.alerted) deps.afterAnswer.run('account alerts', () => alerts.sendNow());
      return reply.redirect(withQuery(grant.redirectUri, { state: request.query.state }), 302);
    },
  );

  app.get(
    '/app/me/',
    {
      schema: {
        operationId: 'getSessionClaims',
        tags: [Tag.signIn],
        summary: 'Claims of the signed-in user',
        response: { 200: Claims, ...errorResponses(401) },
      },
    },
    async (request) => {
      const claims = await tokens.verifyAccessToken(request.cookies[COOKIES.access]);
      const user = claims && (await identities.findById(claims.sub));
      const ends = claims && (await tokens.sessionEnds(claims.sid));
      if (!user || !ends) throw new HttpError(401, 'You are signed out');
      return { ...toClaims(user), roles: await rolesOf(db, user.id), session_expires_at: ends.expiresAt, session_ends_at: ends.endsAt };
    },
  );

  app.post(
    '/app/refresh/',
    {
      schema: {
        operationId: 'refreshSession',
        tags: [Tag.signIn],
        security: [{ refreshToken: [] }],
        summary: 'Rotate the refresh token and move __Host-app.at_exp forward (never past the session’s absolute end)',
        querystring: Type.Object({ client_id: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: true }),
        response: {
          200: Type.Object({
            at_exp: Type.Integer({ description: 'New access-token expiry, epoch seconds' }),
            session_expires_at: Type.Integer({ description: 'When the session now ends unless refreshed again, epoch seconds (never past its absolute end)' }),
          }),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const refreshToken = request.cookies[COOKIES.refresh];
      if (!refreshToken) throw HttpError.coded(400, 'sign_in.link_expired', 'No refresh token: please sign in');
      const session = await tokens.rotate(refreshToken, (id) => identities.findById(id));
      // Cookies are left alone on failure: another tab may have just rotated the same token and
      // received newer cookies, which a Set-Cookie here would wipe out. (That race is why a token
      // spent within REFRESH_REUSE_GRACE_MS is only refused; spent earlier, it ends the session.)
      if (!session) throw HttpError.coded(400, 'sign_in.link_expired', 'The refresh token has expired or was already used: please sign in again');
      setSessionCookies(reply, config, session);
      return { at_exp: session.accessExpiresAt, session_expires_at: session.expiresAt };
    },
  );

  /** Where to go after signing out: post_logout_redirect_uri, redirect_uri or the portal's signed-out page; 400 when not allowed. */
  function afterLogout(params: Static<typeof LogoutParams>): string {
    const wanted = params.post_logout_redirect_uri || params.redirect_uri;
    const target = wanted ? safeRedirect(wanted, config.allowedRedirectOrigins) : portalSignedOutPage(config);
    if (!target) throw new HttpError(400, 'post_logout_redirect_uri is not an allowed address for this portal');
    return target;
  }

  app.get(
    '/app/logout/',
    {
      config: pageConfig,
      schema: {
        operationId: 'showSignOutPage',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: 'Sign-out page: asks, then posts to POST /app/logout/ (a link alone never signs anyone out)',
        querystring: Type.Object(LogoutParams.properties, { additionalProperties: true }),
        response: { 200: htmlResponse('Sign out of the pay portal?'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const params = { client_id: knownClientId(config, request.query.client_id), post_logout_redirect_uri: afterLogout(request.query) };
      return sendPage(reply, config, 200, logoutPage(requestLanguage(request, config.languages), params, portalHome(config)));
    },
  );

  app.post(
    '/app/logout/',
    {
      config: pageConfig,
      schema: {
        operationId: 'signOut',
        tags: [Tag.signIn],
        // Either cookie names the session to end; without one the cookies are cleared all the same.
        security: [{ session: [] }, { refreshToken: [] }, {}],
        summary: 'Sign out: end the session on the server, clear the cookies. JSON (the host): 204; the sign-out form: 303 to post_logout_redirect_uri',
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        body: LogoutParams,
        response: {
          204: { description: 'Signed out', type: 'null' },
          303: redirectResponse('To post_logout_redirect_uri, redirect_uri or the portal home'),
          ...errorResponses(400, 403),
        },
      },
    },
    async (request, reply) => {
      const target = afterLogout(request.body);
      await tokens.endSessionOf(request.cookies[COOKIES.access], request.cookies[COOKIES.refresh]);
      clearSessionCookies(reply);
      if (mediaType(request) === 'application/json') return reply.status(204).send();
      return reply.redirect(target, 303);
    },
  );
};
