// File downloads: /api/users/{userId}/file/{fileId}/employment/{employmentId} (payslips and pay
// documents) and /api/users/{userId}/file/intranet/{fileId}/employment/{employmentId}. Ownership of
// user and employment is checked by the /api/users/:userId scope's hook, ownership of the file by requireOwnFile.
// PDFs are drawn in worker threads (pdf/pool.ts) and kept, once drawn, in a small cache (pdf/cache.ts);
// a drawing stopped by its time or memory limit is a 503.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Type } from '@sinclair/typebox';
import { taxYearFromLabel } from '@portal/shared/pay-insights/tax-year';
import { Throttle } from '../throttle/throttle';
import { takeOrRefuse } from '../throttle/refuse';
import type { Deps } from '../deps';
import type { OwnedEmployment } from '../employments/owned-employment';
import { errorResponses, HttpError } from '../http/errors';
import { requestLanguage } from '../http/request-language';
import type { Language } from '../languages/language';
import { Id } from '../http/validation';
import { bundleCounter } from './archive/limits';
import { payDocumentFileName, payslipFileName, proofOfIncomeFileName, taxYearArchiveName, uniqueNamer } from './archive/names';
import { streamZip } from './archive/zip';
import { RenderedPdfCache } from './pdf/cache';
import { PayslipPdfKeys } from './pdf/payslip-pdf-keys';
import { PdfRenderer, busyError } from './pdf/pool';
import { PAYSLIPS_IN_PACK, proofOfIncomeContents } from './proof-of-income/contents';
import { recordIssuedPack } from './proof-of-income/issued-pack-repository';
import { newPackCode, packCheckAddress, packCodeHash, pdfDigest } from './proof-of-income/pack-code';
import { FileRepository } from './repository';
import type { OwnedFile } from './repository';
import { londonIsoDate } from '../london-date';
import { Tag } from '../docs/openapi';

declare module 'fastify' {
  interface FastifyRequest {
    ownedFile: Download | null;
  }
}

/** A file found by the route's checks, or (`kept`) a payslip's PDF already drawn and known to be still this employment's. */
type Download = OwnedFile | { id: string; filename: string; kept: Promise<Buffer> };

const FileParams = Type.Object({
  userId: Id('The signed-in user id'),
  fileId: Id('A payslip ID or a pay document ID'),
  employmentId: Id('An employment linked to that user'),
});
const ArchiveParams = Type.Object({
  userId: Id('The signed-in user id'),
  employmentId: Id('An employment linked to that user'),
  taxYear: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$', description: "A UK tax year, as '2025-26'" }),
});
const EmploymentParams = Type.Object({ userId: Id('The signed-in user id'), employmentId: Id('An employment linked to that user') });
// `?disposition=inline` opens the PDF in the browser's own viewer instead of saving it.
type Disposition = 'attachment' | 'inline';
const FileQuery = Type.Object(
  {
    disposition: Type.Optional(
      Type.Union([Type.Literal('attachment'), Type.Literal('inline')], {
        description: "'inline' to show the PDF in the browser (a preview); 'attachment' (the default) to save it",
      }),
    ),
  },
  { additionalProperties: false },
);
const IntranetParams = Type.Object({
  userId: Id('The signed-in user id'),
  fileId: Id('An intranet document ID'),
  employmentId: Id('An employment linked to that user'),
});

/** `attachment; filename="..."` (or `inline`) with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
function contentDisposition(filename: string, disposition: Disposition = 'attachment'): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export const filesRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, config }) => {
  const files = new FileRepository(db);
  const throttle = new Throttle(db);
  const renderer = new PdfRenderer();
  const rendered = new RenderedPdfCache();
  const payslipPdfs = new PayslipPdfKeys();
  app.addHook('onClose', () => renderer.close());
  // A server about to take downloads starts its drawing thread now, not on the first download
  // (app.inject, as the tests use, never listens).
  app.addHook('onListen', (done) => {
    renderer.warm().catch((err: unknown) => app.log.warn({ err }, 'the PDF drawing thread could not draw its first PDFs'));
    done();
  });

  const requireOwnFile =
    (kind: 'pay' | 'intranet'): preHandlerAsyncHookHandler =>
    async (request: FastifyRequest) => {
      const { fileId } = request.params as { fileId: string };
      const known = kind === 'pay' ? payslipPdfs.get(request.employment!, fileId, requestLanguage(request, config.languages)) : undefined;
      const kept = known && rendered.peek(known.renderKey);
      if (known && kept) {
        request.ownedFile = { id: fileId, filename: known.filename, kept };
        return;
      }
      const file = kind === 'pay' ? await files.payFile(request.employment!, fileId) : await files.intranetFile(request.employment!, fileId);
      if (!file) throw HttpError.coded(404, 'files.not_found', 'No such file for this employment');
      request.ownedFile = file;
    };

  /** One more bundle (a ZIP, a pack) for this user, or a 429 with Retry-After once the limit is reached. */
  const takeBundle = async (request: FastifyRequest, reply: FastifyReply) => {
    await takeOrRefuse(throttle, [bundleCounter(request.session!.sub)], reply, () =>
      HttpError.coded(429, 'files.too_many_downloads', 'You have asked for many downloads in a short time. Wait a few minutes, then try again.'),
    );
  };

  const response = {
    200: { description: 'The PDF', content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } } },
    ...errorResponses(400, 401, 403, 404),
  };

  /**
   * The file's PDF, drawn once per language (a payslip is drawn in the language of the person asking);
   * a payslip's render key is remembered for its next download (pdf/payslip-pdf-keys.ts).
   */
  const draw = (employment: OwnedEmployment, file: OwnedFile, language: Language) => {
    const job = file.pdf.kind === 'payslip' ? { ...file.pdf, language } : file.pdf;
    const renderKey = RenderedPdfCache.key(file.id, job);
    if (job.kind === 'payslip') payslipPdfs.set(employment, file.id, language, renderKey, file.filename);
    return rendered
      .get(renderKey, () => renderer.render(job))
      .catch((err: unknown) => {
        throw busyError(err);
      });
  };

  const send = async (request: FastifyRequest, reply: FastifyReply) => {
    const file = request.ownedFile!;
    const { disposition } = request.query as { disposition?: Disposition };
    const pdf =
      'kept' in file
        ? await file.kept
        : file.uploaded
          ? await files.storedPdf(file.id)
          : await draw(request.employment!, file, requestLanguage(request, config.languages));
    return reply
      .header('Content-Disposition', contentDisposition(file.filename, disposition))
      .header('Cache-Control', 'private, no-store')
      .type('application/pdf')
      .send(pdf);
  };

  app.get(
    '/file/:fileId/employment/:employmentId',
    {
      preHandler: requireOwnFile('pay'),
      schema: {
        operationId: 'downloadFile',
        tags: [Tag.files],
        summary: 'Download (or view) a payslip or pay document as PDF',
        params: FileParams,
        querystring: FileQuery,
        response,
      },
    },
    send,
  );

  app.get(
    '/file/intranet/:fileId/employment/:employmentId',
    {
      preHandler: requireOwnFile('intranet'),
      schema: {
        operationId: 'downloadIntranetFile',
        tags: [Tag.files],
        summary: 'Download (or view) a shared (intranet) document as PDF',
        params: IntranetParams,
        querystring: FileQuery,
        response,
      },
    },
    send,
  );

  // A tax year in one download: every payslip and pay document of the year, named for a person,
  // streamed as a ZIP while each PDF is drawn (never the whole archive in memory).
  app.get(
    '/employments/:employmentId/tax-years/:taxYear/archive',
    {
      schema: {
        operationId: 'downloadTaxYearArchive',
        tags: [Tag.files],
        summary: "A tax year's payslips, P60, P45, P11D and pension letters in one ZIP",
        params: ArchiveParams,
        response: {
          200: { description: 'The ZIP archive', content: { 'application/zip': { schema: Type.String({ format: 'binary' }) } } },
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const taxYear = taxYearFromLabel(request.params.taxYear);
      if (!taxYear) throw HttpError.coded(400, 'request.field_invalid', 'taxYear must be a UK tax year written like 2025-26', {}, { field: 'taxYear' });
      const employment = request.employment!;
      const yearFiles = await files.taxYearFiles(employment, taxYear);
      if (yearFiles.length === 0) throw HttpError.coded(404, 'files.nothing_for_tax_year', `There are no payslips or documents for ${taxYear.label}`);
      await takeBundle(request, reply);
      const unique = uniqueNamer();
      const language = requestLanguage(request, config.languages);
      const entries = yearFiles.map((file) => ({
        name: unique(
          file.kind === 'Payslip'
            ? payslipFileName(file.date, employment.employerName)
            : payDocumentFileName(file.kind, taxYear.label, employment.employerName),
        ),
        modified: new Date(`${file.date}T12:00:00Z`),
        content: async () =>
          file.uploaded ? files.storedPdf(file.id) : Buffer.from(await renderer.render(file.pdf.kind === 'payslip' ? { ...file.pdf, language } : file.pdf)),
      }));
      request.log.info({ files: entries.length, taxYear: taxYear.label }, 'tax-year archive');
      // A stream, not the schema's string: the plain reply type takes it.
      return (reply as FastifyReply)
        .header('Content-Disposition', contentDisposition(taxYearArchiveName(taxYear.label, employment.employerName)))
        .header('Cache-Control', 'private, no-store')
        .type('application/zip')
        .send(streamZip(entries));
    },
  );

  // Proof of income: the last three payslips and the latest P60 in one PDF behind a cover page,
  // for a lender or a landlord. Drawn in the PDF pool, never cached (it says when it was made): each
  // download is a new pack with a new verification code, kept (hashed) with the hash of the exact bytes
  // sent, so a lender's check (pack-checks/) finds that pack and knows whether the file was changed.
  app.get(
    '/employments/:employmentId/proof-of-income',
    {
      schema: {
        operationId: 'downloadProofOfIncome',
        tags: [Tag.files],
        summary: 'The last three payslips and the latest P60 in one PDF, behind a cover page, with a code a lender checks it by',
        params: EmploymentParams,
        response: { ...response, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const employment = request.employment!;
      const now = new Date();
      const sources = await files.proofOfIncomeFiles(employment, PAYSLIPS_IN_PACK);
      const code = newPackCode();
      const contents = proofOfIncomeContents({
        employeeName: employment.employeeName,
        employerName: employment.employerName,
        ...sources,
        now,
        check: { code, address: packCheckAddress(config) },
      });
      if (!contents) throw HttpError.coded(404, 'files.nothing_for_proof_of_income', 'There are no payslips or P60 for a proof of income yet');
      await takeBundle(request, reply);
      const pdf = await renderer.render({ kind: 'proof-of-income', pack: contents.pack }).catch((err: unknown) => {
        throw busyError(err);
      });
      const bytes = Buffer.from(pdf);
      await recordIssuedPack(db, {
        codeHash: packCodeHash(code),
        pdfSha256: pdfDigest(bytes),
        userId: request.session!.sub,
        employmentId: employment.id,
        ...contents.covers,
        createdAt: now,
      });
      request.log.info({ parts: contents.pack.parts.length }, 'proof of income');
      return (reply as FastifyReply)
        .header('Content-Disposition', contentDisposition(proofOfIncomeFileName(londonIsoDate(now), employment.employerName)))
        .header('Cache-Control', 'private, no-store')
        .type('application/pdf')
        .send(bytes);
    },
  );
};
