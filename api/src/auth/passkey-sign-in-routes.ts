// Signing in with a passkey on the sign-in service's pages (auth/passkeys.ts decides). Two calls each:
// the page's script asks for options (a challenge bound to this browser), then the page's form posts
// the passkey's answer. On the sign-in page a passkey alone signs in, past both steps; on the second
// step, one of the account's passkeys stands in for the app's code. Either way the browser is handed
// to /app/callback/ with a single-use code, as after a password. Answers signing in count as
// sign-in attempts (the per-address limit), second steps as second-step attempts (per account).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Deps } from '../deps';
import { HttpError, errorResponses } from '../http/errors';
import { browserBinding } from '../http/csrf';
import { isSecure, secondStepCookieName } from '../http/cookies';
import { withQuery } from '../http/redirects';
import { retryAfterSeconds } from '../http/retry-after';
import type { FieldError } from '../http/pages';
import { Throttle, counterKind } from '../throttle/throttle';
import type { Counter } from '../throttle/throttle';
import { PUBLIC, Tag } from '../docs/openapi';
import { checkClient, knownClientId } from './client';
import type { CheckedClient } from './client';
import { signInPage } from './pages';
import { htmlResponse, pageConfig, redirectResponse, sendPage } from './page-reply';
import { attemptOrigin, recordSignInAttempt } from './sign-in-history';
import { Passkeys, relyingParty } from './passkeys';
import type { AssertionOutcome } from './passkeys';
import { ASSERTION_FIELD_MAX, parseAssertion } from './passkey-credentials';
import { PASSKEY_FIELD, PASSKEY_PATHS, passkeyMessages } from './passkey-pages';
import { requestLanguage } from '../http/request-language';
import { authTexts, waitWords } from './auth-texts';
import { SecondStep } from './second-step';
import type { PendingSignIn } from './second-step';
import { SECOND_STEP_PATHS, secondStepCodePage, secondStepExpiredPage, tooManyCodes } from './second-step-pages';
import { passkeyChallengeCounter, secondStepCounter, signInAddressCounter, waitText } from './throttle-rules';

const short = (max = 200) => Type.Optional(Type.String({ maxLength: max }));
const Credential = Type.Optional(
  Type.String({ maxLength: ASSERTION_FIELD_MAX, description: 'The passkey’s answer, as JSON text (AuthenticationResponseJSON)' }),
);

const PasskeySignInForm = Type.Object(
  {
    client_id: Type.String({ minLength: 1, maxLength: 200 }),
    redirect_uri: short(2000),
    scope: short(500),
    state: short(2000),
    credential: Credential,
  },
  { additionalProperties: false },
);

const AssertionOptions = Type.Object(
  {
    challenge: Type.String({ description: 'Single use, for five minutes, for this browser alone (base64url)' }),
    timeout: Type.Optional(Type.Integer()),
    rpId: Type.Optional(Type.String()),
    userVerification: Type.Optional(Type.String()),
    allowCredentials: Type.Optional(Type.Array(Type.Object({ id: Type.String(), type: Type.String(), transports: Type.Optional(Type.Array(Type.String())) }))),
  },
  { description: 'What navigator.credentials.get() is given (PublicKeyCredentialRequestOptionsJSON)' },
);

const EmptyJson = Type.Object({}, { additionalProperties: false, description: 'Nothing: `{}` (the page’s script sends JSON, which names its Origin)' });

export const passkeySignInRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, deps) => {
  const { config, db, tokens, database } = deps;
  const throttle = new Throttle(db);
  const passkeys = new Passkeys(db, database.dialect, relyingParty(config));
  const secondStep = new SecondStep(db, database.dialect, config.tokenSecret, tokens, throttle);
  const page = (reply: FastifyReply, status: number, body: string) => sendPage(reply, config, status, body);
  const pendingCookie = (request: FastifyRequest) => secondStepCookieName(isSecure(request, config));

  /** This browser's binding (its CSRF cookie): the sign-in pages set it; without it nothing here works. */
  function boundBrowser(request: FastifyRequest): string {
    const browser = browserBinding(request, config);
    if (!browser) throw HttpError.coded(403, 'form.expired', 'This page was not opened from the portal’s sign-in page. Reload the page and try again.');
    return browser;
  }

  /** A slot of a limit, or the 429 (JSON for the options, a page for the forms). */
  /** Takes the counter's slot, or answers how long to wait (ms), with Retry-After set. */
  async function refusedFor(counter: Counter, request: FastifyRequest, reply: FastifyReply): Promise<number | null> {
    const refused = await throttle.take([counter]);
    if (!refused) return null;
    request.log.warn({ counter: counterKind(refused.key) }, 'passkey attempt refused: too many');
    reply.header('Retry-After', retryAfterSeconds(refused.retryAfterMs));
    return refused.retryAfterMs;
  }

  async function refusedBy(counter: Counter, request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    const ms = await refusedFor(counter, request, reply);
    return ms === null ? null : waitText(ms);
  }

  function pendingOf(request: FastifyRequest): Promise<PendingSignIn | null> {
    return secondStep.pending(request.cookies[pendingCookie(request)], browserBinding(request, config));
  }

  function secondStepExpired(request: FastifyRequest, reply: FastifyReply) {
    const secure = isSecure(request, config);
    reply.clearCookie(pendingCookie(request), { path: '/', httpOnly: true, sameSite: 'lax', secure });
    return page(
      reply,
      400,
      secondStepExpiredPage(requestLanguage(request, config.languages), withQuery('/app/login/', { client_id: knownClientId(config, undefined) })),
    );
  }

  const toCallback = (reply: FastifyReply, code: string, client: CheckedClient) =>
    reply.redirect(withQuery('/app/callback/', { code, state: client.state }), 302);

  /** The words and status of an answer that did not pass, and what the log says of it. */
  function notPassed(
    request: FastifyRequest,
    result: Exclude<AssertionOutcome, { outcome: 'passed' }>,
    unknown: string,
    said: { expired: string; notChecked: string },
  ): { status: number; message: string } {
    switch (result.outcome) {
      case 'expired':
        return { status: 400, message: said.expired };
      case 'unknown':
        return { status: 401, message: unknown };
      case 'invalid':
        request.log.warn({ reason: result.reason }, 'passkey answer refused');
        return { status: 401, message: said.notChecked };
      case 'counter-regressed':
        request.log.warn({ userId: result.userId, passkeyId: result.passkeyId }, 'passkey refused: its counter went back (a copy of it may be in use)');
        return { status: 401, message: said.notChecked };
    }
  }

  const optionsRoute = (operationId: string, summary: string) => ({
    schema: {
      operationId,
      tags: [Tag.signIn],
      security: PUBLIC,
      summary,
      consumes: ['application/json'],
      body: EmptyJson,
      response: { 200: AssertionOptions, ...errorResponses(400, 403, 429) },
    },
  });

  app.post(
    PASSKEY_PATHS.signInOptions,
    optionsRoute('startPasskeySignIn', 'The options for signing in with a passkey (fetched by the sign-in page’s script): a challenge for this browser alone'),
    async (request, reply) => {
      const browser = boundBrowser(request);
      const wait = await refusedBy(passkeyChallengeCounter(request.ip), request, reply);
      if (wait) throw new HttpError(429, `Too many passkey sign-ins have been started. Wait ${wait}, then try again.`);
      return passkeys.assertionOptions(browser);
    },
  );

  app.post(
    PASSKEY_PATHS.signIn,
    {
      config: pageConfig,
      schema: {
        operationId: 'signInWithPasskey',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: 'Sign in with a passkey alone (it verified its user: both steps are passed)',
        consumes: ['application/x-www-form-urlencoded'],
        body: PasskeySignInForm,
        response: {
          302: redirectResponse('To /app/callback/ with a single-use code'),
          400: htmlResponse('The sign-in page: the answer was unreadable, or its challenge expired or was used'),
          401: htmlResponse('The sign-in page: the passkey is unknown or its answer did not check out'),
          429: htmlResponse('Too many attempts: how long to wait (and Retry-After)'),
        },
      },
    },
    async (request, reply) => {
      const params = checkClient(config, request.body);
      const browser = boundBrowser(request);
      const language = requestLanguage(request, config.languages);
      const said = passkeyMessages(language);
      const again = (status: number, message: string) => page(reply, status, signInPage(language, params, {}, [{ field: PASSKEY_FIELD, message }]));
      const credential = parseAssertion(request.body.credential);
      if (!credential) return again(400, said.unreadable);
      const counter = signInAddressCounter(request.ip);
      const refusedMs = await refusedFor(counter, request, reply);
      if (refusedMs !== null) return again(429, authTexts(language)('tooManySignIns', { wait: waitWords(language, refusedMs) }));
      const result = await passkeys.assert(browser, credential as AuthenticationResponseJSON);
      if (result.outcome !== 'passed') {
        const { status, message } = notPassed(request, result, said.unknown, said);
        return again(status, message);
      }
      // A right passkey is no failure: the address gets its slot back, as after a right password.
      await throttle.giveBack(counter.key);
      const code = await tokens.createAuthCode(result.userId, params.client_id, params.redirect_uri, browser, result.at);
      await recordSignInAttempt(db, { userId: result.userId, result: 'signed-in', method: 'passkey', origin: attemptOrigin(request) });
      request.log.info({ userId: result.userId, passkeyId: result.passkeyId }, 'signed in with a passkey');
      return toCallback(reply, code, params);
    },
  );

  app.post(
    PASSKEY_PATHS.secondStepOptions,
    optionsRoute('startPasskeySecondStep', 'The options for a second step with one of the account’s passkeys (fetched by the second step page’s script)'),
    async (request, reply) => {
      const browser = boundBrowser(request);
      const pending = await pendingOf(request);
      if (!pending) throw HttpError.coded(400, 'sign_in.link_expired', 'This sign-in has expired or was already finished. Sign in again.');
      const wait = await refusedBy(passkeyChallengeCounter(request.ip), request, reply);
      if (wait) throw new HttpError(429, `Too many passkey sign-ins have been started. Wait ${wait}, then try again.`);
      return passkeys.assertionOptions(browser, pending.userId);
    },
  );

  app.post(
    PASSKEY_PATHS.secondStep,
    {
      config: pageConfig,
      schema: {
        operationId: 'passSecondStepWithPasskey',
        tags: [Tag.signIn],
        security: PUBLIC,
        summary: 'Finish signing in with one of the account’s passkeys instead of the app’s code',
        consumes: ['application/x-www-form-urlencoded'],
        body: Type.Object({ credential: Credential }, { additionalProperties: false }),
        response: {
          302: redirectResponse('To /app/callback/ with a single-use code'),
          303: redirectResponse('To the second step: the account has no authenticator app to show a code page for'),
          400: htmlResponse('The second step page with errors, or: sign in again'),
          401: htmlResponse('The passkey is not the account’s, or its answer did not check out'),
          429: htmlResponse('Too many wrong attempts: how long to wait (and Retry-After)'),
        },
      },
    },
    async (request, reply) => {
      const pending = await pendingOf(request);
      if (!pending) return secondStepExpired(request, reply);
      const browser = boundBrowser(request);
      const language = requestLanguage(request, config.languages);
      const said = passkeyMessages(language);
      const again = async (status: number, errors: FieldError[]) => {
        if (!(await secondStep.hasConfirmedAuthenticator(pending.userId))) return reply.redirect(SECOND_STEP_PATHS.code, 303);
        return page(reply, status, secondStepCodePage(language, pending.client, errors, { passkey: true }));
      };
      const credential = parseAssertion(request.body.credential);
      if (!credential) return again(400, [{ field: PASSKEY_FIELD, message: said.unreadable }]);
      const counter = secondStepCounter(pending.userId);
      const refusedMs = await refusedFor(counter, request, reply);
      if (refusedMs !== null) return again(429, [{ field: PASSKEY_FIELD, message: tooManyCodes(language, waitWords(language, refusedMs)) }]);
      const result = await passkeys.assert(browser, credential as AuthenticationResponseJSON, pending.userId);
      if (result.outcome !== 'passed') {
        const { status, message } = notPassed(request, result, said.notYours, said);
        return again(status, [{ field: PASSKEY_FIELD, message }]);
      }
      await throttle.clear([counter.key]);
      const code = await secondStep.finish(pending, result.at, browser);
      if (!code) return secondStepExpired(request, reply);
      reply.clearCookie(pendingCookie(request), { path: '/', httpOnly: true, sameSite: 'lax', secure: isSecure(request, config) });
      await recordSignInAttempt(db, { userId: pending.userId, result: 'signed-in', method: 'password', secondStep: 'passkey', origin: attemptOrigin(request) });
      request.log.info({ userId: pending.userId, secondStep: 'passkey', passkeyId: result.passkeyId }, 'signed in');
      return toCallback(reply, code, pending.client);
    },
  );
};
