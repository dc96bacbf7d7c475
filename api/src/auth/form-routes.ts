// The sign-in and registration pages and their forms. A successful form hands the browser to
// /app/callback/ with a single-use code, as an identity provider does.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Deps } from '../deps';
import { errorResponses } from '../http/errors';
import { withQuery } from '../http/redirects';
import type { FieldError } from '../http/pages';
import { isEmail, isIsoDate, isPhone, PASSWORD_MAX, PASSWORD_MIN } from '../http/validation';
import { IdentityRepository, ensureAppUser } from '../identity/repository';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { registerPage, signInPage } from './pages';
import { ClientQuery, checkClient } from './client';
import type { CheckedClient } from './client';
import { htmlResponse, pageConfig, redirectResponse, sendPage } from './page-reply';

const MAX_FAILED_SIGN_INS = 10;
const SIGN_IN_LOCK_MS = 15 * 60_000;

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

export const formRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, deps) => {
  const { config, tokens, db } = deps;
  const identities = new IdentityRepository(db);
  const page = (reply: FastifyReply, status: number, body: string) => sendPage(reply, config, status, body);

  /** Hand a successful sign-in to /app/callback/ with a single-use code, as an identity provider does. */
  async function finishSignIn(reply: FastifyReply, userId: string, params: CheckedClient) {
    const code = await tokens.createAuthCode(userId, params.client_id, params.redirect_uri);
    return reply.redirect(withQuery('/app/callback/', { code, state: params.state }), 302);
  }

  app.get('/account/sign-in', { config: pageConfig, schema: { tags: ['sign-in'], summary: 'Sign-in page', querystring: ClientQuery, response: { 200: htmlResponse('The sign-in form'), ...errorResponses(400) } } }, async (request, reply) => {
    return page(reply, 200, signInPage(checkClient(config, request.query), {}, []));
  });

  app.post(
    '/account/sign-in',
    {
      config: pageConfig,
      schema: {
        tags: ['sign-in'],
        summary: 'Sign in with email and password',
        consumes: ['application/x-www-form-urlencoded'],
        body: SignInForm,
        response: { 302: redirectResponse('To /app/callback/ with a single-use code'), 400: htmlResponse('The form with errors'), 401: htmlResponse('The form with errors'), 429: htmlResponse('Temporarily locked') },
      },
    },
    async (request, reply) => {
      const params = checkClient(config, request.body);
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
    },
  );

  app.get('/account/register', { config: pageConfig, schema: { tags: ['sign-in'], summary: 'Registration page', querystring: ClientQuery, response: { 200: htmlResponse('The registration form'), ...errorResponses(400) } } }, async (request, reply) => {
    return page(reply, 200, registerPage(checkClient(config, request.query), {}, []));
  });

  app.post(
    '/account/register',
    {
      config: pageConfig,
      schema: {
        tags: ['sign-in'],
        summary: 'Create an account',
        consumes: ['application/x-www-form-urlencoded'],
        body: RegisterForm,
        response: { 302: redirectResponse('To /app/callback/ with a single-use code'), 400: htmlResponse('The form with errors') },
      },
    },
    async (request, reply) => {
      const params = checkClient(config, request.body);
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
    },
  );
};
