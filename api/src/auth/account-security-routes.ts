// The account's security in Settings, in the /api/users/:userId scope (its hook checks that the user
// is the session's): two-step sign-in with an authenticator app (turn on, new recovery codes, turn
// off; the same checks and limit as the sign-in's second step, auth/second-step.ts), the live
// sessions (list, end one, end all but this one) and the sign-in history of the last 90 days.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import QRCode from 'qrcode';
import {
  RecoveryCodesSchema,
  SessionsEndedSchema,
  SignInHistorySchema,
  SignedInSessionListSchema,
  TwoStepSetUpSchema,
  TwoStepStatusSchema,
} from '@portal/shared/wire/account-security';
import type { Deps } from '../deps';
import { EnvelopeSchema, sendEnvelope } from '../http/envelope';
import { errorResponses, HttpError } from '../http/errors';
import { Id, PASSWORD_MAX } from '../http/validation';
import { retryAfterSeconds } from '../http/retry-after';
import { toIso } from '../db/convert';
import { IdentityRepository } from '../identity/repository';
import { accountAlertSender } from '../identity/account-alerts';
import { Throttle } from '../throttle/throttle';
import { Tag } from '../docs/openapi';
import { SecondStep } from './second-step';
import type { CodeOutcome, SetUpOutcome } from './second-step';
import { tooManyCodes } from './second-step-pages';
import { waitText } from './throttle-rules';
import { startPasswordAttempt } from './password-attempts';
import { verifyPassword } from './passwords';
import { SessionRepository } from './session-repository';
import { describeDevice } from './device-description';
import { recentSignIns } from './sign-in-history';

const UserParams = Type.Object({ userId: Id('The signed-in user id') });
/** A POST that carries nothing still sends JSON (`{}`), as every /api write does (http/origin.ts). */
const NoBody = Type.Object({}, { additionalProperties: false });
const CodeBody = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 50, description: 'The 6-digit code the authenticator app shows now' }) },
  { additionalProperties: false },
);
const TurnOffBody = Type.Union(
  [
    Type.Object({ code: Type.String({ minLength: 1, maxLength: 50, description: 'A code from the authenticator app' }) }, { additionalProperties: false }),
    Type.Object({ password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX, description: 'The account’s password' }) }, { additionalProperties: false }),
  ],
  { description: 'A code from the app, or the password' },
);

/** Sessions listed at most (a person has a handful; a script that signs in without end does not fill the page). */
export const SESSIONS_LISTED = 50;
/** Sign-in attempts shown at most. */
export const SIGN_INS_SHOWN = 50;

const codeMessages = {
  malformed: 'Enter the 6 digits your authenticator app shows, like 123456',
  wrong: 'The code is not right. Enter the code your app shows now.',
  replayed: 'This code has already been used. Wait for your app to show a new code, then enter it.',
};

export const accountSecurityRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, deps) => {
  const { config, db, tokens, afterAnswer } = deps;
  const throttle = new Throttle(db);
  const secondStep = new SecondStep(db, deps.database.dialect, config.tokenSecret, tokens, throttle);
  const identities = new IdentityRepository(db);
  const sessions = new SessionRepository(db);
  const alerts = accountAlertSender(config, db, deps.messages, app.log);
  const sendAlerts = () => afterAnswer.run('account alerts', () => alerts.sendNow());

  /** A code that did not pass, as an error (never 401: that would sign the browser out). */
  function notPassed(reply: FastifyReply, outcome: Exclude<CodeOutcome | SetUpOutcome, { outcome: 'passed' | 'confirmed' }>): never {
    switch (outcome.outcome) {
      case 'malformed':
        throw HttpError.coded(400, 'two_step.code_malformed', codeMessages.malformed);
      case 'wrong':
        throw HttpError.coded(400, 'two_step.code_incorrect', codeMessages.wrong);
      case 'replayed':
        throw HttpError.coded(400, 'two_step.code_used', codeMessages.replayed);
      case 'refused': {
        reply.header('Retry-After', retryAfterSeconds(outcome.refusal.retryAfterMs));
        throw HttpError.coded(429, 'two_step.too_many_codes', tooManyCodes('en', waitText(outcome.refusal.retryAfterMs)), {
          'Retry-After': String(Math.ceil(outcome.refusal.retryAfterMs / 1000)),
        });
      }
      case 'no-authenticator':
        throw HttpError.coded(409, 'two_step.not_set_up', 'Two-step sign-in is not set up: start again');
      case 'confirmed-already':
        throw HttpError.coded(409, 'two_step.already_on', 'Two-step sign-in is already on');
    }
  }

  const userOf = async (userId: string) => {
    const user = await identities.findById(userId);
    if (!user) throw new HttpError(404, 'No such user');
    return user;
  };

  app.get(
    '/two-step',
    {
      schema: {
        operationId: 'getTwoStep',
        tags: [Tag.account],
        summary: 'Whether two-step sign-in is on, the recovery codes left, and whether the account must keep it',
        params: UserParams,
        response: { 200: EnvelopeSchema(TwoStepStatusSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => sendEnvelope(reply, await secondStep.status(request.params.userId)),
  );

  app.post(
    '/two-step/set-up',
    {
      schema: {
        operationId: 'startTwoStepSetUp',
        tags: [Tag.account],
        summary: 'Start turning two-step sign-in on: the key for the authenticator app (the same until confirmed) and its QR code',
        params: UserParams,
        body: NoBody,
        response: { 200: EnvelopeSchema(TwoStepSetUpSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = await userOf(request.params.userId);
      const key = await secondStep.setUpKey(user.id, user.email);
      if (!key) throw HttpError.coded(409, 'two_step.already_on', 'Two-step sign-in is already on');
      const modules = QRCode.create(key.uri, { errorCorrectionLevel: 'M' }).modules;
      const rows = Array.from({ length: modules.size }, (_, r) => Array.from({ length: modules.size }, (_, c) => (modules.get(r, c) ? '1' : '0')).join(''));
      return sendEnvelope(reply, { key: key.key, uri: key.uri, qr: { size: modules.size, rows } });
    },
  );

  app.post(
    '/two-step/confirm',
    {
      schema: {
        operationId: 'confirmTwoStep',
        tags: [Tag.account],
        summary: 'Turn two-step sign-in on with the first code from the app; answers the ten recovery codes, shown this once',
        params: UserParams,
        body: CodeBody,
        response: { 200: EnvelopeSchema(RecoveryCodesSchema), ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const tried = await secondStep.confirmFromSettings(request.params.userId, request.body.code);
      if (tried.outcome !== 'confirmed') return notPassed(reply, tried);
      request.log.info({ userId: request.params.userId }, 'two-step sign-in turned on');
      sendAlerts();
      return sendEnvelope(reply, { recoveryCodes: tried.recoveryCodes });
    },
  );

  app.post(
    '/two-step/recovery-codes',
    {
      schema: {
        operationId: 'replaceRecoveryCodes',
        tags: [Tag.account],
        summary: 'Ten new recovery codes in place of the old ones, for a code from the app; shown this once',
        params: UserParams,
        body: CodeBody,
        response: { 200: EnvelopeSchema(RecoveryCodesSchema), ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const done = await secondStep.replaceRecoveryCodes(request.params.userId, request.body.code);
      if (done.outcome !== 'replaced') {
        if (done.outcome === 'passed') throw new Error('unreachable');
        return notPassed(reply, done);
      }
      request.log.info({ userId: request.params.userId }, 'recovery codes replaced');
      sendAlerts();
      return sendEnvelope(reply, { recoveryCodes: done.recoveryCodes });
    },
  );

  app.post(
    '/two-step/turn-off',
    {
      schema: {
        operationId: 'turnOffTwoStep',
        tags: [Tag.account],
        summary: 'Turn two-step sign-in off, with a code from the app or the password (not for an employer admin, who must keep it)',
        params: UserParams,
        body: TurnOffBody,
        response: { 200: EnvelopeSchema(TwoStepStatusSchema), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = await userOf(request.params.userId);
      const status = await secondStep.status(user.id);
      if (!status.on) throw HttpError.coded(409, 'two_step.not_on', 'Two-step sign-in is not on');
      if (status.required) throw HttpError.coded(409, 'two_step.required', 'As an employer admin you must keep two-step sign-in on');
      if ('code' in request.body) {
        const tried = await secondStep.tryCode({ userId: user.id }, request.body.code);
        if (tried.outcome !== 'passed') return notPassed(reply, tried);
      } else {
        // Under the sign-in limits, as every password check of a signed-in user is.
        const attempt = await startPasswordAttempt(throttle, config.tokenSecret, user.email, request.ip);
        if (attempt.refused) {
          reply.header('Retry-After', retryAfterSeconds(attempt.refused.retryAfterMs));
          throw HttpError.coded(
            429,
            'password.too_many_attempts',
            `Too many wrong passwords. Wait ${waitText(attempt.refused.retryAfterMs)}, then try again.`,
            {
              'Retry-After': String(Math.ceil(attempt.refused.retryAfterMs / 1000)),
            },
          );
        }
        if (!(await verifyPassword(request.body.password, user.password_hash))) throw HttpError.coded(400, 'password.not_right', 'Your password is not right');
        await attempt.succeeded();
      }
      await secondStep.turnOff(user.id);
      request.log.info({ userId: user.id }, 'two-step sign-in turned off');
      sendAlerts();
      return sendEnvelope(reply, await secondStep.status(user.id));
    },
  );

  app.get(
    '/sessions',
    {
      schema: {
        operationId: 'listSessions',
        tags: [Tag.account],
        summary: `The user's live sessions, newest first (at most ${SESSIONS_LISTED}); this request's is \`current\``,
        params: UserParams,
        response: { 200: EnvelopeSchema(SignedInSessionListSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const rows = await sessions.liveSessionsOf(request.params.userId, SESSIONS_LISTED);
      const current = request.session!.sid;
      return sendEnvelope(
        reply,
        rows.map((row) => ({
          id: row.id,
          current: row.id === current,
          ...describeDevice(row.user_agent ?? null),
          ipAddress: row.ip_address ?? null,
          startedAt: toIso(row.created_at),
          lastUsedAt: toIso(row.last_used_at ?? row.created_at),
          secondStep: Boolean(row.second_step_at),
        })),
      );
    },
  );

  app.post(
    '/sessions/:sessionId/end',
    {
      schema: {
        operationId: 'endSession',
        tags: [Tag.account],
        summary: 'Sign one other session out, at once on every API instance (this one ends by signing out)',
        params: Type.Object({ userId: Id('The signed-in user id'), sessionId: Id('One of the user’s sessions') }),
        body: NoBody,
        response: { 200: EnvelopeSchema(SessionsEndedSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request: FastifyRequest<{ Params: { userId: string; sessionId: string } }>, reply) => {
      const { userId, sessionId } = request.params;
      if (sessionId === request.session!.sid) throw HttpError.coded(400, 'sessions.current', 'This is the session you are using: sign out to end it');
      // 404 alike for another user's session and for one already ended: neither is the caller's to end.
      if (!(await tokens.endSessionOfUser(userId, sessionId))) throw HttpError.coded(404, 'sessions.not_found', 'No such session on your account');
      request.log.info({ userId }, 'a session ended from Settings');
      return sendEnvelope(reply, { ended: 1 });
    },
  );

  app.post(
    '/sessions/end-others',
    {
      schema: {
        operationId: 'endOtherSessions',
        tags: [Tag.account],
        summary: 'Sign out everywhere else: every session of the user but this one ends, at once on every API instance',
        params: UserParams,
        body: NoBody,
        response: { 200: EnvelopeSchema(SessionsEndedSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const ended = await tokens.endOtherSessions(request.params.userId, request.session!.sid);
      request.log.info({ userId: request.params.userId, ended }, 'signed out everywhere else from Settings');
      return sendEnvelope(reply, { ended });
    },
  );

  app.get(
    '/sign-ins',
    {
      schema: {
        operationId: 'listSignIns',
        tags: [Tag.account],
        summary: `Sign-in attempts on the account in the last 90 days, newest first (at most ${SIGN_INS_SHOWN})`,
        params: UserParams,
        response: { 200: EnvelopeSchema(SignInHistorySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => sendEnvelope(reply, await recentSignIns(db, request.params.userId, SIGN_INS_SHOWN)),
  );
};
