// A person's own data, inside the /api/users/:userId scope (whose hook checks the user is the
// session's): GET …/my-data/archive, everything the portal holds about them in one ZIP; and closing
// the account: GET …/close-account (what it means for them), POST …/close-account/code (the
// e-mailed code, for an account without an authenticator app), POST …/close-account (the password
// and the code; the account and everything of it deleted, the session's cookies cleared).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import { AccountClosedSchema, AccountClosingSchema, ClosingCodeSentSchema } from '@portal/shared/wire/account';
import type { AccountClosingErrorCode } from '@portal/shared/wire/account';
import type { Deps } from '../deps';
import { clearSessionCookies } from '../auth/session-cookies';
import { waitText } from '../auth/throttle-rules';
import { ownedEmploymentFinder, EmploymentRepository } from '../employments/repository';
import { streamZip } from '../files/archive/zip';
import { PdfRenderer } from '../files/pdf/pool';
import { FileRepository } from '../files/repository';
import { envelope, EnvelopeSchema } from '../http/envelope';
import { errorResponses, HttpError } from '../http/errors';
import { retryAfterSeconds } from '../http/retry-after';
import { Id, PASSWORD_MAX } from '../http/validation';
import { londonIsoDate } from '../london-date';
import { Throttle } from '../throttle/throttle';
import type { Refusal } from '../throttle/throttle';
import { Tag } from '../docs/openapi';
import { AccountClosing } from './closing';
import type { CloseOutcome } from './closing';
import { CLOSING_CODE_TTL_MS, MY_DATA_LIMIT, myDataCounter } from './limits';
import { gatherMyData } from './my-data';
import { myDataArchiveName, myDataEntries } from './my-data-archive';

const Params = Type.Object({ userId: Id('The signed-in user id') });
const CloseBody = Type.Object(
  {
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX, description: 'The account’s password' }),
    code: Type.String({
      minLength: 1,
      maxLength: 20,
      description: 'The 6-digit code from the authenticator app (or a recovery code); without an app, the code e-mailed by POST …/close-account/code',
    }),
  },
  { additionalProperties: false },
);

/** `attachment; filename="..."` with the exact UTF-8 name too (RFC 6266). */
const attachment = (filename: string) =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

/** A coded refusal (the Settings screen words it by its code). */
const refused = (status: number, code: AccountClosingErrorCode, message: string, extra: { triesLeft?: number } = {}, headers: Record<string, string> = {}) =>
  new HttpError(status, message, headers, { code, ...extra });

const tooMany = (code: AccountClosingErrorCode, what: string, refusal: Refusal) =>
  refused(
    429,
    code,
    `Too many ${what}. Wait ${waitText(refusal.retryAfterMs)}, then try again.`,
    {},
    { 'Retry-After': retryAfterSeconds(refusal.retryAfterMs) },
  );

/** The answer to a closing that did not happen. */
function closeRefusal(outcome: Exclude<CloseOutcome, { outcome: 'closed' }>): HttpError {
  switch (outcome.outcome) {
    case 'gone':
      return new HttpError(401, 'You are signed out. Please sign in again.');
    case 'password-refused':
      return tooMany('closing.too_many_passwords', 'wrong passwords', outcome.refusal);
    case 'password-wrong':
      return refused(400, 'closing.password_wrong', 'body.password is not the account’s password');
    case 'code-refused':
      return tooMany('closing.too_many_codes', 'wrong codes', outcome.refusal);
    case 'code-wrong':
      return refused(400, 'closing.code_wrong', 'body.code is not right', outcome.triesLeft === null ? {} : { triesLeft: outcome.triesLeft });
    case 'code-none':
      return refused(400, 'closing.code_none', 'body.code: there is no live code (it expired, was used, or had too many wrong tries): ask for a new one');
  }
}

export const personalDataRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, deps) => {
  const { db, database } = deps;
  const throttle = new Throttle(db);
  const files = new FileRepository(db);
  const sources = { db, files, payData: new EmploymentRepository(db), findEmployment: ownedEmploymentFinder(db, database.dialect) };
  // One thread: a person's whole history is many PDFs, and the other downloads keep their own pools.
  const renderer = new PdfRenderer(1);
  app.addHook('onClose', () => renderer.close());
  const closing = new AccountClosing({ db, dialect: database.dialect, config: deps.config, tokens: deps.tokens, messages: deps.messages, throttle });

  app.get(
    '/my-data/archive',
    {
      schema: {
        operationId: 'downloadMyData',
        tags: [Tag.files],
        summary: `Everything the portal holds about the signed-in user in one ZIP: my-data.json and every payslip and document as PDF (${MY_DATA_LIMIT.max} an hour)`,
        params: Params,
        response: {
          200: { description: 'The ZIP archive', content: { 'application/zip': { schema: Type.String({ format: 'binary' }) } } },
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const userId = request.params.userId;
      const refusal = await throttle.take([myDataCounter(userId)]);
      if (refusal) {
        reply.header('Retry-After', retryAfterSeconds(refusal.retryAfterMs));
        throw new HttpError(
          429,
          `You have asked for your data ${MY_DATA_LIMIT.max} times in the last hour. Wait ${waitText(refusal.retryAfterMs)}, then try again.`,
        );
      }
      const now = new Date();
      const gathered = await gatherMyData(sources, userId, now);
      if (!gathered) throw new HttpError(401, 'You are signed out. Please sign in again.');
      request.log.info({ files: gathered.files.length, employments: gathered.data.employments.length }, 'my data archive');
      // A stream, not the schema's string: the plain reply type takes it.
      return (reply as FastifyReply)
        .header('Content-Disposition', attachment(myDataArchiveName(londonIsoDate(now))))
        .header('Cache-Control', 'private, no-store')
        .type('application/zip')
        .send(streamZip(myDataEntries(gathered.data, gathered.files, files, renderer, now)));
    },
  );

  app.get(
    '/close-account',
    {
      schema: {
        operationId: 'getAccountClosing',
        tags: [Tag.users],
        summary:
          'What closing the account means for the signed-in user: the second step it asks for, and each linked employer with how long it keeps pay records',
        params: Params,
        response: { 200: EnvelopeSchema(AccountClosingSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const facts = await closing.facts(request.params.userId);
      if (!facts) throw new HttpError(401, 'You are signed out. Please sign in again.');
      return envelope(facts);
    },
  );

  app.post(
    '/close-account/code',
    {
      schema: {
        operationId: 'sendAccountClosingCode',
        tags: [Tag.users],
        summary: 'E-mail a 6-digit code to the sign-in address to confirm closing the account (an account with an authenticator app uses the app instead: 409)',
        params: Params,
        response: { 200: EnvelopeSchema(ClosingCodeSentSchema), ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const sent = await closing.sendCode(request.params.userId);
      switch (sent.outcome) {
        case 'sent':
          return envelope({ sentTo: sent.to, expiresInSeconds: CLOSING_CODE_TTL_MS / 1000 });
        case 'refused':
          reply.header('Retry-After', retryAfterSeconds(sent.refusal.retryAfterMs));
          throw refused(429, 'closing.too_many_sends', `Too many codes have been asked for. Wait ${waitText(sent.refusal.retryAfterMs)}, then ask again.`);
        case 'has-authenticator':
          throw refused(409, 'closing.has_authenticator', 'This account confirms with its authenticator app: no code is e-mailed');
        case 'gone':
          throw new HttpError(401, 'You are signed out. Please sign in again.');
      }
    },
  );

  app.post(
    '/close-account',
    {
      schema: {
        operationId: 'closeAccount',
        tags: [Tag.users],
        summary:
          'Close the account: with the password and the second step’s code, the sign-in account, its sessions, the app record, its links and notification choices are deleted; the employers’ records stay with them, linked to no one',
        params: Params,
        body: CloseBody,
        response: { 200: EnvelopeSchema(AccountClosedSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const outcome = await closing.close(request.params.userId, request.body.password, request.body.code, request.ip);
      if (outcome.outcome !== 'closed') throw closeRefusal(outcome);
      request.log.info('account closed');
      clearSessionCookies(reply);
      return envelope({ closed: true as const });
    },
  );
};
