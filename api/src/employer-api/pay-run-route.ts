// PUT /employer-api/v1/pay-runs/:payRunId, in a context of its own: its JSON body (up to 16 MB, 10,000
// payslips) is kept as bytes and read, checked and hashed in a worker thread (pay-run-pool.ts); the
// schema still describes it in the OpenAPI document and is applied there, by pay-run-check.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler } from 'fastify';
import type { EmployerApiLimits } from '../config';
import type { Throttle } from '../throttle/throttle';
import { HttpError, errorResponses } from '../http/errors';
import { schemaCheck } from '../http/schema-check';
import { PayRunPool } from './pay-run-pool';
import type { PublishRepository } from './publish-repository';
import { orThrow } from './refusal';
import { onePayRunSlot } from './rate-limits';
import { PayRunInputSchema, PayRunParamsSchema, PayRunResultSchema } from './schemas';

/** A pay run of 10,000 payslips is about 10 MB of JSON; the rest of the API keeps its 64 KB. */
const PAY_RUN_BODY_LIMIT = 16 * 1024 * 1024;

export type PayRunRouteOptions = { repo: PublishRepository; throttle: Throttle; limits: EmployerApiLimits; common: Record<string, unknown> };

export const payRunRoute: FastifyPluginAsyncTypebox<PayRunRouteOptions> = async (app, { repo, throttle, limits, common }) => {
  const pool = new PayRunPool();
  app.addHook('onClose', () => pool.close());
  // The bytes as they came; the worker reads them as UTF-8 JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: PAY_RUN_BODY_LIMIT }, (_request, body, done) => done(null, body));
  const slot = onePayRunSlot(throttle, limits);

  // The body is checked in the worker against the same schema; here only the path's id is, worded
  // as every route words it.
  const checkParams = schemaCheck(PayRunParamsSchema);
  const bodyInWorker: FastifySchemaCompiler<unknown> = ({ httpPart }) =>
    httpPart === 'params'
      ? (value: unknown) => {
          const checked = checkParams(value, 'params');
          return checked.ok ? { value } : { error: new HttpError(400, checked.problem) };
        }
      : () => true;

  app.put(
    '/pay-runs/:payRunId',
    {
      bodyLimit: PAY_RUN_BODY_LIMIT,
      onRequest: slot.onRequest,
      onResponse: slot.onResponse,
      onRequestAbort: slot.onRequestAbort,
      validatorCompiler: bodyInWorker,
      schema: {
        ...common,
        operationId: 'publishPayRun',
        summary: 'Publish a pay run: all its payslips or none; a retry with the same content changes nothing, with other content is refused (409)',
        description: `At most ${limits.payRunsAtOnce} pay runs of one key in progress at once; another is refused (429, Retry-After).`,
        params: PayRunParamsSchema,
        body: PayRunInputSchema,
        response: { 200: PayRunResultSchema, 201: PayRunResultSchema, ...errorResponses(400, 401, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const checked = await pool.check(request.body as unknown as Buffer);
      if (!checked.ok) throw new HttpError(checked.status, checked.message);
      const result = orThrow(await pool.inTurn(() => repo.publishPayRun(request.employerId!, request.params.payRunId, checked.run)));
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );
};
