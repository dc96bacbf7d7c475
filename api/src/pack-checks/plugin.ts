// GET and POST /verify: a lender checks a proof-of-income pack without signing in. A page of the
// sign-in service's kind (server-rendered, no script, its own strict CSP, the signed double-submit
// CSRF token in the form). The post is multipart (the code, then the PDF): its Origin and CSRF token
// are checked, then a check is counted against the client address, all before the file is read; the
// file is hashed as it streams in and never kept. A body declared over the limit is refused (413)
// before any of it is read, and one that turns out longer is cut off at the limit.
// POST /api/verify-pack is the same check for a lender's program: the code and the file's SHA-256 as
// JSON, under the same limit and log. It needs no session, so it sits outside the /api scope's hooks;
// it reads no cookie, and a page of another site cannot send it JSON without a CORS preflight the API
// never grants.
import crypto from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Deps } from '../deps';
import { htmlResponse, pageConfig, sendPage } from '../auth/page-reply';
import { HttpError, errorResponses } from '../http/errors';
import { CSRF_FIELD, hasValidCsrfToken } from '../http/csrf';
import { foreignOriginReason } from '../http/origin';
import type { FieldError } from '../http/pages';
import { PUBLIC, Tag } from '../docs/openapi';
import { Throttle } from '../throttle/throttle';
import { takeOrRefuse } from '../throttle/refuse';
import { PACK_CHECK_PATH, normalisePackCode } from '../files/proof-of-income/pack-code';
import { PackCheckAnswerSchema, PackCheckInputSchema } from '@portal/shared/wire/pack-checks';
import { EnvelopeSchema, envelope } from '../http/envelope';
import { londonIsoDate } from '../london-date';
import { checkPack } from './check-pack';
import { PACK_CODE_FIELD, PACK_FILE_FIELD, packCheckPage } from './page';
import { PACK_UPLOAD_MAX_BYTES, PACK_UPLOAD_OVERHEAD, packCheckCounter } from './limits';

const MAX_MB = PACK_UPLOAD_MAX_BYTES / (1024 * 1024);
const tooLarge = () =>
  new HttpError(413, `The file is larger than ${MAX_MB} MB. A proof of income from the pay portal is much smaller: check you chose the right file.`);
const expiredForm = () =>
  HttpError.coded(403, 'form.expired', 'This form has expired or was not sent from the pay portal. Go back, reload the page and try again.');

/** What the form sent: the code as typed, and the file's SHA-256 and size (null when no file part came). */
type Sent = { code: string; file: { sha256: string; bytes: number } | null };

export const packCheckRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { config, db }) => {
  const throttle = new Throttle(db);
  await app.register(multipart, {
    limits: { fileSize: PACK_UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 100 },
  });

  /** One check counted against the client address, or a 429 with Retry-After. */
  const takeCheck = async (request: FastifyRequest, reply: FastifyReply) => {
    await takeOrRefuse(
      throttle,
      [packCheckCounter(request.ip)],
      reply,
      () => new HttpError(429, 'You have checked many proofs of income in a short time. Wait an hour, then try again.'),
    );
  };

  /** Reads the form: the CSRF token must come (and be right) before the file, whose bytes are hashed as they arrive. */
  const readForm = async (request: FastifyRequest, reply: FastifyReply): Promise<Sent> => {
    let csrf = false;
    let counted = false;
    const sent: Sent = { code: '', file: null };
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === CSRF_FIELD) csrf = hasValidCsrfToken(request, config, part.value);
          else if (part.fieldname === PACK_CODE_FIELD) sent.code = String(part.value);
          continue;
        }
        if (!csrf) throw expiredForm();
        await takeCheck(request, reply);
        counted = true;
        const hash = crypto.createHash('sha256');
        let bytes = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          hash.update(chunk);
          bytes += chunk.length;
        }
        if (part.file.truncated) throw tooLarge();
        if (part.fieldname === PACK_FILE_FIELD) sent.file = { sha256: hash.digest('hex'), bytes };
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
        throw new HttpError(400, 'Send the form as the check page does: the code and one PDF.');
      throw error;
    }
    if (!csrf) throw expiredForm();
    if (!counted) await takeCheck(request, reply);
    return sent;
  };

  app.get(
    PACK_CHECK_PATH,
    {
      config: pageConfig,
      schema: {
        operationId: 'showPackCheckPage',
        tags: [Tag.packChecks],
        security: PUBLIC,
        summary: 'The page where a lender checks a proof-of-income pack: its verification code and the PDF',
        response: { 200: htmlResponse('Check a proof of income') },
      },
    },
    async (_request, reply) => sendPage(reply, config, 200, packCheckPage()),
  );

  app.post(
    PACK_CHECK_PATH,
    {
      config: { ...pageConfig, bodyTypes: ['multipart/form-data'] },
      bodyLimit: PACK_UPLOAD_MAX_BYTES + PACK_UPLOAD_OVERHEAD,
      schema: {
        operationId: 'checkPack',
        tags: [Tag.packChecks],
        security: PUBLIC,
        summary: `Check a proof-of-income pack (multipart: csrf_token, code, and the PDF as 'pack', at most ${MAX_MB} MB): genuine and unchanged, changed, or not found`,
        response: {
          200: htmlResponse('The answer: genuine and unchanged (with the date it was issued), changed, or not found'),
          400: htmlResponse('The form again, with what to put right'),
          ...errorResponses(403, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const reason = foreignOriginReason(request, config, { requireOrigin: false });
      if (reason) throw new HttpError(403, reason);
      if (Number(request.headers['content-length']) > PACK_UPLOAD_MAX_BYTES + PACK_UPLOAD_OVERHEAD) throw tooLarge();
      const sent = await readForm(request, reply);
      const code = normalisePackCode(sent.code);
      const errors: FieldError[] = [];
      if (!sent.code.trim()) errors.push({ field: PACK_CODE_FIELD, message: 'Enter the verification code from the foot of a page of the PDF' });
      else if (!code) errors.push({ field: PACK_CODE_FIELD, message: 'Enter the code as it is printed: 16 letters and numbers, like ABCD-EFGH-JKLM-NPQR' });
      if (!sent.file || sent.file.bytes === 0) errors.push({ field: PACK_FILE_FIELD, message: 'Choose the proof of income PDF you were given' });
      if (errors.length || !code || !sent.file) return sendPage(reply, config, 400, packCheckPage({ errors, code: sent.code }));
      const result = await checkPack(db, config.tokenSecret, { code, pdfSha256: sent.file.sha256, clientAddress: request.ip });
      request.log.info({ result: result.result }, 'pack checked');
      return sendPage(reply, config, 200, packCheckPage({ result }));
    },
  );

  app.post(
    '/api/verify-pack',
    {
      schema: {
        operationId: 'checkPackByHash',
        tags: [Tag.packChecks],
        security: PUBLIC,
        summary: "Check a proof-of-income pack by its verification code and the file's SHA-256 (no sign-in): genuine and unchanged, changed, or not found",
        body: PackCheckInputSchema,
        response: { 200: EnvelopeSchema(PackCheckAnswerSchema), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      // Counted first, a well-formed code or not: guessing costs the same either way.
      await takeCheck(request, reply);
      const code = normalisePackCode(request.body.code);
      if (!code) throw HttpError.coded(400, 'pack_check.code_invalid', 'Enter the code as it is printed: 16 letters and numbers, like ABCD-EFGH-JKLM-NPQR');
      const result = await checkPack(db, config.tokenSecret, { code, pdfSha256: request.body.sha256, clientAddress: request.ip });
      request.log.info({ result: result.result }, 'pack checked');
      return envelope({ result: result.result, issuedOn: result.result === 'genuine' ? londonIsoDate(new Date(result.issuedAt)) : null });
    },
  );
};
