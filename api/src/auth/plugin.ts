// The hosted-backend protocol of @fusionauth/react-sdk (/app/login/, /app/register/, /app/callback/,
// /app/me/, /app/refresh/, /app/logout/, /account/) with the server's own sign-in pages.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { Deps } from '../deps';
import { HttpError, errorResponses } from '../http/errors';
import { COOKIES, clearSessionCookies, setSessionCookies } from '../http/cookies';
import { safeRedirect, withQuery } from '../http/redirects';
import type { FieldError } from '../http/pages';
import { isEmail, isIsoDate, isPhone, PASSWORD_MAX, PASSWORD_MIN } from '../http/validation';
import { IdentityRepository, ensureAppUser, toClaims } from '../identity/repository';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { accountPage, registerPage, signInPage } from './pages';
import type { ClientParams } from './pages';

const MAX_FAILED_SIGN_INS = 10;
const SIGN_IN_LOCK_MS = 15 * 60_000;

const ClientQuery = Type.Object(
  {
    client_id: Type.String({ minLength: 1, maxLength: 200 }),
    redirect_uri: Type.Optional(Type.String({ maxLength: 2000 })),
    scope: Type.Optional(Type.String({ maxLength: 500 })),
    state: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: true },
);
type ClientQueryT = Static<typeof ClientQuery>;

const short = (max = 200) => Type.Optional(Type.String({ maxLength: max }));
const SignInForm = Type.Object({ client_id: Type.String({ minLength: 1, maxLength: 200 }), redirect_uri: short(2000), scope: short(500), state: short(2000), email: short(254), password: short(PASSWORD_MAX) }, { additionalProperties: false });
const RegisterForm = Type.Object(
  {
    client_id: Type.String({ minLength: 1, maxLength: 200 }),
    redirect_uri: short(2000),
    scope: short(500),
    state: short(2000),
    firstName: short(100),
    middleName: short(100),
    lastName: short(100),
    email: short(254),
    mobilePhone: short(30),
    birthDate: short(10),
    password: short(PASSWORD_MAX),
    confirmPassword: short(PASSWORD_MAX),
  },
  { additionalProperties: false },
);
const PasswordForm = Type.Object({ client_id: short(200), currentPassword: short(PASSWORD_MAX), newPassword: short(PASSWORD_MAX), confirmPassword: short(PASSWORD_MAX) }, { additionalProperties: false });

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
  },
  { description: 'OpenID Connect claims of the signed-in user' },
);

const html = (description: string) => ({ description, content: { 'text/html': { schema: Type.String() } } });
const redirect = (description: string) => ({ description, type: 'null' });

export const authRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, deps) => {
  const { config, tokens, db } = deps;
  const identities = new IdentityRepository(db);
  const portalHome = config.publicUrl ? `${config.publicUrl}/` : '/';

  /** Checks client_id and redirect_uri; the redirect defaults to the portal home. */
  function client(query: ClientQueryT): ClientParams & { redirect_uri: string } {
    if (!config.clientIds.includes(query.client_id)) throw new HttpError(400, `Unknown client_id "${query.client_id}"`);
    const redirectUri = query.redirect_uri ? safeRedirect(query.redirect_uri, config.allowedRedirectOrigins) : portalHome;
    if (!redirectUri) throw new HttpError(400, 'redirect_uri is not an allowed address for this portal');
    return { client_id: query.client_id, redirect_uri: redirectUri, state: query.state, scope: query.scope };
  }

  /** Forms only accept posts from the portal's own origins (a cheap CSRF guard on top of SameSite). */
  function checkOrigin(request: FastifyRequest): void {
    const origin = request.headers.origin;
    if (!origin || origin === 'null') return;
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && !config.allowedRedirectOrigins.includes(origin)) throw new HttpError(403, 'This form was sent from another site');
  }

  function page(reply: FastifyReply, status: number, body: string): FastifyReply {
    return reply
      .status(status)
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${config.allowedRedirectOrigins.join(' ')}; frame-ancestors 'none'; base-uri 'none'`)
      .type('text/html; charset=utf-8')
      .send(body);
  }

  /** Hand a successful sign-in to /app/callback/ with a single-use code, as an identity provider does. */
  async function finishSignIn(reply: FastifyReply, userId: string, params: ClientParams & { redirect_uri: string }) {
    const code = await tokens.createAuthCode(userId, params.client_id, params.redirect_uri);
    return reply.redirect(withQuery('/app/callback/', { code, state: params.state }), 302);
  }

  const pageConfig = { page: true };

  app.get('/app/login/', { config: pageConfig, schema: { tags: ['sign-in'], summary: 'Start signing in (browser navigation)', querystring: ClientQuery, response: { 302: redirect('To the sign-in page'), ...errorResponses(400) } } }, async (request, reply) => {
    const params = client(request.query);
    return reply.redirect(withQuery('/account/sign-in', params), 302);
  });

  app.get('/app/register/', { config: pageConfig, schema: { tags: ['sign-in'], summary: 'Start registration (browser navigation)', querystring: ClientQuery, response: { 302: redirect('To the registration page'), ...errorResponses(400) } } }, async (request, reply) => {
    const params = client(request.query);
    return reply.redirect(withQuery('/account/register', params), 302);
  });

  app.get('/account/sign-in', { config: pageConfig, schema: { tags: ['sign-in'], summary: 'Sign-in page', querystring: ClientQuery, response: { 200: html('The sign-in form'), ...errorResponses(400) } } }, async (request, reply) => {
    return page(reply, 200, signInPage(client(request.query), {}, []));
  });

  app.post('/account/sign-in', { config: pageConfig, schema: { tags: ['sign-in'], summary: 'Sign in with email and password', consumes: ['application/x-www-form-urlencoded'], body: SignInForm, response: { 302: redirect('To /app/callback/ with a single-use code'), 400: html('The form with errors'), 401: html('The form with errors'), 429: html('Temporarily locked') } } }, async (request, reply) => {
    checkOrigin(request);
    const params = client(request.body);
    const email = (request.body.email ?? '').trim();
    const password = request.body.password ?? '';
    const errors: FieldError[] = [];
    if (!email) errors.push({ field: 'email', message: 'Enter your email address' });
    else if (!isEmail(email)) errors.push({ field: 'email', message: 'Enter an email address in the right format, like name@example.com' });
    if (!password) errors.push({ field: 'password', message: 'Enter your password' });
    if (errors.length) return page(reply, 400, signInPage(params, { email }, errors));

    const user = await identities.findByEmail(email);
    if (!user) {
      await verifyPassword(password, await dummyPasswordHash(config.scryptCost));
      return page(reply, 401, signInPage(params, { email }, [{ field: 'email', message: 'The email address or password is not right' }]));
    }
    if (user.locked_until && new Date(user.locked_until as string).getTime() > Date.now()) {
      return page(reply, 429, signInPage(params, { email }, [{ field: 'password', message: 'Too many failed attempts. Wait 15 minutes, then try again.' }]));
    }
    if (!(await verifyPassword(password, user.password_hash))) {
      await identities.recordFailedSignIn(user, MAX_FAILED_SIGN_INS, SIGN_IN_LOCK_MS);
      return page(reply, 401, signInPage(params, { email }, [{ field: 'email', message: 'The email address or password is not right' }]));
    }
    await identities.recordSignIn(user.id);
    request.log.info({ userId: user.id }, 'signed in');
    return finishSignIn(reply, user.id, params);
  });

  app.get('/account/register', { config: pageConfig, schema: { tags: ['sign-in'], summary: 'Registration page', querystring: ClientQuery, response: { 200: html('The registration form'), ...errorResponses(400) } } }, async (request, reply) => {
    return page(reply, 200, registerPage(client(request.query), {}, []));
  });

  app.post('/account/register', { config: pageConfig, schema: { tags: ['sign-in'], summary: 'Create an account', consumes: ['application/x-www-form-urlencoded'], body: RegisterForm, response: { 302: redirect('To /app/callback/ with a single-use code'), 400: html('The form with errors') } } }, async (request, reply) => {
    checkOrigin(request);
    const params = client(request.body);
    const b = request.body;
    const values = {
      firstName: b.firstName?.trim() ?? '',
      middleName: b.middleName?.trim() ?? '',
      lastName: b.lastName?.trim() ?? '',
      email: b.email?.trim() ?? '',
      mobilePhone: b.mobilePhone?.trim() ?? '',
      birthDate: b.birthDate?.trim() ?? '',
    };
    const password = b.password ?? '';
    const errors: FieldError[] = [];
    if (!values.firstName) errors.push({ field: 'firstName', message: 'Enter your first name' });
    if (!values.lastName) errors.push({ field: 'lastName', message: 'Enter your last name' });
    if (!values.email) errors.push({ field: 'email', message: 'Enter your email address' });
    else if (!isEmail(values.email)) errors.push({ field: 'email', message: 'Enter an email address in the right format, like name@example.com' });
    if (values.mobilePhone && !isPhone(values.mobilePhone)) errors.push({ field: 'mobilePhone', message: 'Enter a mobile number like 07700 900123' });
    if (values.birthDate && (!isIsoDate(values.birthDate) || values.birthDate > new Date().toISOString().slice(0, 10))) {
      errors.push({ field: 'birthDate', message: 'Enter a real date of birth, like 1990-05-14' });
    }
    if (password.length < PASSWORD_MIN) errors.push({ field: 'password', message: `Your password must be at least ${PASSWORD_MIN} characters` });
    else if (password !== (b.confirmPassword ?? '')) errors.push({ field: 'confirmPassword', message: 'The passwords do not match' });
    if (errors.length === 0 && (await identities.findByEmail(values.email))) {
      errors.push({ field: 'email', message: 'An account with this email address already exists. Sign in instead.' });
    }
    if (errors.length) return page(reply, 400, registerPage(params, values, errors));

    const user = await identities.create({ ...values, passwordHash: await hashPassword(password, config.scryptCost) });
    await ensureAppUser(db, user.id, user.email);
    request.log.info({ userId: user.id }, 'registered');
    return finishSignIn(reply, user.id, params);
  });

  app.get(
    '/app/callback/',
    {
      config: pageConfig,
      schema: {
        tags: ['sign-in'],
        summary: 'Finish signing in: spend the code, set the session cookies, go back to redirect_uri',
        querystring: Type.Object({ code: Type.String({ minLength: 1, maxLength: 200 }), state: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: true }),
        response: { 302: redirect('To redirect_uri, with state'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const grant = await tokens.exchangeAuthCode(request.query.code);
      if (!grant) throw new HttpError(400, 'This sign-in link has expired or was already used. Please sign in again.');
      const user = await identities.findById(grant.userId);
      if (!user) throw new HttpError(400, 'This account no longer exists');
      setSessionCookies(request, reply, config, await tokens.startSession(user, grant.clientId));
      return reply.redirect(withQuery(grant.redirectUri, { state: request.query.state }), 302);
    },
  );

  app.get('/app/me/', { schema: { tags: ['sign-in'], summary: 'Claims of the signed-in user', response: { 200: Claims, ...errorResponses(401) } } }, async (request) => {
    const claims = await tokens.verifyAccessToken(request.cookies[COOKIES.access]);
    const user = claims && (await identities.findById(claims.sub));
    if (!user) throw new HttpError(401, 'You are signed out');
    return toClaims(user);
  });

  app.post(
    '/app/refresh/',
    {
      schema: {
        tags: ['sign-in'],
        summary: 'Rotate the refresh token and move app.at_exp forward',
        querystring: Type.Object({ client_id: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: true }),
        response: { 200: Type.Object({ at_exp: Type.Integer({ description: 'New access-token expiry, epoch seconds' }) }), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const refreshToken = request.cookies[COOKIES.refresh];
      if (!refreshToken) throw new HttpError(400, 'No refresh token: please sign in');
      const session = await tokens.rotate(refreshToken, (id) => identities.findById(id));
      // Cookies are left alone on failure: another tab may have just rotated the same token and
      // received newer cookies, which a Set-Cookie here would wipe out.
      if (!session) throw new HttpError(400, 'The refresh token has expired or was already used: please sign in again');
      setSessionCookies(request, reply, config, session);
      return { at_exp: session.accessExpiresAt };
    },
  );

  app.get(
    '/app/logout/',
    {
      config: pageConfig,
      schema: {
        tags: ['sign-in'],
        summary: 'Sign out: end the session, clear the cookies, go to post_logout_redirect_uri',
        querystring: Type.Object({ client_id: Type.Optional(Type.String({ maxLength: 200 })), post_logout_redirect_uri: Type.Optional(Type.String({ maxLength: 2000 })), redirect_uri: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: true }),
        response: { 302: redirect('To post_logout_redirect_uri, redirect_uri or the portal home'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const wanted = request.query.post_logout_redirect_uri || request.query.redirect_uri;
      const target = wanted ? safeRedirect(wanted, config.allowedRedirectOrigins) : portalHome;
      if (!target) throw new HttpError(400, 'post_logout_redirect_uri is not an allowed address for this portal');
      const refreshToken = request.cookies[COOKIES.refresh];
      if (refreshToken) await tokens.revoke(refreshToken);
      clearSessionCookies(request, reply, config);
      return reply.redirect(target, 302);
    },
  );

  async function accountOrRedirect(request: FastifyRequest, reply: FastifyReply, clientId: string) {
    const claims = await tokens.verifyAccessToken(request.cookies[COOKIES.access]);
    const user = claims && (await identities.findById(claims.sub));
    if (!user) {
      await reply.redirect(withQuery('/app/login/', { client_id: clientId, redirect_uri: withQuery('/account/', { client_id: clientId }) }), 302);
      return null;
    }
    return user;
  }

  function accountView(user: NonNullable<Awaited<ReturnType<IdentityRepository['findById']>>>) {
    return { name: [user.first_name, user.middle_name, user.last_name].filter(Boolean).join(' '), email: user.email, mobilePhone: user.mobile_phone, birthDate: user.birth_date };
  }

  app.get(
    '/account/',
    {
      config: pageConfig,
      schema: { tags: ['sign-in'], summary: 'Account management page', querystring: Type.Object({ client_id: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: true }), response: { 200: html('Account page'), 302: redirect('To sign in when signed out') } },
    },
    async (request, reply) => {
      const clientId = request.query.client_id && config.clientIds.includes(request.query.client_id) ? request.query.client_id : config.clientIds[0]!;
      const user = await accountOrRedirect(request, reply, clientId);
      if (!user) return reply;
      return page(reply, 200, accountPage(clientId, portalHome, accountView(user), []));
    },
  );

  app.post(
    '/account/password',
    { config: pageConfig, schema: { tags: ['sign-in'], summary: 'Change password', consumes: ['application/x-www-form-urlencoded'], body: PasswordForm, response: { 200: html('Account page'), 302: redirect('To sign in when signed out'), 400: html('Account page with errors') } } },
    async (request, reply) => {
      checkOrigin(request);
      const clientId = request.body.client_id && config.clientIds.includes(request.body.client_id) ? request.body.client_id : config.clientIds[0]!;
      const user = await accountOrRedirect(request, reply, clientId);
      if (!user) return reply;
      const { currentPassword = '', newPassword = '', confirmPassword = '' } = request.body;
      const errors: FieldError[] = [];
      if (!(await verifyPassword(currentPassword, user.password_hash))) errors.push({ field: 'currentPassword', message: 'Your current password is not right' });
      if (newPassword.length < PASSWORD_MIN) errors.push({ field: 'newPassword', message: `Your new password must be at least ${PASSWORD_MIN} characters` });
      else if (newPassword !== confirmPassword) errors.push({ field: 'confirmPassword', message: 'The new passwords do not match' });
      if (errors.length) return page(reply, 400, accountPage(clientId, portalHome, accountView(user), errors));
      await identities.setPassword(user.id, await hashPassword(newPassword, config.scryptCost));
      return page(reply, 200, accountPage(clientId, portalHome, accountView(user), [], 'Your password has been changed.'));
    },
  );
};
