// The second step's pages and forms (auth/second-step.ts decides). The sign-in form sends a right
// password here when the account needs a second step; only when the step is passed is the
// single-use sign-in code made, and the session made from it records when the step was passed.
import { requestLanguage } from '../http/request-language';
import { escapeHtml } from '../http/pages';
import type { Language } from '../languages/language';
import { authTexts, waitWords } from './auth-texts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { TSchema } from '@sinclair/typebox';
import QRCode from 'qrcode';
import type { Deps } from '../deps';
import { browserBinding } from '../http/csrf';
import { isSecure, secondStepCookieName } from '../http/cookies';
import { withQuery } from '../http/redirects';
import { retryAfterSeconds } from '../http/retry-after';
import type { FieldError } from '../http/pages';
import { nowIso } from '../db/convert';
import { IdentityRepository } from '../identity/repository';
import { Throttle } from '../throttle/throttle';
import { PUBLIC, Tag } from '../docs/openapi';
import { knownClientId } from './client';
import { htmlResponse, pageConfig, redirectResponse, sendPage } from './page-reply';
import { PENDING_SECOND_STEP_TTL_MS, SecondStep } from './second-step';
import { Passkeys, relyingParty } from './passkeys';
import type { CodeOutcome, PendingSignIn, SetUpOutcome } from './second-step';
import {
  SECOND_STEP_PATHS,
  recoveryCodePage,
  recoveryCodesPage,
  secondStepCodePage,
  secondStepExpiredPage,
  setUpDonePage,
  setUpPage,
  tooManyCodes,
} from './second-step-pages';
import { attemptOrigin, recordSignInAttempt } from './sign-in-history';
import type { SecondStepUsed, SignInResult } from './sign-in-history';

const CodeForm = Type.Object({ code: Type.Optional(Type.String({ maxLength: 50 })) }, { additionalProperties: false });
const RecoveryForm = Type.Object({ recoveryCode: Type.Optional(Type.String({ maxLength: 50 })) }, { additionalProperties: false });
const NoFields = Type.Object({}, { additionalProperties: false });

const expiredResponse = htmlResponse('No sign-in waits for its second step in this browser (expired, finished, or never started): sign in again');

export const secondStepRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, deps) => {
  const { config, db, tokens, database } = deps;
  const secondStep = new SecondStep(db, database.dialect, config.tokenSecret, tokens, new Throttle(db));
  const identities = new IdentityRepository(db);
  const passkeys = new Passkeys(db, database.dialect, relyingParty(config));
  const page = (reply: FastifyReply, status: number, body: string) => sendPage(reply, config, status, body);
  /** The language the page answers in: the browser's choice among those offered (http/request-language.ts). */
  const languageOf = (request: FastifyRequest) => requestLanguage(request, config.languages);
  const cookieName = (request: FastifyRequest) => secondStepCookieName(isSecure(request, config));
  const clearPendingCookie = (request: FastifyRequest, reply: FastifyReply) =>
    reply.clearCookie(cookieName(request), { path: '/', httpOnly: true, sameSite: 'lax', secure: isSecure(request, config) });

  /** The pending sign-in of this browser, or null. */
  function pendingOf(request: FastifyRequest): Promise<PendingSignIn | null> {
    return secondStep.pending(request.cookies[cookieName(request)], browserBinding(request, config));
  }

  function expired(request: FastifyRequest, reply: FastifyReply) {
    clearPendingCookie(request, reply);
    const signInHref = withQuery('/app/login/', { client_id: knownClientId(config, undefined) });
    return page(reply, 400, secondStepExpiredPage(languageOf(request), signInHref));
  }

  /** The step is passed: the sign-in code, then /app/callback/ as after a password alone. */
  async function finish(request: FastifyRequest, reply: FastifyReply, pending: PendingSignIn, passedAt: string, how: SecondStepUsed) {
    const browser = browserBinding(request, config);
    const code = browser && (await secondStep.finish(pending, passedAt, browser));
    if (!code) return expired(request, reply);
    clearPendingCookie(request, reply);
    request.log.info({ userId: pending.userId, secondStep: how }, 'signed in');
    await history(request, pending, 'signed-in', how);
    return reply.redirect(withQuery('/app/callback/', { code, state: pending.client.state }), 302);
  }

  /** Writes the attempt into the account's sign-in history. */
  const history = (request: FastifyRequest, pending: PendingSignIn, result: SignInResult, secondStepUsed: SecondStepUsed) =>
    recordSignInAttempt(db, { userId: pending.userId, result, method: 'password', secondStep: secondStepUsed, origin: attemptOrigin(request) });

  /** A code that was looked at and not accepted is a failed second step in the history. */
  const failed = (outcome: CodeOutcome | SetUpOutcome) => outcome.outcome === 'wrong' || outcome.outcome === 'replayed';

  /** The page of a code that did not pass, with its message and status. */
  function notPassed(
    language: Language,
    reply: FastifyReply,
    outcome: Exclude<CodeOutcome | SetUpOutcome, { outcome: 'passed' | 'confirmed' | 'confirmed-already' | 'no-authenticator' }>,
    field: string,
    messages: { malformed: string; wrong: string },
    render: (errors: FieldError[]) => string,
  ) {
    const error = (message: string): FieldError[] => [{ field, message }];
    switch (outcome.outcome) {
      case 'malformed':
        return page(reply, 400, render(error(messages.malformed)));
      case 'refused':
        reply.header('Retry-After', retryAfterSeconds(outcome.refusal.retryAfterMs));
        return page(reply, 429, render(error(tooManyCodes(language, waitWords(language, outcome.refusal.retryAfterMs)))));
      case 'replayed':
        return page(reply, 401, render(error(authTexts(language)('codeUsed'))));
      case 'wrong':
        return page(reply, 401, render(error(messages.wrong)));
    }
  }

  /** What a code from the app that did not pass says, in the page's language. */
  const codeMessages = (language: Language) => {
    const t = authTexts(language);
    return { empty: t('enterAppCode'), malformed: t('appCodeMalformed'), wrong: t('appCodeWrong') };
  };

  /** The set-up page of the account (its key made now if it has none); null once an authenticator is confirmed. */
  async function setUpView(request: FastifyRequest, pending: PendingSignIn, errors: FieldError[]): Promise<string | null> {
    const language = languageOf(request);
    const user = await identities.findById(pending.userId);
    const key = user && (await secondStep.setUpKey(user.id, user.email));
    if (!key) return null;
    // The QR code is drawn here, as SVG, so the page loads nothing and the key never leaves the server for a QR service.
    const svg = await QRCode.toString(key.uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 200 });
    const qrSvg = svg.replace('<svg ', `<svg role="img" aria-label="${escapeHtml(authTexts(language)('setUpQrLabel'))}" `);
    request.log.info({ userId: pending.userId }, 'second step: set-up page shown');
    return setUpPage(language, pending.client, { ...key, qrSvg }, errors);
  }

  const pageRoute = (operationId: string, summary: string) => ({
    config: pageConfig,
    schema: { operationId, tags: [Tag.signIn], security: PUBLIC, summary, response: { 200: htmlResponse(summary), 400: expiredResponse } },
  });

  const formRoute = <Body extends TSchema>(operationId: string, summary: string, body: Body, ok: Record<number, unknown>) => ({
    config: pageConfig,
    schema: {
      operationId,
      tags: [Tag.signIn],
      security: PUBLIC,
      summary,
      consumes: ['application/x-www-form-urlencoded'],
      body,
      response: {
        ...ok,
        400: htmlResponse('The form with errors, or: sign in again'),
        401: htmlResponse('The code is not right'),
        429: htmlResponse('Too many wrong codes: how long to wait (and Retry-After)'),
      },
    },
  });

  app.get(
    SECOND_STEP_PATHS.code,
    pageRoute('showSecondStepPage', 'The second step after a right password: the code from the authenticator app, or setting one up'),
    async (request, reply) => {
      const pending = await pendingOf(request);
      if (!pending) return expired(request, reply);
      if (pending.passedAt) return page(reply, 200, setUpDonePage(languageOf(request)));
      if (await secondStep.hasConfirmedAuthenticator(pending.userId))
        return page(reply, 200, secondStepCodePage(languageOf(request), pending.client, [], { passkey: await passkeys.hasAny(pending.userId) }));
      const setUp = await setUpView(request, pending, []);
      return page(reply, 200, setUp ?? secondStepCodePage(languageOf(request), pending.client, []));
    },
  );

  app.post(
    SECOND_STEP_PATHS.code,
    formRoute('passSecondStep', 'Finish signing in with a code from the authenticator app', CodeForm, {
      302: redirectResponse('To /app/callback/ with a single-use code'),
      303: redirectResponse('To the set-up page: the account has no authenticator yet'),
    }),
    async (request, reply) => {
      const pending = await pendingOf(request);
      if (!pending) return expired(request, reply);
      const input = request.body.code?.trim() ?? '';
      const passkey = await passkeys.hasAny(pending.userId);
      const language = languageOf(request);
      const said = codeMessages(language);
      const render = (errors: FieldError[]) => secondStepCodePage(language, pending.client, errors, { passkey });
      if (!input) return page(reply, 400, render([{ field: 'code', message: said.empty }]));
      const tried = await secondStep.tryCode(pending, input);
      if (tried.outcome === 'passed') return finish(request, reply, pending, nowIso(), 'authenticator');
      if (failed(tried)) await history(request, pending, 'second-step-failed', 'authenticator');
      if (tried.outcome === 'no-authenticator') return reply.redirect(SECOND_STEP_PATHS.code, 303);
      return notPassed(language, reply, tried, 'code', said, render);
    },
  );

  app.get(
    SECOND_STEP_PATHS.recovery,
    pageRoute('showRecoveryCodePage', 'A recovery code instead of a code from the authenticator app'),
    async (request, reply) => {
      const pending = await pendingOf(request);
      if (!pending) return expired(request, reply);
      return page(reply, 200, recoveryCodePage(languageOf(request), pending.client, []));
    },
  );

  app.post(
    SECOND_STEP_PATHS.recovery,
    formRoute('passSecondStepWithRecoveryCode', 'Finish signing in with a recovery code (each works once)', RecoveryForm, {
      302: redirectResponse('To /app/callback/ with a single-use code'),
    }),
    async (request, reply) => {
      const pending = await pendingOf(request);
      if (!pending) return expired(request, reply);
      const input = request.body.recoveryCode?.trim() ?? '';
      const language = languageOf(request);
      const t = authTexts(language);
      const render = (errors: FieldError[]) => recoveryCodePage(language, pending.client, errors);
      if (!input) return page(reply, 400, render([{ field: 'recoveryCode', message: t('enterRecoveryCode') }]));
      const tried = await secondStep.tryRecoveryCode(pending, input);
      if (tried.outcome === 'passed') return finish(request, reply, pending, nowIso(), 'recovery-code');
      if (failed(tried)) await history(request, pending, 'second-step-failed', 'recovery-code');
      if (tried.outcome === 'no-authenticator') return reply.redirect(SECOND_STEP_PATHS.code, 303);
      return notPassed(language, reply, tried, 'recoveryCode', { malformed: t('recoveryCodeMalformed'), wrong: t('recoveryCodeWrong') }, render);
    },
  );

  app.post(
    SECOND_STEP_PATHS.setUp,
    formRoute('confirmAuthenticator', 'Confirm a new authenticator app with its first code; answers the recovery codes, shown once', CodeForm, {
      200: htmlResponse('The recovery codes, shown once, and the button that finishes signing in'),
      303: redirectResponse('To the second step: an authenticator was confirmed meanwhile'),
    }),
    async (request, reply) => {
      const pending = await pendingOf(request);
      if (!pending) return expired(request, reply);
      const render = async (status: number, errors: FieldError[]) => {
        const view = await setUpView(request, pending, errors);
        return view ? page(reply, status, view) : reply.redirect(SECOND_STEP_PATHS.code, 303);
      };
      const language = languageOf(request);
      const said = codeMessages(language);
      const input = request.body.code?.trim() ?? '';
      if (!input) return render(400, [{ field: 'code', message: said.empty }]);
      const tried = await secondStep.confirmSetUp(pending, input);
      if (failed(tried)) await history(request, pending, 'second-step-failed', 'new-authenticator');
      switch (tried.outcome) {
        case 'confirmed':
          request.log.info({ userId: pending.userId }, 'second step: authenticator set up');
          return page(reply, 200, recoveryCodesPage(language, tried.recoveryCodes));
        case 'confirmed-already':
        case 'no-authenticator':
          return reply.redirect(SECOND_STEP_PATHS.code, 303);
        case 'refused':
          reply.header('Retry-After', retryAfterSeconds(tried.refusal.retryAfterMs));
          return render(429, [{ field: 'code', message: tooManyCodes(language, waitWords(language, tried.refusal.retryAfterMs)) }]);
        case 'malformed':
          return render(400, [{ field: 'code', message: said.malformed }]);
        case 'replayed':
        case 'wrong':
          return render(401, [{ field: 'code', message: said.wrong }]);
      }
    },
  );

  app.post(
    SECOND_STEP_PATHS.continue,
    formRoute('finishSecondStepSetUp', 'After the recovery codes were shown: finish signing in', NoFields, {
      302: redirectResponse('To /app/callback/ with a single-use code'),
      303: redirectResponse('To the second step: this sign-in has not passed it yet'),
    }),
    async (request, reply) => {
      const pending = await pendingOf(request);
      if (!pending) return expired(request, reply);
      if (!pending.passedAt) return reply.redirect(SECOND_STEP_PATHS.code, 303);
      return finish(request, reply, pending, pending.passedAt, 'new-authenticator');
    },
  );
};

/** Sends a right password on to its second step: the pending sign-in's cookie, then the step's page. */
export function toSecondStep(reply: FastifyReply, secure: boolean, token: string) {
  reply.setCookie(secondStepCookieName(secure), token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: PENDING_SECOND_STEP_TTL_MS / 1000 });
  return reply.redirect(SECOND_STEP_PATHS.code, 303);
}
