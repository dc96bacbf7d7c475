// The sign-in and registration pages and their forms. A successful form hands the browser to
// /app/callback/ with a single-use code, as an identity provider does. Sign-in attempts and
// registrations are throttled before any password work (throttle-rules.ts); registration finishes
// through an e-mailed link, whose page is where the password is chosen (registration.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Deps } from '../deps';
import { HttpError, errorResponses } from '../http/errors';
import { browserBinding } from '../http/csrf';
import { withQuery } from '../http/redirects';
import type { FieldError } from '../http/pages';
import { isEmail, isIsoDate, isPhone, PASSWORD_MAX, PASSWORD_MIN, chosenPasswordErrors } from '../http/validation';
import { requestLanguage } from '../http/request-language';
import { authTexts, chosenPasswordWords, waitWords } from './auth-texts';
import { IdentityRepository } from '../identity/repository';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { checkEmailPage, confirmRegistrationPage, registerPage, registrationLinkProblemPage, registrationLinkSentAgainPage, signInPage } from './pages';
import { ClientQuery, checkClient } from './client';
import type { CheckedClient } from './client';
import { htmlResponse, pageConfig, redirectResponse, sendPage } from './page-reply';
import { randomToken } from '../secrets';
import { Throttle, counterKind } from '../throttle/throttle';
import { registrationCounter } from './throttle-rules';
import { retryAfterSeconds } from '../http/retry-after';
import { Registrations, linkBase } from './registration';
import { askedFromLine } from './asked-from';
import { londonIsoDate } from '../london-date';
import { startPasswordAttempt } from './password-attempts';
import { upgradedPasswordHash } from './password-upgrade';
import { PUBLIC, Tag } from '../docs/openapi';
import { isSecure } from '../http/cookies';
import { SecondStep } from './second-step';
import { toSecondStep } from './second-step-routes';
import { attemptOrigin, recordSignInAttempt } from './sign-in-history';

const short = (max = 200) => Type.Optional(Type.String({ maxLength: max }));
const SignInForm = Type.Object(
  {
    client_id: Type.String({ minLength: 1, maxLength: 200 }),
    redirect_uri: short(2000),
    scope: short(500),
    state: short(2000),
    email: short(254),
    password: short(PASSWORD_MAX),
  },
  { additionalProperties: false },
);
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
    birthDay: short(2),
    birthMonth: short(2),
    birthYear: short(4),
  },
  { additionalProperties: false },
);

const ResendForm = Type.Object(
  { client_id: Type.String({ minLength: 1, maxLength: 200 }), redirect_uri: short(2000), scope: short(500), state: short(2000), email: short(254) },
  { additionalProperties: false },
);

const RegistrationToken = Type.String({
  minLength: 20,
  maxLength: 100,
  pattern: '^[A-Za-z0-9_-]+$',
  'x-message': 'must be the token from the registration email',
});

/**
 * The ISO date of the day, month and year boxes: '' when all are empty (the date is optional), null
 * when they do not make a real date.
 */
export function dateFromParts(day: string, month: string, year: string): string | null {
  if (!day && !month && !year) return '';
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return null;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

export const formRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, deps) => {
  const { config, tokens, db, messages, afterAnswer } = deps;
  const identities = new IdentityRepository(db);
  const throttle = new Throttle(db);
  const registrations = new Registrations(db, config.tokenSecret, messages, throttle, app.log);
  const secondStep = new SecondStep(db, deps.database.dialect, config.tokenSecret, tokens, throttle);
  const page = (reply: FastifyReply, status: number, body: string) => sendPage(reply, config, status, body);
  /** The language the page answers in: the browser's choice among those offered (http/request-language.ts). */
  const languageOf = (request: FastifyRequest) => requestLanguage(request, config.languages);
  const wordsOf = (request: FastifyRequest) => authTexts(languageOf(request));

  /**
   * Hand a successful sign-in to /app/callback/ with a single-use code, as an identity provider does.
   * The code works only in this browser, so the callback link is no use to anyone it is sent to.
   */
  async function finishSignIn(request: FastifyRequest, reply: FastifyReply, userId: string, params: CheckedClient) {
    const code = await tokens.createAuthCode(userId, params.client_id, params.redirect_uri, boundBrowser(request));
    return toCallback(reply, code, params);
  }

  const toCallback = (reply: FastifyReply, code: string, params: CheckedClient) =>
    reply.redirect(withQuery('/app/callback/', { code, state: params.state }), 302);

  /** The browser a sign-in code is bound to; refuses a form another page sent. */
  function boundBrowser(request: FastifyRequest): string {
    const browser = browserBinding(request, config);
    if (!browser) throw HttpError.coded(403, 'form.expired', 'This form was not sent from the portal’s own page. Please reload the page and try again.');
    return browser;
  }

  app.get(
    '/account/sign-in',
    {
      config: pageConfig,
      schema: {
        operationId: 'showSignInPage',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: 'Sign-in page',
        querystring: ClientQuery,
        response: { 200: htmlResponse('The sign-in form'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      return page(reply, 200, signInPage(languageOf(request), checkClient(config, request.query), {}, []));
    },
  );

  app.post(
    '/account/sign-in',
    {
      config: pageConfig,
      schema: {
        operationId: 'signIn',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: 'Sign in with email and password',
        consumes: ['application/x-www-form-urlencoded'],
        body: SignInForm,
        response: {
          302: redirectResponse('To /app/callback/ with a single-use code'),
          303: redirectResponse('To the second step (an authenticator app, or setting one up), with the pending sign-in’s cookie'),
          400: htmlResponse('The form with errors'),
          401: htmlResponse('The form with errors'),
          429: htmlResponse('Too many attempts: how long to wait (and Retry-After)'),
        },
      },
    },
    async (request, reply) => {
      const params = checkClient(config, request.body);
      const email = (request.body.email ?? '').trim();
      const password = request.body.password ?? '';
      const errors: FieldError[] = [];
      if (!email) errors.push({ field: 'email', message: wordsOf(request)('enterEmail') });
      else if (!isEmail(email)) errors.push({ field: 'email', message: wordsOf(request)('enterEmailFormat') });
      if (!password) errors.push({ field: 'password', message: wordsOf(request)('enterPassword') });
      if (errors.length) return page(reply, 400, signInPage(languageOf(request), params, { email }, errors));

      const attempt = await startPasswordAttempt(throttle, config.tokenSecret, email, request.ip);
      const { refused } = attempt;
      if (refused) {
        request.log.warn({ counter: counterKind(refused.key) }, 'sign-in refused: too many failures');
        reply.header('Retry-After', retryAfterSeconds(refused.retryAfterMs));
        return page(
          reply,
          429,
          signInPage(languageOf(request), params, { email }, [
            { field: 'password', message: wordsOf(request)('tooManySignIns', { wait: waitWords(languageOf(request), refused.retryAfterMs) }) },
          ]),
        );
      }
      const user = await identities.findByEmail(email);
      // Unknown addresses are checked against a dummy hash: the same work, the same answer.
      const matches = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash(config.passwordCost)));
      if (user && !matches) await recordSignInAttempt(db, { userId: user.id, result: 'wrong-password', method: 'password', origin: attemptOrigin(request) });
      if (!user || !matches) {
        return page(
          reply,
          401,
          signInPage(languageOf(request), params, { email }, [{ field: 'email', message: wordsOf(request)('notRight') }], undefined, true),
        );
      }
      await attempt.succeeded();
      // A hash weaker than the current cost is replaced now, while the password is in hand.
      const passwordHash = await upgradedPasswordHash(db, { id: user.id, passwordHash: user.password_hash }, password, config.passwordCost);
      // An authenticator app, or an employer admin's duty to set one up: no code until the second step is passed.
      if (await secondStep.need(user.id)) {
        const token = await secondStep.startPending({ userId: user.id, passwordHash }, params, boundBrowser(request));
        request.log.info({ userId: user.id }, 'password right: second step asked');
        return toSecondStep(reply, isSecure(request, config), token);
      }
      // The code is made only if the password checked is still the user's (a reset may have landed meanwhile).
      const code = await tokens.createAuthCodeForPassword(
        deps.database.dialect,
        { userId: user.id, passwordHash },
        params.client_id,
        params.redirect_uri,
        boundBrowser(request),
      );
      if (!code) return page(reply, 401, signInPage(languageOf(request), params, { email }, [{ field: 'email', message: wordsOf(request)('notRight') }]));
      request.log.info({ userId: user.id }, 'signed in');
      await recordSignInAttempt(db, { userId: user.id, result: 'signed-in', method: 'password', origin: attemptOrigin(request) });
      return toCallback(reply, code, params);
    },
  );

  app.get(
    '/account/register',
    {
      config: pageConfig,
      schema: {
        operationId: 'showRegistrationPage',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: 'Registration page',
        querystring: ClientQuery,
        response: { 200: htmlResponse('The registration form'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      return page(reply, 200, registerPage(languageOf(request), checkClient(config, request.query), {}, []));
    },
  );

  app.post(
    '/account/register',
    {
      config: pageConfig,
      schema: {
        operationId: 'register',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: 'Create an account',
        consumes: ['application/x-www-form-urlencoded'],
        body: RegisterForm,
        response: {
          200: htmlResponse('"Check your email", whether or not the address has an account'),
          400: htmlResponse('The form with errors'),
          429: htmlResponse('Too many registrations from this address (and Retry-After)'),
        },
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
        birthDay: b.birthDay?.trim() ?? '',
        birthMonth: b.birthMonth?.trim() ?? '',
        birthYear: b.birthYear?.trim() ?? '',
      };
      const birthDate = dateFromParts(values.birthDay, values.birthMonth, values.birthYear);
      const errors: FieldError[] = [];
      if (!values.firstName) errors.push({ field: 'firstName', message: wordsOf(request)('enterFirstName') });
      if (!values.lastName) errors.push({ field: 'lastName', message: wordsOf(request)('enterLastName') });
      if (!values.email) errors.push({ field: 'email', message: wordsOf(request)('enterEmail') });
      else if (!isEmail(values.email)) errors.push({ field: 'email', message: wordsOf(request)('enterEmailFormat') });
      if (values.mobilePhone && !isPhone(values.mobilePhone)) errors.push({ field: 'mobilePhone', message: wordsOf(request)('enterMobile') });
      // The summary links to the day box, the first of the group.
      if (birthDate === null) errors.push({ field: 'birthDay', message: wordsOf(request)('enterRealDateOfBirth') });
      else if (birthDate > londonIsoDate()) errors.push({ field: 'birthDay', message: wordsOf(request)('dateOfBirthInPast') });
      if (errors.length) return page(reply, 400, registerPage(languageOf(request), params, values, errors));

      const refused = await throttle.take([registrationCounter(request.ip, config.registrationsPerAddressPerHour)]);
      if (refused) {
        request.log.warn({ counter: counterKind(refused.key) }, 'registration refused: too many from this address');
        reply.header('Retry-After', retryAfterSeconds(refused.retryAfterMs));
        return page(
          reply,
          429,
          registerPage(languageOf(request), params, values, [
            { field: 'email', message: wordsOf(request)('tooManyRegistrations', { wait: waitWords(languageOf(request), refused.retryAfterMs) }) },
          ]),
        );
      }
      // The same work whether or not the address has an account; finding out, and e-mailing the
      // link or the "you already have an account" note, happens after the answer.
      const token = randomToken();
      const details = {
        firstName: values.firstName,
        middleName: values.middleName,
        lastName: values.lastName,
        email: values.email,
        mobilePhone: values.mobilePhone,
        birthDate: birthDate ?? '',
      };
      const language = languageOf(request);
      const askedFrom = askedFromLine(new Date(), request.headers['user-agent'], language);
      afterAnswer.run('registration', () => registrations.start(details, token, params, linkBase(config, params), askedFrom, language));
      return page(reply, 200, checkEmailPage(languageOf(request), params, values.email));
    },
  );

  app.post(
    '/account/register/resend',
    {
      config: pageConfig,
      schema: {
        operationId: 'resendRegistrationLink',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: 'Send the link of an unfinished registration again (a new link; the earlier one stops working)',
        consumes: ['application/x-www-form-urlencoded'],
        body: ResendForm,
        response: {
          200: htmlResponse('"Check your email", whether or not the address has an unfinished registration'),
          400: htmlResponse('The sign-in form with errors'),
          429: htmlResponse('Too many registrations from this address (and Retry-After)'),
        },
      },
    },
    async (request, reply) => {
      const params = checkClient(config, request.body);
      const email = (request.body.email ?? '').trim();
      if (!email || !isEmail(email)) {
        return page(reply, 400, signInPage(languageOf(request), params, { email }, [{ field: 'email', message: wordsOf(request)('enterEmailFormat') }]));
      }
      // The registration form's limits: per client address here, per recipient when sending.
      const refused = await throttle.take([registrationCounter(request.ip, config.registrationsPerAddressPerHour)]);
      if (refused) {
        request.log.warn({ counter: counterKind(refused.key) }, 'registration link not sent again: too many from this address');
        reply.header('Retry-After', retryAfterSeconds(refused.retryAfterMs));
        return page(
          reply,
          429,
          signInPage(languageOf(request), params, { email }, [
            { field: 'email', message: wordsOf(request)('tooManyLinks', { wait: waitWords(languageOf(request), refused.retryAfterMs) }) },
          ]),
        );
      }
      const token = randomToken();
      const language = languageOf(request);
      const askedFrom = askedFromLine(new Date(), request.headers['user-agent'], language);
      afterAnswer.run('registration link again', () => registrations.resend(email, token, linkBase(config, params), askedFrom, language));
      return page(reply, 200, registrationLinkSentAgainPage(languageOf(request), params, email));
    },
  );

  app.get(
    '/account/verify',
    {
      config: pageConfig,
      schema: {
        operationId: 'showCreateAccountPage',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: 'The link in the registration email: the page where the password is chosen and the account created',
        querystring: Type.Object({ token: RegistrationToken }, { additionalProperties: false }),
        response: { 200: htmlResponse('The confirm page'), 400: htmlResponse('The link has expired or was used') },
      },
    },
    async (request, reply) => {
      const email = await registrations.pendingEmail(request.query.token);
      if (!email) return page(reply, 400, registrationLinkProblemPage(languageOf(request), 'expired'));
      return page(reply, 200, confirmRegistrationPage(languageOf(request), request.query.token, email, []));
    },
  );

  app.post(
    '/account/verify',
    {
      config: pageConfig,
      schema: {
        operationId: 'createAccount',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: 'Create the account of a registration link, with the password chosen on its page, and sign in',
        consumes: ['application/x-www-form-urlencoded'],
        body: Type.Object({ token: RegistrationToken, password: short(PASSWORD_MAX), confirmPassword: short(PASSWORD_MAX) }, { additionalProperties: false }),
        response: {
          302: redirectResponse('To /app/callback/ with a single-use code'),
          400: htmlResponse('The form with errors, or: the link has expired or was used'),
          409: htmlResponse('The address has an account by now'),
        },
      },
    },
    async (request, reply) => {
      const { token, password = '', confirmPassword = '' } = request.body;
      const errors: FieldError[] = chosenPasswordWords(
        languageOf(request),
        chosenPasswordErrors(password, confirmPassword, 'password', { tooShort: 'Your password', mismatch: 'The passwords do not match' }),
        PASSWORD_MIN,
      );
      if (errors.length) {
        const email = await registrations.pendingEmail(token);
        return page(
          reply,
          400,
          email ? confirmRegistrationPage(languageOf(request), token, email, errors) : registrationLinkProblemPage(languageOf(request), 'expired'),
        );
      }
      const done = await registrations.complete(token, await hashPassword(password, config.passwordCost));
      if (done.outcome === 'expired') return page(reply, 400, registrationLinkProblemPage(languageOf(request), 'expired'));
      if (done.outcome === 'exists') return page(reply, 409, registrationLinkProblemPage(languageOf(request), 'exists'));
      request.log.info({ userId: done.user.id }, 'registered');
      return finishSignIn(request, reply, done.user.id, checkClient(config, done.client));
    },
  );
};
